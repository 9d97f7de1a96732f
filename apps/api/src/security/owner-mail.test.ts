import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, otpCodes, users } from '../db/schema.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../testing/app.ts'

// Issue 9, item 7 (a) and (b): an owner whose own e-mail is unverified cannot make the platform
// mail a third party, and cannot keep a stranger out of an address by creating an account for it.
const ctx = useTestApp()

const gymBody = {
  name: 'Spam Gym',
  email: 'gym@example.com',
  address: 'Calle 1',
  city: 'Santiago',
  state: 'RM',
  zipCode: '8320000',
  phone: '+56 2 2555 0000',
}
const trainerBody = (email: string) => ({
  firstName: 'Tomás',
  lastName: 'Vera',
  email,
  phone: '+56 9 1111 2222',
  specialization: 'Yoga',
  experience: 2,
})

/** Registers an owner (not verified yet) with a gym; answers the code mailed at registration. */
async function newOwner() {
  const email = uniqueEmail('owner')
  const res = await call(ctx.app, 'POST', '/api/v1/auth/business/register', {
    body: { email, password: 'secret1', firstName: 'Olga', lastName: 'Díaz', businessName: 'Olga Fit', businessAddress: 'Calle 1' },
  })
  expect(res.statusCode).toBe(200)
  const { token, user } = res.json() as { token: string; user: { id: string; emailVerified: boolean } }
  expect((await call(ctx.app, 'POST', '/api/v1/gyms', { token, body: gymBody })).statusCode).toBe(201)
  await ctx.app.mailer.flush()
  const mail = ctx.mail.sent.filter((m) => m.to === email).at(-1)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  return { email, token, user, code: code! }
}

const deliveredTo = async (to: string) => {
  await ctx.app.mailer.flush()
  return ctx.mail.sent.filter((m) => m.to === to)
}

describe('owner e-mail verification', () => {
  it('registration mails the owner a six-digit code; the user says emailVerified: false until it is confirmed', async () => {
    const owner = await newOwner()
    expect(owner.user.emailVerified).toBe(false)
    expect(owner.code).toMatch(/^\d{6}$/)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: owner.token })).json().emailVerified).toBe(false)

    const wrong = await call(ctx.app, 'POST', '/api/v1/auth/email/verification/confirm', {
      token: owner.token,
      body: { otp: owner.code === '000000' ? '111111' : '000000' },
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors).toEqual({ otp: 'invalidOrExpired' })

    const ok = await call(ctx.app, 'POST', '/api/v1/auth/email/verification/confirm', { token: owner.token, body: { otp: owner.code } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ id: owner.user.id, emailVerified: true })
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: owner.token })).json().emailVerified).toBe(true)
    // Already verified: nothing more to send.
    const send = await call(ctx.app, 'POST', '/api/v1/auth/email/verification/send', { token: owner.token })
    expect(send.statusCode).toBe(422)
    expect(send.json().errors).toEqual({ email: 'alreadyVerified' })
  })

  it('send: a new code only 120 s after the last one (429 with Retry-After); the old code stops working', async () => {
    const owner = await newOwner()
    const early = await call(ctx.app, 'POST', '/api/v1/auth/email/verification/send', { token: owner.token })
    expect(early.statusCode).toBe(429)
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0)
    // Pretend the cooldown passed.
    await ctx.app.db
      .update(otpCodes)
      .set({ sentAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(otpCodes.email, owner.email))
    const again = await call(ctx.app, 'POST', '/api/v1/auth/email/verification/send', { token: owner.token })
    expect(again.statusCode).toBe(200)
    const mails = await deliveredTo(owner.email)
    const newCode = mails.at(-1)!.text.match(/\b(\d{6})\b/)![1]
    if (newCode !== owner.code) {
      const old = await call(ctx.app, 'POST', '/api/v1/auth/email/verification/confirm', { token: owner.token, body: { otp: owner.code } })
      expect(old.statusCode).toBe(422)
    }
    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/email/verification/confirm', { token: owner.token, body: { otp: newCode } })).statusCode,
    ).toBe(200)
  })

  it('both routes need a session: 401 without a token', async () => {
    expect((await call(ctx.app, 'POST', '/api/v1/auth/email/verification/send')).statusCode).toBe(401)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/email/verification/confirm', { body: { otp: '123456' } })).statusCode).toBe(401)
  })
})

describe('mail to third parties waits for the owner’s verification', () => {
  it('an unverified owner still creates the trainer account and sees the password once, but the trainer is mailed only after the owner verifies', async () => {
    const owner = await newOwner()
    const victim = uniqueEmail('victim')
    const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token: owner.token, body: trainerBody(victim) })
    expect(res.statusCode).toBe(201)
    expect(res.json().generatedPassword).toEqual(expect.any(String))
    expect(await deliveredTo(victim)).toEqual([])
    const [held] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, victim))
    expect(held).toMatchObject({ status: 'held', heldForUserId: owner.user.id })
    // Nothing delivers a held mail, however often the worker runs.
    await ctx.app.mailer.flush()
    expect(await deliveredTo(victim)).toEqual([])

    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/email/verification/confirm', { token: owner.token, body: { otp: owner.code } }))
        .statusCode,
    ).toBe(200)
    const [released] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, victim))
    expect(released.status).toBe('pending')
    const mails = await deliveredTo(victim)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toMatch(/Spam Gym/)
  })

  it('a verified owner’s trainer mail goes out at once', async () => {
    const owner = await newOwner()
    await call(ctx.app, 'POST', '/api/v1/auth/email/verification/confirm', { token: owner.token, body: { otp: owner.code } })
    const trainer = uniqueEmail('trainer')
    expect((await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token: owner.token, body: trainerBody(trainer) })).statusCode).toBe(
      201,
    )
    expect(await deliveredTo(trainer)).toHaveLength(1)
  })

  it('an unverified owner changing a trainer’s login e-mail mails neither the new nor the old address until verified', async () => {
    const owner = await newOwner()
    const oldEmail = uniqueEmail('old')
    const created = (await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token: owner.token, body: trainerBody(oldEmail) })).json()
    const newEmail = uniqueEmail('new')
    const put = await call(ctx.app, 'PUT', `/api/v1/trainers/${created.id}`, { token: owner.token, body: trainerBody(newEmail) })
    expect(put.statusCode).toBe(200)
    expect(await deliveredTo(newEmail)).toEqual([])
    expect(await deliveredTo(oldEmail)).toEqual([])
    const held = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.heldForUserId, owner.user.id), eq(mailOutbox.status, 'held')))
    expect(held.map((m) => m.to).sort()).toEqual([oldEmail, oldEmail, newEmail].sort())
  })
})

describe('squatting: an owner-created account that never signed in can be reclaimed', () => {
  it('the real owner of the address uses password recovery, sets a password and signs in; the owner’s password stops working', async () => {
    const owner = await newOwner()
    const stranger = uniqueEmail('stranger')
    const created = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token: owner.token, body: trainerBody(stranger) })
    const squatPassword = created.json().generatedPassword as string
    // Sign-up is closed for the address...
    const signup = await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email: stranger } })
    expect(signup.json().errors).toEqual({ email: 'emailAlreadyExists' })
    // ...but recovery mails its real owner, whatever the unverified gym did.
    expect((await call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email: stranger }, ip: freshIp() })).statusCode).toBe(200)
    const mails = await deliveredTo(stranger)
    expect(mails).toHaveLength(1)
    const hash = mails[0].text.match(/recuperar-password\?hash=([\w-]+)/)![1]
    expect((await call(ctx.app, 'POST', '/api/v1/auth/reset/password', { body: { hash, password: 'Mine-now-123' } })).statusCode).toBe(200)

    const login = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: stranger, password: 'Mine-now-123' } })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ email: stranger, emailVerified: true })
    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: stranger, password: squatPassword } })).statusCode,
    ).toBe(422)
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, stranger))
    expect(row.emailVerifiedAt).not.toBeNull()
  })
})
