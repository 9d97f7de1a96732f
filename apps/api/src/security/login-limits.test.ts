// Issue 9, item 9: limits bound guessing per account, but a stranger who knows an e-mail cannot keep its owner out.
import { and, desc, eq, gt } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mailOutbox, sessions } from '../db/schema.ts'
import { LOGIN_FAILURES } from '../modules/auth/login-limits.ts'
import { CODE_MAILS_PER_INBOX_PER_HOUR } from '../modules/signup/service.ts'
import { RESET_MAILS_PER_ACCOUNT_PER_HOUR } from '../modules/password-reset/service.ts'
import { insertUser } from '../modules/users/service.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../testing/app.ts'

const ctx = useTestApp()
const PASSWORD = 'Segura123!'

afterEach(() => vi.useRealTimers())

async function owner() {
  const email = uniqueEmail('owner')
  const user = await insertUser(ctx.app.db, { email, password: PASSWORD, firstName: 'Ana', lastName: 'Pérez' })
  return { email, id: user!.id }
}
const login = (email: string, password: string, ip: string) =>
  call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password }, ip })

/** `n` wrong passwords, each from an address of its own, a few at a time (the delays run side by side). */
async function strangersGuess(email: string, n: number) {
  const statuses: number[] = []
  for (let i = 0; i < n; i += 25) {
    const batch = Array.from({ length: Math.min(25, n - i) }, () => login(email, 'Wrong123!', freshIp()))
    statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode))
  }
  return statuses
}

const mailsTo = async (email: string) =>
  ctx.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), gt(mailOutbox.createdAt, new Date(Date.now() - 3600_000))))
    .orderBy(desc(mailOutbox.createdAt))

describe('login', () => {
  it('records the client address of each session', async () => {
    const { email, id } = await owner()
    const ip = freshIp()
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200)
    const [session] = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, id))
    expect(session.ip).toBe(ip)
  })

  it('one address gets 10 tries per e-mail in 10 minutes; another address still can sign in', async () => {
    const { email } = await owner()
    const attacker = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await login(email, 'Wrong123!', attacker)).statusCode)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422))
    expect(statuses[10]).toBe(429)
    expect((await login(email, PASSWORD, attacker)).statusCode).toBe(429)
    expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(200)
  })

  it('failures from many addresses delay, but do not lock out, the owner on a new address', async () => {
    const { email } = await owner()
    // More failures than the old per-e-mail lockout (10 in 10 minutes) allowed.
    const statuses = await strangersGuess(email, LOGIN_FAILURES.delayAfter + 5)
    expect(statuses.every((s) => s === 422)).toBe(true)
    const started = performance.now()
    const res = await login(email, PASSWORD, freshIp())
    expect(res.statusCode).toBe(200)
    // Progressive delay: at least the first step once past the threshold.
    expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_FAILURES.baseDelayMs - 5)
  })

  it('past the ceiling, new addresses are refused, but the owner signs in from an address used before', async () => {
    const { email } = await owner()
    const home = freshIp()
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200)

    await strangersGuess(email, LOGIN_FAILURES.ceiling)
    // Guessing stays bounded: even the right password from an unknown address is refused.
    const stranger = await login(email, PASSWORD, freshIp())
    expect(stranger.statusCode).toBe(429)
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0)
    expect(stranger.json()).toMatchObject({ status: 429, message: expect.any(String) })

    const started = performance.now()
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200)
    // Not delayed either.
    expect(performance.now() - started).toBeLessThan(LOGIN_FAILURES.maxDelayMs)
  })

  it('an unknown e-mail is throttled like a known one (no difference tells who is registered)', async () => {
    const email = uniqueEmail('nobody')
    await strangersGuess(email, LOGIN_FAILURES.ceiling)
    const res = await login(email, PASSWORD, freshIp())
    expect(res.statusCode).toBe(429)
  })
})

describe('password reset mails', () => {
  const forgot = (email: string, ip: string) => call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email }, ip })

  it('a flood from many addresses gets the same answer, sends at most 5 mails an hour, and the owner keeps a working link', async () => {
    const { email } = await owner()
    const answers = []
    for (let i = 0; i < 12; i++) answers.push(await forgot(email, freshIp()))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)

    // The owner asks too: not refused, same answer.
    const mine = await forgot(email, freshIp())
    expect(mine.statusCode).toBe(200)
    expect(mine.body).toBe(answers[0].body)

    const mails = await mailsTo(email)
    expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR)
    const hash = mails[0].text.match(/hash=([\w-]+)/)![1]
    expect((await call(ctx.app, 'POST', '/api/v1/auth/reset/password', { body: { hash, password: 'Nueva123!' } })).statusCode).toBe(200)
  })

  it('one address may ask 5 times an hour for one e-mail', async () => {
    const { email } = await owner()
    const ip = freshIp()
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await forgot(email, ip)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect((await forgot(email, freshIp())).statusCode).toBe(200)
  })
})

describe('code mails', () => {
  it('resends from many addresses get the same answer, at most 8 mails an hour reach the inbox, and the latest code works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date())
    const email = uniqueEmail('inbox')
    const answers = []
    answers.push(await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email }, ip: freshIp() }))
    for (let i = 0; i < 11; i++) {
      vi.setSystemTime(new Date(Date.now() + 121_000))
      answers.push(await call(ctx.app, 'POST', '/api/v1/auth/email/otp/resend', { body: { email }, ip: freshIp() }))
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt))
    expect(mails).toHaveLength(CODE_MAILS_PER_INBOX_PER_HOUR)
    // The last mailed code was not replaced by the dropped requests (still within its 10 minutes).
    vi.setSystemTime(new Date(mails[0].createdAt.getTime() + 5 * 60_000))
    const otp = mails[0].text.match(/\b(\d{6})\b/)![1]
    expect((await call(ctx.app, 'POST', '/api/v1/auth/email/otp/verify', { body: { email, otp } })).statusCode).toBe(200)
  })

  it('one address may ask for 8 code mails an hour per e-mail', async () => {
    const email = uniqueEmail('asker')
    const ip = freshIp()
    const statuses = []
    // Within the cooldown, generate answers without sending: it still counts against this address.
    for (let i = 0; i < 9; i++)
      statuses.push((await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email }, ip })).statusCode)
    expect(statuses).toEqual([...Array(8).fill(200), 429])
    expect((await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email }, ip: freshIp() })).statusCode).toBe(200)
  })
})
