// Issue 9, item 3: registering an address needs the verification token of the code sent to it.
import { desc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mailOutbox, otpCodes, users } from '../db/schema.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../testing/app.ts'

const ctx = useTestApp()
const VICTIM_PASSWORD = 'Victima123!'
const ATTACKER_PASSWORD = 'Atacante123!'

afterEach(() => vi.useRealTimers())

async function mailedCode(email: string) {
  const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1)
  return mail.text.match(/\b(\d{6})\b/)![1]
}

/** What the owner of the inbox does: ask for a code, read it, verify it. */
async function verifyOwnInbox(email: string) {
  expect((await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email } })).statusCode).toBe(200)
  const res = await call(ctx.app, 'POST', '/api/v1/auth/email/otp/verify', { body: { email, otp: await mailedCode(email) } })
  expect(res.statusCode).toBe(200)
  return res.json().verificationToken as string
}

const register = (email: string, password: string, verificationToken?: string) =>
  call(ctx.app, 'POST', '/api/v1/auth/email/register', {
    body: {
      email,
      password,
      firstName: 'Camila',
      lastName: 'Rojas',
      userType: 'member',
      birthDate: '1990-04-02',
      ...(verificationToken === undefined ? {} : { verificationToken }),
    },
    ip: freshIp(),
  })

describe('registration hijack', () => {
  it('after the owner verified the address, a third party cannot register it without the token', async () => {
    const victim = uniqueEmail('victim')
    const token = await verifyOwnInbox(victim)

    const noToken = await register(victim, ATTACKER_PASSWORD)
    expect(noToken.statusCode).toBe(422)
    expect(noToken.json().errors).toEqual({ verificationToken: 'required' })

    const guessed = await register(victim, ATTACKER_PASSWORD, 'x'.repeat(43))
    expect(guessed.statusCode).toBe(422)
    expect(guessed.json()).toMatchObject({ status: 422, errors: { verificationToken: 'invalidOrExpired' } })

    // The attacker verified an inbox of their own: that token is bound to that address.
    const attackerToken = await verifyOwnInbox(uniqueEmail('attacker'))
    const otherEmails = await register(victim, ATTACKER_PASSWORD, attackerToken)
    expect(otherEmails.statusCode).toBe(422)
    expect(otherEmails.json().errors).toEqual({ verificationToken: 'invalidOrExpired' })

    expect(await ctx.app.db.select().from(users).where(eq(users.email, victim))).toHaveLength(0)
    const owner = await register(victim, VICTIM_PASSWORD, token)
    expect(owner.statusCode).toBe(200)
    const login = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: victim, password: VICTIM_PASSWORD } })
    expect(login.statusCode).toBe(200)
  })

  it('a token registers once, even when sent twice at the same time', async () => {
    const email = uniqueEmail('twice')
    const token = await verifyOwnInbox(email)
    const results = await Promise.all([register(email, VICTIM_PASSWORD, token), register(email, ATTACKER_PASSWORD, token)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422])
    const again = await register(email, ATTACKER_PASSWORD, token)
    expect(again.json().errors).toEqual({ verificationToken: 'invalidOrExpired' })
  })

  it('expires 30 minutes after the verification', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date())
    const email = uniqueEmail('late')
    const token = await verifyOwnInbox(email)
    vi.setSystemTime(new Date(Date.now() + 30 * 60_000 + 1_000))
    const res = await register(email, VICTIM_PASSWORD, token)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ verificationToken: 'invalidOrExpired' })
  })

  it('verifying again replaces the token; only a digest is stored', async () => {
    const email = uniqueEmail('again')
    await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email } })
    const otp = await mailedCode(email)
    const first = (await call(ctx.app, 'POST', '/api/v1/auth/email/otp/verify', { body: { email, otp } })).json().verificationToken
    const second = (await call(ctx.app, 'POST', '/api/v1/auth/email/otp/verify', { body: { email, otp } })).json().verificationToken
    expect(first).not.toBe(second)
    const [row] = await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.email, email))
    expect(row.verificationTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(second)
    expect((await register(email, VICTIM_PASSWORD, first)).json().errors).toEqual({ verificationToken: 'invalidOrExpired' })
    const ok = await register(email, VICTIM_PASSWORD, second)
    expect(ok.statusCode).toBe(200)
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email))
    expect(user.emailVerifiedAt).not.toBeNull()
  })
})
