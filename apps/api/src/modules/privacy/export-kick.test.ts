import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataExports } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'

// A large export is built as soon as it is asked for, by the process's own job (decision 206), not
// at the job's next minute: the route's kick reaches the job the app scheduled. The background
// jobs run, as in a server; their minute is far longer than this test waits.
const ctx = useTestApp({ PRIVACY_EXPORT_INLINE_MAX_ROWS: 5 }, { backgroundJobs: true })

describe('the export job is kicked when a large export is queued', () => {
  it('builds it within seconds of the request', async () => {
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    await ctx.app.db.execute(sql`
      insert into consent_records (user_id, document, version, accepted, screen)
      select ${member.user.id}, 'marketing', '2026-12-01', n % 2 = 0, 'account' from generate_series(1, 10) as n`)
    const asked = await call(ctx.app, 'GET', '/api/v1/account/export', { token: member.token })
    expect(asked.statusCode, asked.body).toBe(202)
    await expect
      .poll(async () => (await ctx.app.db.select().from(dataExports).where(eq(dataExports.userId, member.user.id)))[0]?.status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe('ready')
  })
})
