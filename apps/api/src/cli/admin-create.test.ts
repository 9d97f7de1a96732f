import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, sessions, users } from '../db/schema.ts'
import { createPlatformAdmin, UnverifiedEmailError } from '../modules/admin/service.ts'
import { call, uniqueEmail, useTestApp } from '../testing/app.ts'

// Issue 19, point 6: admin:create cannot be used to hijack an account someone else registered.
const ctx = useTestApp()

async function registerOwner(email: string) {
  const res = await call(ctx.app, 'POST', '/api/v1/auth/business/register', {
    body: { email, password: 'attacker1', firstName: 'Mal', lastName: 'Lory', businessName: 'Ops Gym', businessAddress: 'Calle 1' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { token: string; refreshToken: string; user: { id: string } }
}

const liveSessions = (userId: string) =>
  ctx.app.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
const userOf = async (id: string) => (await ctx.app.db.select().from(users).where(eq(users.id, id)))[0]!
const auditOf = (id: string) => ctx.app.db.select().from(auditLog).where(eq(auditLog.subjectId, id))
const login = (email: string, password: string) => call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email, password } })
const me = (token: string) => call(ctx.app, 'GET', '/api/v1/auth/me', { token })

describe('admin:create and accounts it did not create', () => {
  it('refuses an address whose owner has not verified it: role, password, sessions and audit unchanged', async () => {
    const email = uniqueEmail('ops')
    const owner = await registerOwner(email)
    const before = await userOf(owner.user.id)
    expect(before.emailVerifiedAt).toBeNull()

    await expect(createPlatformAdmin(ctx.app.db, 'http://localhost:3000', { email })).rejects.toBeInstanceOf(UnverifiedEmailError)

    const after = await userOf(owner.user.id)
    expect(after).toMatchObject({ role: before.role, passwordHash: before.passwordHash })
    expect(await liveSessions(owner.user.id)).toHaveLength(1)
    expect((await auditOf(owner.user.id)).filter((a) => a.action.startsWith('admin.'))).toHaveLength(0)
    expect((await login(email, 'attacker1')).statusCode).toBe(200)
  })

  it('--force takes it over: promoted, the registrant password stops working, every session ends, audited with the reason', async () => {
    const email = uniqueEmail('ops')
    const owner = await registerOwner(email)
    const second = await login(email, 'attacker1')
    expect(second.statusCode).toBe(200)
    expect((await me(owner.token)).statusCode).toBe(200)

    const result = await createPlatformAdmin(ctx.app.db, 'http://localhost:3000', { email, force: true })
    expect(result).toMatchObject({ created: false, previousRole: 'gym_owner', passwordReset: true, sessionsEnded: true })

    expect((await userOf(owner.user.id)).role).toBe('platform_admin')
    expect(await liveSessions(owner.user.id)).toHaveLength(0)
    expect((await login(email, 'attacker1')).statusCode).toBe(422)
    const refresh = await call(ctx.app, 'POST', '/api/v1/auth/refresh', { body: { refreshToken: owner.refreshToken } })
    expect(refresh.statusCode).toBe(401)
    const audit = await auditOf(owner.user.id)
    const promote = audit.find((a) => a.action === 'admin.promote')!
    expect(promote).toMatchObject({ actorRole: 'cli', reason: 'forced: address not verified by its owner' })
    expect(promote.after).toMatchObject({ role: 'platform_admin', passwordReset: true, sessionsEnded: true })
    expect(audit.map((a) => a.action)).toContain('session.revoke_all')
  })

  it('a verified account is promoted without --force and its sessions end (no token of the old role lives on)', async () => {
    const email = uniqueEmail('ops')
    const owner = await registerOwner(email)
    await ctx.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.user.id))

    const result = await createPlatformAdmin(ctx.app.db, 'http://localhost:3000', { email })
    expect(result).toMatchObject({ previousRole: 'gym_owner', passwordReset: false, sessionsEnded: true })
    expect(await liveSessions(owner.user.id)).toHaveLength(0)
    // Their own password still works, now with the new role.
    const again = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'attacker1' } })
    expect(again.statusCode).toBe(200)
    expect(again.json().user.role).toBe('platform_admin')
    const audit = await auditOf(owner.user.id)
    expect(audit.find((a) => a.action === 'admin.promote')).toMatchObject({ actorRole: 'cli', reason: null })
    expect(audit.map((a) => a.action)).toContain('session.revoke_all')
  })
})
