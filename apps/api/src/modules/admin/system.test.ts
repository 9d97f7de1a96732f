import { describe, expect, it } from 'vitest'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'

const ctx = useTestApp()

describe('GET /api/v1/admin/system', () => {
  it('shows the operator the database, Redis and disk state; nobody else', async () => {
    const operator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const res = await call(ctx.app, 'GET', '/api/v1/admin/system', { token: operator.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      database: { kind: ctx.app.database.kind, state: 'up' },
      redis: 'not-configured',
      // An in-memory or server database has no disk of ours to watch.
      storage: null,
    })
    for (const role of ['gym_owner', 'trainer', 'member'] as const) {
      const other = await createUserAndLogin(ctx.app, { role })
      expect((await call(ctx.app, 'GET', '/api/v1/admin/system', { token: other.token })).statusCode).toBe(403)
    }
    expect((await call(ctx.app, 'GET', '/api/v1/admin/system')).statusCode).toBe(401)
  })
})
