import { PRIVACY_VERSION, TERMS_VERSION } from '@app/contracts'
import { desc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mailOutbox, otpCodes, users } from '../../db/schema.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { insertUser } from '../users/service.ts'

const ctx = useTestApp()
const PASSWORD = 'Segura123!'

afterEach(() => vi.useRealTimers())

async function lastCodeMailed(email: string) {
  const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return { mail, code }
}
const mailCount = async (email: string) => (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length

const generate = (email: string, ip = freshIp()) => call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email }, ip })
const resend = (email: string) => call(ctx.app, 'POST', '/api/v1/auth/email/otp/resend', { body: { email } })
const verify = (email: string, otp: string) => call(ctx.app, 'POST', '/api/v1/auth/email/otp/verify', { body: { email, otp } })
const register = (email: string, verificationToken: string, overrides: Record<string, unknown> = {}) =>
  call(ctx.app, 'POST', '/api/v1/auth/email/register', {
    body: {
      email,
      password: PASSWORD,
      firstName: 'Camila',
      lastName: 'Rojas',
      userType: 'member',
      birthDate: '1990-04-02',
      verificationToken,
      ...overrides,
    },
  })

/** Fake only Date: the database driver and the mail worker keep their real timers. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date())
  return { advance: (ms: number) => vi.setSystemTime(new Date(Date.now() + ms)) }
}

describe('POST /auth/email/otp/generate', () => {
  it('mails a six-digit code with "código" in the subject and stores only its hash', async () => {
    const email = uniqueEmail('otp')
    const res = await generate(email.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true, resendAfterSeconds: 120, expiresInSeconds: 600 })
    await ctx.app.mailer.flush()
    const sent = ctx.mail.sent.find((m) => m.to === email)!
    expect(sent.subject).toMatch(/código/)
    const code = sent.text.match(/\b(\d{6})\b/)![1]
    const [row] = await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.email, email))
    expect(row.codeHash).not.toContain(code)
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.expiresAt.getTime() - row.sentAt.getTime()).toBe(10 * 60_000)
  })

  it('asked twice within the cooldown, sends one mail and keeps the first code', async () => {
    const email = uniqueEmail('otp')
    await generate(email)
    const first = await lastCodeMailed(email)
    const again = await generate(email)
    expect(again.statusCode).toBe(200)
    expect(again.json().resendAfterSeconds).toBeLessThanOrEqual(120)
    expect(await mailCount(email)).toBe(1)
    expect((await verify(email, first.code)).statusCode).toBe(200)
  })

  it('refuses an e-mail that already has an account', async () => {
    const email = uniqueEmail('taken')
    await insertUser(ctx.app.db, { email, password: PASSWORD, firstName: 'A', lastName: 'B' })
    const res = await generate(email)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ email: 'emailAlreadyExists' })
  })

  it('validates the e-mail and refuses unknown fields', async () => {
    const bad = await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email: 'nope' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toHaveProperty('email')
    const extra = await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email: uniqueEmail(), admin: true } })
    expect(extra.json().errors).toEqual({ admin: 'unknownField' })
  })
})

describe('POST /auth/email/otp/verify', () => {
  it('accepts the mailed code', async () => {
    const email = uniqueEmail('otp')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    const res = await verify(email, code)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      ok: true,
      verified: true,
      verificationToken: expect.stringMatching(/^[\w-]{43}$/),
      verificationTokenExpiresAt: expect.any(String),
    })
    const [row] = await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.email, email))
    expect(row.verificationTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.verificationTokenHash).not.toContain(res.json().verificationToken)
  })

  it('wrong code → 422 errors.otp = invalidOrExpired', async () => {
    const email = uniqueEmail('otp')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const res = await verify(email, wrong)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ status: 422, errors: { otp: 'invalidOrExpired' } })
    const malformed = await verify(email, '12ab')
    expect(malformed.json().errors).toEqual({ otp: 'invalidOrExpired' })
  })

  it('a code expires after 10 minutes', async () => {
    const clock = freezeClock()
    const email = uniqueEmail('otp')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    clock.advance(10 * 60_000 + 1_000)
    const res = await verify(email, code)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ otp: 'invalidOrExpired' })
  })

  it('is still valid just before 10 minutes', async () => {
    const clock = freezeClock()
    const email = uniqueEmail('otp')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    clock.advance(9 * 60_000 + 50_000)
    expect((await verify(email, code)).statusCode).toBe(200)
  })

  it('five wrong tries void the code, even the right one afterwards', async () => {
    const email = uniqueEmail('otp')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    const wrong = code === '999999' ? '999998' : '999999'
    for (let i = 0; i < 5; i++) expect((await verify(email, wrong)).statusCode).toBe(422)
    const res = await verify(email, code)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ otp: 'invalidOrExpired' })
    const [row] = await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.email, email))
    expect(row.attempts).toBe(5)
    expect(row.voidedAt).not.toBeNull()
  })

  it('four wrong tries still leave the right code usable', async () => {
    const email = uniqueEmail('otp')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    const wrong = code === '999999' ? '999998' : '999999'
    for (let i = 0; i < 4; i++) await verify(email, wrong)
    expect((await verify(email, code)).statusCode).toBe(200)
  })

  it('parallel wrong guesses cannot exceed the limit', async () => {
    const email = uniqueEmail('otp')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    const wrong = code === '999999' ? '999998' : '999999'
    await Promise.all(Array.from({ length: 12 }, () => verify(email, wrong)))
    const [row] = await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.email, email))
    expect(row.attempts).toBe(5)
    expect((await verify(email, code)).statusCode).toBe(422)
  })
})

describe('POST /auth/email/otp/resend', () => {
  it('is refused with 429 and Retry-After for 120 s, then sends a new code that replaces the old one', async () => {
    const clock = freezeClock()
    const email = uniqueEmail('otp')
    await generate(email)
    const first = await lastCodeMailed(email)

    clock.advance(60_000)
    const early = await resend(email)
    expect(early.statusCode).toBe(429)
    expect(Number(early.headers['retry-after'])).toBe(60)
    expect(early.json()).toMatchObject({ status: 429, message: expect.any(String) })

    clock.advance(59_000)
    expect((await resend(email)).statusCode).toBe(429)

    clock.advance(1_000)
    const ok = await resend(email)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().resendAfterSeconds).toBe(120)
    const second = await lastCodeMailed(email)
    expect(second.mail.id).not.toBe(first.mail.id)
    expect(second.mail.subject).toMatch(/código/)
    if (first.code !== second.code) expect((await verify(email, first.code)).statusCode).toBe(422)
    expect((await verify(email, second.code)).statusCode).toBe(200)
    // The new code starts a new cooldown.
    expect((await resend(email)).statusCode).toBe(429)
  })
})

describe('POST /auth/email/register', () => {
  async function verifiedEmail() {
    const email = uniqueEmail('trainer')
    await generate(email)
    const { code } = await lastCodeMailed(email)
    const res = await verify(email, code)
    expect(res.statusCode).toBe(200)
    return { email, token: res.json().verificationToken as string }
  }

  it('registers a member after a verified code and answers id plus a signup token', async () => {
    const { email, token } = await verifiedEmail()
    const res = await register(email.toUpperCase(), token)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({ id: expect.any(String), signupToken: expect.any(String), signupTokenExpiresAt: expect.any(String) })
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, body.id))
    expect(user).toMatchObject({ email, role: 'member', firstName: 'Camila', lastName: 'Rojas' })
    // The account can sign in with the password it chose.
    const login = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: PASSWORD } })
    expect(login.statusCode).toBe(200)
  })

  it('issue 20: refuses anyone under 16 (the token stays usable), stores the birth date and the accepted terms and privacy policy', async () => {
    const { email, token } = await verifiedEmail()
    const sixteenTomorrow = new Date(Date.now() + 86_400_000 - 16 * 365.25 * 86_400_000).toISOString().slice(0, 10)
    const young = await register(email, token, { birthDate: sixteenTomorrow })
    expect(young.statusCode).toBe(422)
    expect(young.json().errors).toEqual({ birthDate: 'tooYoung' })
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toEqual([])
    const missing = await register(email, token, { birthDate: undefined })
    expect(missing.json().errors).toEqual({ birthDate: 'required' })
    const res = await register(email, token, { birthDate: '2000-02-29' })
    expect(res.statusCode, res.body).toBe(200)
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email))
    expect(user.birthDate).toBe('2000-02-29')
    const consents = await ctx.app.db.execute(
      sql`select document, version, screen, ip from consent_records where user_id = ${user.id} order by document`,
    )
    expect((consents as unknown as { rows: unknown[] }).rows).toEqual([
      { document: 'privacy', version: PRIVACY_VERSION, screen: 'trainer-signup', ip: expect.any(String) },
      { document: 'terms', version: TERMS_VERSION, screen: 'trainer-signup', ip: expect.any(String) },
    ])
  })

  it('without a verification token → 422 errors.verificationToken', async () => {
    const email = uniqueEmail('unverified')
    const res = await register(email, '')
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ verificationToken: 'required' })
    await generate(email)
    const sentOnly = await register(email, 'made-up-token')
    expect(sentOnly.json().errors).toEqual({ verificationToken: 'invalidOrExpired' })
  })

  it('a verification older than 30 minutes no longer counts', async () => {
    const clock = freezeClock()
    const { email, token } = await verifiedEmail()
    clock.advance(30 * 60_000 + 1_000)
    const res = await register(email, token)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ verificationToken: 'invalidOrExpired' })
  })

  it('one verification registers one account', async () => {
    const { email, token } = await verifiedEmail()
    expect((await register(email, token)).statusCode).toBe(200)
    const again = await register(email, token)
    expect(again.statusCode).toBe(422)
    expect(again.json().errors).toEqual({ verificationToken: 'invalidOrExpired' })
  })

  it('applies the password rules of §5', async () => {
    const { email, token } = await verifiedEmail()
    for (const password of ['Corta1!', 'sinmayus123!', 'SINMINUS123!', 'SinDigitos!!', 'SinSimbolo123']) {
      const res = await register(email, token, { password })
      expect(res.statusCode, password).toBe(422)
      expect(res.json().errors).toEqual({ password: 'weakPassword' })
    }
    expect((await register(email, token)).statusCode).toBe(200)
  })

  it('requires names and userType member', async () => {
    const { email, token } = await verifiedEmail()
    const res = await register(email, token, { firstName: '  ', lastName: '' })
    expect(res.json().errors).toMatchObject({ firstName: 'required', lastName: 'required' })
    const trainer = await register(email, token, { userType: 'trainer' })
    expect(trainer.statusCode).toBe(422)
    expect(trainer.json().errors).toHaveProperty('userType')
  })
})
