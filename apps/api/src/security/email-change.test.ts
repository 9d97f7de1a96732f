import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailChanges, trainers, users } from '../db/schema.ts'
import { call, createUserAndLogin, uniqueEmail, useTestApp } from '../testing/app.ts'

// Issue 9, item 7 (c): an owner cannot silently move a trainer's login to another address.
const ctx = useTestApp()

const gymBody = {
  name: 'Gimnasio Sur',
  email: 'sur@example.com',
  address: 'Calle 1',
  city: 'Santiago',
  state: 'RM',
  zipCode: '8320000',
  phone: '+56 2 2555 0000',
}
const trainerBody = (email: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Tomás',
  lastName: 'Vera',
  email,
  phone: '+56 9 1111 2222',
  specialization: 'Yoga',
  experience: 2,
  ...over,
})

async function verifiedOwner() {
  const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
  await ctx.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.user.id))
  expect((await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody })).statusCode).toBe(201)
  return owner
}

/** An owner and a trainer with a login account whose password the trainer chose. */
async function trainerWithLogin() {
  const owner = await verifiedOwner()
  const email = uniqueEmail('trainer')
  const created = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', {
    token: owner.token,
    body: { ...trainerBody(email), password: 'Trainer-own-1' },
  })
  expect(created.statusCode).toBe(201)
  return { owner, trainer: created.json() as { id: string; userId: string; email: string; gymId: string } }
}

const login = (email: string) => call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'Trainer-own-1' } })
const put = (token: string, id: string, email: string, over: Record<string, unknown> = {}) =>
  call(ctx.app, 'PUT', `/api/v1/trainers/${id}`, { token, body: trainerBody(email, over) })
const confirm = (token: string) => call(ctx.app, 'POST', '/api/v1/auth/email-change/confirm', { body: { token } })

async function mailsTo(to: string) {
  await ctx.app.mailer.flush()
  return ctx.mail.sent.filter((m) => m.to === to)
}
async function linkTokenFor(to: string) {
  const mail = (await mailsTo(to)).at(-1)
  return mail?.text.match(/http:\/\/localhost:3000\/confirmar-correo\?token=([\w-]+)/)?.[1]
}

describe('PUT /trainers/{id} with a new e-mail for a trainer who has a login account', () => {
  it('does not change the login: the answer shows pendingEmail, the new address gets a link, the old one is told', async () => {
    const { owner, trainer } = await trainerWithLogin()
    const newEmail = uniqueEmail('attacker')
    const res = await put(owner.token, trainer.id, newEmail, { firstName: 'Tomasito' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email: trainer.email, pendingEmail: newEmail, firstName: 'Tomasito' })

    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, trainer.userId))
    expect(user).toMatchObject({ email: trainer.email, firstName: 'Tomasito' })
    const [record] = await ctx.app.db.select().from(trainers).where(eq(trainers.id, trainer.id))
    expect(record.email).toBe(trainer.email)
    expect((await login(trainer.email)).statusCode).toBe(200)
    expect((await login(newEmail)).json().errors).toEqual({ email: 'notFound' })
    // A reset link cannot be sent to the new address either: it is not the account's yet.
    expect((await call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email: newEmail } })).statusCode).toBe(200)
    expect((await mailsTo(newEmail)).filter((m) => /recuperar-password/.test(m.text))).toEqual([])

    expect(await linkTokenFor(newEmail)).toEqual(expect.any(String))
    const told = (await mailsTo(trainer.email)).at(-1)!
    expect(told.text).toContain(newEmail)
    expect(told.text).not.toMatch(/confirmar-correo/)

    const list = await call(ctx.app, 'GET', `/api/v1/gyms/${trainer.gymId}/trainers`, { token: owner.token })
    expect(list.json()[0]).toMatchObject({ email: trainer.email, pendingEmail: newEmail })
  })

  it('the link moves the login (user and trainer record) to the new address once; the old address no longer signs in', async () => {
    const { owner, trainer } = await trainerWithLogin()
    const newEmail = uniqueEmail('moved')
    await put(owner.token, trainer.id, newEmail)
    const token = (await linkTokenFor(newEmail))!
    const ok = await confirm(token)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ ok: true, email: newEmail })
    expect((await login(newEmail)).json().user).toMatchObject({ email: newEmail, emailVerified: true })
    expect((await login(trainer.email)).statusCode).toBe(422)
    const [record] = await ctx.app.db.select().from(trainers).where(eq(trainers.id, trainer.id))
    expect(record.email).toBe(newEmail)
    const again = await confirm(token)
    expect(again.statusCode).toBe(422)
    expect(again.json().errors).toEqual({ token: 'invalidOrExpired' })
  })

  it('a newer request or a change back voids the earlier link; a bogus or expired link is refused', async () => {
    const { owner, trainer } = await trainerWithLogin()
    const first = uniqueEmail('first')
    await put(owner.token, trainer.id, first)
    const firstToken = (await linkTokenFor(first))!
    const second = uniqueEmail('second')
    await put(owner.token, trainer.id, second)
    expect((await confirm(firstToken)).statusCode).toBe(422)
    // Back to the current address: no change pending any more.
    const back = await put(owner.token, trainer.id, trainer.email)
    expect(back.json().pendingEmail).toBeNull()
    expect((await confirm((await linkTokenFor(second))!)).statusCode).toBe(422)
    expect((await confirm('not-a-real-token')).statusCode).toBe(422)

    const third = uniqueEmail('third')
    await put(owner.token, trainer.id, third)
    const thirdToken = (await linkTokenFor(third))!
    await ctx.app.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.newEmail, third))
    expect((await confirm(thirdToken)).statusCode).toBe(422)
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, trainer.userId))
    expect(user.email).toBe(trainer.email)
  })

  it('if someone else took the new address before the link is opened, confirming answers emailAlreadyExists and nothing moves', async () => {
    const { owner, trainer } = await trainerWithLogin()
    const contested = uniqueEmail('contested')
    await put(owner.token, trainer.id, contested)
    const token = (await linkTokenFor(contested))!
    await createUserAndLogin(ctx.app, { email: contested })
    const res = await confirm(token)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ email: 'emailAlreadyExists' })
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, trainer.userId))
    expect(user.email).toBe(trainer.email)
  })

  it('a trainer record without a login account (POST /trainers) still changes its e-mail directly', async () => {
    const owner = await verifiedOwner()
    const created = (
      await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody(uniqueEmail('plain')) })
    ).json()
    const newEmail = uniqueEmail('plain-new')
    const res = await put(owner.token, created.id, newEmail)
    expect(res.statusCode).toBe(200)
    expect(res.json().email).toBe(newEmail)
    expect(res.json().pendingEmail ?? null).toBeNull()
    expect(await mailsTo(newEmail)).toEqual([])
  })
})
