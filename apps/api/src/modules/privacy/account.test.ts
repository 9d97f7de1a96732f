import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, clientSubscriptions, gyms, mailOutbox, privacyRequests, subscriptions, trainers, users } from '../../db/schema.ts'
import { chileDayOf } from '../../lib/csv.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { PASSWORD } from '../billing/test-helpers.ts'
import { createOffer, eligibleTrainer, gymWithTrainer, sandboxClient } from '../client-billing/test-helpers.ts'

// Issue 20: closing and reopening an account, the data export, rectification and consents, per role.
const ctx = useTestApp()
const v1 = (path: string) => `/api/v1${path}`
const close = (token: string | undefined, password = PASSWORD) => call(ctx.app, 'POST', v1('/account/close'), { token, body: { password } })
const mailsTo = (to: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt))
const auditOf = (action: string, subjectId: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))

describe('anonymous callers', () => {
  it('get 401 on every personal route', async () => {
    for (const [method, path] of [
      ['POST', '/account/close'],
      ['GET', '/account/export'],
      ['GET', '/account/profile'],
      ['PATCH', '/account/profile'],
      ['GET', '/account/consents'],
      ['POST', '/account/consents'],
    ] as const) {
      const res = await call(ctx.app, method, v1(path), { body: method === 'GET' ? undefined : {} })
      expect(res.statusCode, `${method} ${path}`).toBe(401)
    }
  })
})

describe('a client closes the account', () => {
  it('refuses a wrong password and changes nothing; then cancels the subscription, ends sessions, refuses login, reopens within 90 days', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token)
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    const [me] = await ctx.app.db.select().from(users).where(eq(users.email, client.email))

    // Clients sign in with codes: the password nobody knows is refused, a mailed code confirms.
    const wrong = await close(client.clientToken, 'Otra123!')
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors).toEqual({ password: 'incorrectPassword' })
    const none = await call(ctx.app, 'POST', v1('/account/close'), { token: client.clientToken, body: {} })
    expect(none.json().errors).toEqual({ password: 'required' })
    expect((await ctx.app.db.select().from(users).where(eq(users.id, me.id)))[0].closedAt).toBeNull()
    expect((await call(ctx.app, 'POST', v1('/account/close/code'), { token: client.clientToken })).statusCode).toBe(200)
    const code = /(\d{6})/.exec((await mailsTo(client.email))[0].subject)![1]
    const badCode = await call(ctx.app, 'POST', v1('/account/close'), {
      token: client.clientToken,
      body: { otp: code === '000000' ? '111111' : '000000' },
    })
    expect(badCode.statusCode).toBe(422)

    const res = await call(ctx.app, 'POST', v1('/account/close'), { token: client.clientToken, body: { otp: code } })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.cancelledSubscriptions).toBe(1)
    expect(new Date(body.purgeAfter).getTime() - new Date(body.closedAt).getTime()).toBe(90 * 86_400_000)
    const [sub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, client.subscriptionId))
    expect(sub.cancelAtPeriodEnd).toBe(true)

    // Every session ends at once; signing in is refused with a reason.
    expect((await call(ctx.app, 'GET', v1('/auth/me'), { token: client.clientToken })).statusCode).toBe(401)
    expect((await mailsTo(client.email))[0].subject).toBe('Cerraste tu cuenta')
    expect(await auditOf('account.close', me.id)).toHaveLength(1)
    const [request] = await ctx.app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, me.id))
    expect(request).toMatchObject({ kind: 'deletion', status: 'open', source: 'self' })

    // Closing again changes nothing; reopening with a wrong password neither.
    const badReopen = await call(ctx.app, 'POST', v1('/account/reopen'), { body: { email: client.email, password: 'Otra123!' } })
    expect(badReopen.statusCode).toBe(422)
    const sent = await call(ctx.app, 'POST', v1('/account/reopen/code'), { body: { email: client.email } })
    expect(sent.json()).toEqual({ ok: true })
    // Unknown addresses get the same answer.
    expect((await call(ctx.app, 'POST', v1('/account/reopen/code'), { body: { email: 'nadie@example.com' } })).json()).toEqual({ ok: true })
    const reopenCode = /(\d{6})/.exec((await mailsTo(client.email))[0].subject)![1]
    const reopen = await call(ctx.app, 'POST', v1('/account/reopen'), { body: { email: client.email, otp: reopenCode } })
    expect(reopen.statusCode, reopen.body).toBe(200)
    expect((await call(ctx.app, 'GET', v1('/auth/me'), { token: reopen.json().token })).statusCode).toBe(200)
    expect((await ctx.app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, me.id)))[0].status).toBe('done')
    expect(await auditOf('account.reopen', me.id)).toHaveLength(1)
    // The cancelled subscription stays cancelled.
    expect(
      (await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, client.subscriptionId)))[0].cancelAtPeriodEnd,
    ).toBe(true)
  })

  it('cannot be reopened after 90 days, nor when an operator closed it', async () => {
    const a = await createUserAndLogin(ctx.app)
    expect((await close(a.token, a.password)).statusCode).toBe(200)
    await ctx.app.db
      .update(users)
      .set({ closedAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(users.id, a.user.id))
    const late = await call(ctx.app, 'POST', v1('/account/reopen'), { body: { email: a.user.email, password: a.password } })
    expect(late.statusCode).toBe(422)
    expect(late.json().errors).toEqual({ email: 'reopenExpired' })

    const b = await createUserAndLogin(ctx.app)
    await ctx.app.db.update(users).set({ closedAt: new Date(), closedBy: 'operator', isActive: false }).where(eq(users.id, b.user.id))
    const refused = await call(ctx.app, 'POST', v1('/account/reopen'), { body: { email: b.user.email, password: b.password } })
    expect(refused.json().errors).toEqual({ email: 'reopenExpired' })
  })

  it('an active account just signs in through reopen', async () => {
    const a = await createUserAndLogin(ctx.app)
    const res = await call(ctx.app, 'POST', v1('/account/reopen'), { body: { email: a.user.email, password: a.password } })
    expect(res.statusCode).toBe(200)
  })
})

describe('a trainer closes the account', () => {
  it('cancels the clients’ subscriptions now and tells them, stops the platform subscription, hides the profile', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token)
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    const res = await close(trainer.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().cancelledSubscriptions).toBe(2)
    const [sub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, client.subscriptionId))
    expect(sub.state).toBe('cancelled')
    const [platform] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, trainer.userId))
    expect(platform.cancelAtPeriodEnd).toBe(true)
    expect((await mailsTo(client.email))[0].subject).toMatch(/cerró su cuenta$/)
    const [card] = await ctx.app.db.select().from(trainers).where(eq(trainers.id, trainer.trainerId))
    expect(card.isActive).toBe(false)
    expect((await call(ctx.app, 'GET', v1('/auth/me'), { token: trainer.token })).statusCode).toBe(401)
    const login = await call(ctx.app, 'POST', v1('/auth/email/login'), { body: { email: trainer.email, password: PASSWORD } })
    expect(login.statusCode).toBe(422)
    expect(login.json().errors).toEqual({ email: 'accountClosed' })
  })
})

describe('a gym owner closes the account', () => {
  it('closes the gym; its trainers stay, independent, and are told', async () => {
    const gym = await gymWithTrainer(ctx.app)
    const res = await close(gym.owner.token)
    expect(res.statusCode, res.body).toBe(200)
    expect((await ctx.app.db.select().from(gyms).where(eq(gyms.id, gym.gymId)))[0].isActive).toBe(false)
    const [t] = await ctx.app.db.select().from(trainers).where(eq(trainers.id, gym.trainer.trainerId))
    expect(t.gymId).toBeNull()
    expect((await mailsTo(gym.trainer.email))[0].subject).toBe('Gym Central cerró su cuenta')
    expect((await call(ctx.app, 'GET', v1('/auth/me'), { token: gym.trainer.token })).statusCode).toBe(200)
    const login = await call(ctx.app, 'POST', v1('/auth/business/login'), { body: { email: gym.owner.email, password: PASSWORD } })
    expect(login.json().errors).toEqual({ email: 'accountClosed' })
  })
})

describe('download my data', () => {
  it('gives each role their own rows, without secrets, audited, mailed and limited', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token)
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    const gym = await gymWithTrainer(ctx.app)
    for (const [token, email] of [
      [trainer.token, trainer.email],
      [client.clientToken, client.email],
      [gym.owner.token, gym.owner.email],
    ]) {
      const res = await call(ctx.app, 'GET', v1('/account/export'), { token })
      expect(res.statusCode, res.body).toBe(200)
      const data = res.json()
      // Named by the day in Chile (decision 201), not by the UTC date of the instant.
      expect(res.headers['content-disposition']).toBe(`attachment; filename="mis-datos-${chileDayOf(new Date(data.generatedAt))}.json"`)
      expect(data.format).toBe('privacy-export/1')
      expect(data.tables.users).toHaveLength(1)
      expect(data.tables.users[0].email).toBe(email)
      expect(res.body).not.toMatch(/password_hash|token_hash|refresh_jti/)
      expect(data.tables.sessions.length).toBeGreaterThan(0)
      expect(data.tables.sessions[0]).toHaveProperty('ip')
    }
    const trainerData = (await call(ctx.app, 'GET', v1('/account/export'), { token: trainer.token })).json()
    expect(trainerData.tables.client_subscriptions).toHaveLength(1)
    expect(trainerData.tables.client_payments).toHaveLength(1)
    expect(trainerData.tables.offers).toHaveLength(1)
    const clientData = (await call(ctx.app, 'GET', v1('/account/export'), { token: client.clientToken })).json()
    expect(clientData.tables.client_subscriptions[0].id).toBe(client.subscriptionId)
    expect(clientData.tables.users[0].id).not.toBe(trainerData.tables.users[0].id)
    expect(clientData.tables.offers).toEqual([])
    expect((await mailsTo(client.email))[0].subject).toBe('Descargaste tus datos')
    const [me] = await ctx.app.db.select().from(users).where(eq(users.email, client.email))
    expect(await auditOf('privacy.export', me.id)).toHaveLength(2)

    let last = 0
    for (let i = 0; i < 4; i++) last = (await call(ctx.app, 'GET', v1('/account/export'), { token: client.clientToken })).statusCode
    expect(last).toBe(429)
  })
})

describe('rectification', () => {
  it('corrects the name and phone of the account and of the trainer card, audited; an empty body changes nothing', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const empty = await call(ctx.app, 'PATCH', v1('/account/profile'), { token: trainer.token, body: {} })
    expect(empty.statusCode).toBe(422)
    const bad = await call(ctx.app, 'PATCH', v1('/account/profile'), { token: trainer.token, body: { phone: 'llámame' } })
    expect(bad.statusCode).toBe(422)
    const res = await call(ctx.app, 'PATCH', v1('/account/profile'), {
      token: trainer.token,
      body: { firstName: 'Camila Andrea', phone: '+56 9 8765 4321' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ firstName: 'Camila Andrea', lastName: 'Rojas', phone: '+56 9 8765 4321', email: trainer.email })
    const [card] = await ctx.app.db.select().from(trainers).where(eq(trainers.id, trainer.trainerId))
    expect(card).toMatchObject({ firstName: 'Camila Andrea', phone: '+56 9 8765 4321' })
    const [row] = await auditOf('account.rectify', trainer.userId)
    expect(row.before).toEqual({ firstName: 'Camila', phone: null })
    expect((await call(ctx.app, 'GET', v1('/account/profile'), { token: trainer.token })).json().firstName).toBe('Camila Andrea')
  })
})

describe('consents', () => {
  it('lists what is pending, records acceptance and marketing opt-in and opt-out, refuses withdrawing the terms', async () => {
    const a = await createUserAndLogin(ctx.app)
    let list = (await call(ctx.app, 'GET', v1('/account/consents'), { token: a.token })).json()
    expect(list).toEqual({ data: [], pending: ['terms', 'privacy'], marketing: false })
    for (const document of ['terms', 'privacy']) {
      const res = await call(ctx.app, 'POST', v1('/account/consents'), {
        token: a.token,
        body: { document, accepted: true, screen: 'login' },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    list = (
      await call(ctx.app, 'POST', v1('/account/consents'), { token: a.token, body: { document: 'marketing', accepted: true } })
    ).json()
    expect(list).toMatchObject({ pending: [], marketing: true })
    list = (
      await call(ctx.app, 'POST', v1('/account/consents'), { token: a.token, body: { document: 'marketing', accepted: false } })
    ).json()
    expect(list.marketing).toBe(false)
    expect(list.data).toHaveLength(4)
    const withdraw = await call(ctx.app, 'POST', v1('/account/consents'), { token: a.token, body: { document: 'terms', accepted: false } })
    expect(withdraw.statusCode).toBe(422)
    // Append-only: the database refuses to change or delete a record.
    const refused = await ctx.app.db.execute(`delete from consent_records where user_id = '${a.user.id}'`).catch((err: Error) => err)
    expect(String((refused as Error).cause)).toMatch(/append-only/)
  })
})

describe('age 16+', () => {
  it('the sign-up rule: 16 on today’s date in Chile, not a day before', async () => {
    const { assertOldEnough } = await import('./age.ts')
    const now = new Date('2026-12-01T15:00:00Z')
    expect(() => assertOldEnough('2010-12-01', now)).not.toThrow()
    expect(() => assertOldEnough('2010-12-02', now)).toThrow(/at least 16/)
    expect(() => assertOldEnough('2027-01-01', now)).toThrow(/future/)
  })
})
