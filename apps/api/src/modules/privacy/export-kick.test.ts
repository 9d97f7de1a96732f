import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app.ts'
import { testConfig } from '../../config.ts'
import { dataExports } from '../../db/schema.ts'
import { call, createUserAndLogin, openTestDatabase, recordingTransport } from '../../testing/app.ts'

// A large export is built as soon as it is asked for, by the process's own job (decision 206), not
// at the job's next minute: the route's kick reaches the job the app scheduled.
describe('the export job is kicked when a large export is queued', () => {
  let app: FastifyInstance
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    database = await openTestDatabase()
    // The background jobs on, as in a running server; their minute is far longer than this test waits.
    app = await buildApp({
      config: testConfig({ PRIVACY_EXPORT_INLINE_MAX_ROWS: 5 }),
      database,
      mailTransport: recordingTransport(),
      mailAutoDeliver: true,
      serveWeb: false,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
    await database?.close().catch(() => {})
  })

  it('builds it within seconds of the request', async () => {
    const member = await createUserAndLogin(app, { role: 'member' })
    await app.db.execute(sql`
      insert into consent_records (user_id, document, version, accepted, screen)
      select ${member.user.id}, 'marketing', '2026-12-01', n % 2 = 0, 'account' from generate_series(1, 10) as n`)
    const asked = await call(app, 'GET', '/api/v1/account/export', { token: member.token })
    expect(asked.statusCode, asked.body).toBe(202)
    await expect
      .poll(async () => (await app.db.select().from(dataExports).where(eq(dataExports.userId, member.user.id)))[0]?.status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe('ready')
  })
})
