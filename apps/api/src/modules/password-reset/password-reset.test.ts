import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { passwordResets } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { digestToken } from './service.ts'

const ctx = useTestApp()

const forgot = (email: string, ip?: string) => call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email }, ip })
const reset = (hash: string, password: string) => call(ctx.app, 'POST', '/api/v1/auth/reset/password', { body: { hash, password } })

/** Requests a link and reads its hash out of the delivered mail. */
async function linkHashFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200)
  await ctx.app.mailer.flush()
  const mail = ctx.mail.sent.filter((m) => m.to === email).at(-1)
  const match = mail?.text.match(/http:\/\/localhost:3000\/recuperar-password\?hash=([A-Za-z0-9_-]+)/)
  expect(match, mail?.text).toBeTruthy()
  return match![1]
}

describe('POST /auth/forgot/password', () => {
  it('mails a link to APP_URL/recuperar-password?hash=…; the same answer for an unknown e-mail, which gets no mail', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const known = await forgot(owner.user.email.toUpperCase())
    const unknownEmail = uniqueEmail('nobody')
    const unknown = await forgot(unknownEmail)
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual(unknown.json())
    expect(known.json().message).toMatch(/If an account exists/)

    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.some((m) => m.to === unknownEmail)).toBe(false)
    const mail = ctx.mail.sent.find((m) => m.to === owner.user.email)!
    expect(mail.subject).toMatch(/Restablece tu contraseña/)
    expect(mail.text).toMatch(/60 minutos/)
    const token = mail.text.match(/recuperar-password\?hash=([A-Za-z0-9_-]+)/)![1]
    expect(token.length).toBeGreaterThanOrEqual(43)

    // Stored only as its SHA-256 digest, valid for an hour.
    const rows = await ctx.app.db.select().from(passwordResets).where(eq(passwordResets.userId, owner.user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0].tokenHash).toBe(digestToken(token))
    expect(rows[0].tokenHash).not.toContain(token)
    const minutes = (rows[0].expiresAt.getTime() - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(58)
    expect(minutes).toBeLessThanOrEqual(60)
  })

  it('a malformed e-mail → 422', async () => {
    const res = await forgot('nope')
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ email: 'invalidEmail' })
  })

  it('is rate-limited per (e-mail, address) (5 an hour) and per IP (20 an hour)', async () => {
    const email = uniqueEmail('limited')
    const perEmail: number[] = []
    const emailIp = freshIp()
    for (let i = 0; i < 6; i++) perEmail.push((await forgot(email, emailIp)).statusCode)
    expect(perEmail).toEqual([200, 200, 200, 200, 200, 429])

    const ip = freshIp()
    const perIp: number[] = []
    for (let i = 0; i < 21; i++) perIp.push((await forgot(uniqueEmail('ip'), ip)).statusCode)
    expect(perIp.slice(0, 20).every((s) => s === 200)).toBe(true)
    expect(perIp[20]).toBe(429)
  })
})

describe('POST /auth/reset/password', () => {
  it('valid hash: sets the new password, ends every session, and the link cannot be used again', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const other = await call(ctx.app, 'POST', '/api/v1/auth/business/login', {
      body: { email: owner.user.email, password: owner.password },
    })
    const hash = await linkHashFor(owner.user.email)

    const res = await reset(hash, 'newpass1')
    expect(res.statusCode).toBe(200)

    const oldLogin = await call(ctx.app, 'POST', '/api/v1/auth/business/login', {
      body: { email: owner.user.email, password: owner.password },
    })
    expect(oldLogin.json().errors).toEqual({ password: 'incorrectPassword' })
    const newLogin = await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email: owner.user.email, password: 'newpass1' } })
    expect(newLogin.statusCode).toBe(200)

    for (const session of [owner, other.json()]) {
      expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: session.token })).statusCode).toBe(401)
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { authorization: `Bearer ${session.refreshToken}` },
      })
      expect(refresh.statusCode).toBe(401)
    }

    // Reused hash.
    const again = await reset(hash, 'another1')
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ status: 422, errors: { hash: 'invalidHash' }, message: expect.any(String) })
    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email: owner.user.email, password: 'another1' } })).statusCode,
    ).toBe(422)
  })

  it('wrong hash → 422 invalidHash', async () => {
    const res = await reset('this-is-not-a-real-hash-0000000000000000000', 'newpass1')
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ hash: 'invalidHash' })
  })

  it('expired hash → 422 invalidHash and the password stays', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const hash = await linkHashFor(owner.user.email)
    await ctx.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, digestToken(hash)))
    const res = await reset(hash, 'newpass1')
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ hash: 'invalidHash' })
    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email: owner.user.email, password: owner.password } }))
        .statusCode,
    ).toBe(200)
    // The session it had is untouched.
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: owner.token })).statusCode).toBe(200)
  })

  it('a newer link voids the older one', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const first = await linkHashFor(owner.user.email)
    const second = await linkHashFor(owner.user.email)
    expect(first).not.toBe(second)
    expect((await reset(first, 'newpass1')).json().errors).toEqual({ hash: 'invalidHash' })
    expect((await reset(second, 'newpass1')).statusCode).toBe(200)
  })

  it('two simultaneous resets with one link: exactly one succeeds', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'trainer' })
    const hash = await linkHashFor(owner.user.email)
    const [a, b] = await Promise.all([reset(hash, 'first-pass'), reset(hash, 'second-pass')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422])
  })

  it('validation: empty hash → required; new password shorter than 6 → tooShort (the link stays usable)', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const hash = await linkHashFor(owner.user.email)
    const empty = await reset('', 'newpass1')
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors).toEqual({ hash: 'required' })
    const short = await reset(hash, '12345')
    expect(short.statusCode).toBe(422)
    expect(short.json().errors).toEqual({ password: 'tooShort' })
    expect((await reset(hash, '123456')).statusCode).toBe(200)
  })

  it('works for a trainer account too (e-mail login)', async () => {
    const trainer = await createUserAndLogin(ctx.app, { role: 'trainer' })
    const hash = await linkHashFor(trainer.user.email)
    expect((await reset(hash, 'Trainer-New-1')).statusCode).toBe(200)
    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: trainer.user.email, password: 'Trainer-New-1' } }))
        .statusCode,
    ).toBe(200)
  })
})
