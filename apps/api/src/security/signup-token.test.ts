// Issue 9, item 3: a signup token is a revocable row; login, password reset and the end of the flow revoke it.
import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, mailOutbox, sessions, signupTokens, users } from '../db/schema.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../testing/app.ts'

const ctx = useTestApp()
const PASSWORD = 'Segura123!'

async function mailTo(email: string) {
  const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1)
  return mail.text
}

/** The real sign-up: code, verification token, registration. */
async function signUp() {
  const email = uniqueEmail('flow')
  await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email } })
  const otp = (await mailTo(email)).match(/\b(\d{6})\b/)![1]
  const { verificationToken } = (await call(ctx.app, 'POST', '/api/v1/auth/email/otp/verify', { body: { email, otp } })).json()
  const res = await call(ctx.app, 'POST', '/api/v1/auth/email/register', {
    body: {
      email,
      password: PASSWORD,
      firstName: 'Camila',
      lastName: 'Rojas',
      userType: 'member',
      birthDate: '1990-04-02',
      verificationToken,
    },
  })
  expect(res.statusCode).toBe(200)
  const { id, signupToken } = res.json() as { id: string; signupToken: string }
  return { email, id, signupToken }
}

/** A flow call that accepts the signup token. */
const flowCall = (member: { id: string; signupToken: string }) =>
  call(ctx.app, 'GET', `/api/v1/trainers/by-user/${member.id}/onboarding-status`, { token: member.signupToken })

describe('signup tokens', () => {
  it('carry an id that names a signup_tokens row', async () => {
    const member = await signUp()
    expect((await flowCall(member)).statusCode).toBe(200)
    const jti = JSON.parse(Buffer.from(member.signupToken.split('.')[1], 'base64url').toString()).jti
    const [row] = await ctx.app.db.select().from(signupTokens).where(eq(signupTokens.id, jti))
    expect(row).toMatchObject({ userId: member.id, revokedAt: null })
  })

  it('a login of that user revokes it: the old token answers 401', async () => {
    const member = await signUp()
    const login = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: member.email, password: PASSWORD } })
    expect(login.statusCode).toBe(200)
    const res = await flowCall(member)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) })
    // The session token works for the same call.
    expect(
      (await call(ctx.app, 'GET', `/api/v1/trainers/by-user/${member.id}/onboarding-status`, { token: login.json().token })).statusCode,
    ).toBe(200)
  })

  it('a password reset revokes it', async () => {
    const member = await signUp()
    await call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email: member.email } })
    const hash = (await mailTo(member.email)).match(/hash=([\w-]+)/)![1]
    expect((await call(ctx.app, 'POST', '/api/v1/auth/reset/password', { body: { hash, password: 'Nueva123!' } })).statusCode).toBe(200)
    expect((await flowCall(member)).statusCode).toBe(401)
  })

  it('the end of the flow revokes it (payout onboarding completed or skipped)', async () => {
    const member = await signUp()
    const done = await call(ctx.app, 'POST', '/api/v1/auth/signup/complete', { token: member.signupToken })
    expect(done.statusCode).toBe(200)
    expect((await flowCall(member)).statusCode).toBe(401)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/signup/complete', { token: member.signupToken })).statusCode).toBe(401)
    const [row] = await ctx.app.db.select().from(signupTokens).where(eq(signupTokens.userId, member.id))
    expect(row.revokedReason).toBe('sign-up complete')
  })

  it('the end of the flow answers a session for the signup token, once (issue 23, point 9)', async () => {
    const member = await signUp()
    const done = await call(ctx.app, 'POST', '/api/v1/auth/signup/complete', { token: member.signupToken })
    expect(done.statusCode, done.body).toBe(200)
    const { session } = done.json()
    expect(session).toMatchObject({
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: { id: member.id, email: member.email },
    })
    // A real session: it opens what a password login opens, and is recorded as a sign-in.
    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { token: session.token })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ id: member.id })
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.subjectId, member.id)))
    expect(audit).toMatchObject({ after: { via: 'sign-up' } })
    // Called with that session: nothing new.
    const again = await call(ctx.app, 'POST', '/api/v1/auth/signup/complete', { token: session.token })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ ok: true, session: null })
  })

  it('two racing calls with the same token: one session at most', async () => {
    const member = await signUp()
    const both = await Promise.all([
      call(ctx.app, 'POST', '/api/v1/auth/signup/complete', { token: member.signupToken }),
      call(ctx.app, 'POST', '/api/v1/auth/signup/complete', { token: member.signupToken }),
    ])
    const sessionsGiven = both.filter((r) => r.statusCode === 200 && r.json().session !== null)
    expect(sessionsGiven).toHaveLength(1)
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, member.id))
    expect(rows).toHaveLength(1)
  })

  it('a deactivated account gets no session from its signup token', async () => {
    const member = await signUp()
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, member.id))
    const done = await call(ctx.app, 'POST', '/api/v1/auth/signup/complete', { token: member.signupToken })
    expect(done.statusCode).toBe(401)
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0)
  })

  it("another user's login does not revoke it", async () => {
    const member = await signUp()
    const other = await signUp()
    await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: other.email, password: PASSWORD }, ip: freshIp() })
    expect((await flowCall(member)).statusCode).toBe(200)
    expect((await flowCall(other)).statusCode).toBe(401)
  })
})
