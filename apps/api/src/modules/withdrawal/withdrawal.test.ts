import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  bookingSlots,
  bookings,
  clientPayments,
  clientRefunds,
  clientSubscriptions,
  mailOutbox,
  renewalNotices,
  sessionTypes,
  subscriptions,
  trialClaims,
  users,
} from '../../db/schema.ts'
import { planCharges, taxDocuments } from '../../db/schema/tax-documents.ts'
import { PaymentProviderUnavailableError } from '../../providers/payments/types.ts'
import { loginAs, planByKey, registeredMember, startCheckout } from '../billing/test-helpers.ts'
import { trialKeys } from '../billing/service.ts'
import { call, createUserAndLogin, freshIp, useTestApp } from '../../testing/app.ts'
import { checkLedger } from '../ledger/check.ts'
import { balanceOf } from '../ledger/service.ts'
import { createOffer, eligibleTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { sendRenewalNotices } from './renewal-notices.ts'
import { withdrawableUntil } from './window.ts'

// Issue 27 (decision 224): the withdrawal right, the one-tap cancel and the renewal notices.
const ctx = useTestApp()
const DAY = 86_400_000
const post = (url: string, token: string) => call(ctx.app, 'POST', `/api/v1${url}`, { token })
const mailsTo = (to: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))

/** A client who paid 25.000 for a trainer's offer `days` days ago. */
async function clientSince(days: number) {
  const trainer = await eligibleTrainer(ctx.app)
  const offer = await createOffer(ctx.app, trainer.token, { priceClp: 25_000 })
  const client = await sandboxClient(ctx.app, trainer.token, offer.id)
  const at = new Date(Date.now() - days * DAY)
  await ctx.app.db.update(clientSubscriptions).set({ createdAt: at }).where(eq(clientSubscriptions.id, client.subscriptionId))
  await ctx.app.db.update(clientPayments).set({ paidAt: at }).where(eq(clientPayments.subscriptionId, client.subscriptionId))
  return { trainer, offer, client }
}

const subscriptionRow = async (id: string) =>
  (await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, id)).limit(1))[0]
const paymentOf = async (subscriptionId: string) =>
  (await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.subscriptionId, subscriptionId)).limit(1))[0]

describe("the client's withdrawal", () => {
  it('on day 3, before any session: refunded in full through the ledger, ended now, mailed once; a second tap refunds nothing', async () => {
    const { trainer, client } = await clientSince(3)
    const listed = (await call(ctx.app, 'GET', '/api/v1/client/subscriptions', { token: client.clientToken })).json().data[0]
    expect(new Date(listed.withdrawableUntil).getTime()).toBeGreaterThan(Date.now() + 6 * DAY)

    const res = await post(`/client/subscriptions/${client.subscriptionId}/withdrawal`, client.clientToken)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: client.subscriptionId, state: 'cancelled', withdrawableUntil: null })

    const payment = await paymentOf(client.subscriptionId)
    expect(payment.refundedClp).toBe(25_000)
    expect(await balanceOf(ctx.app.db, `trainer:${trainer.trainerId}`)).toBe(0)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])

    const mails = await mailsTo(client.email)
    const withdrawn = mails.filter((m) => m.subject.startsWith('Desististe'))
    expect(withdrawn).toHaveLength(1)
    expect(withdrawn[0].subject).toContain('$25.000')
    expect(withdrawn[0].text).toContain('3 bis')

    const again = await post(`/client/subscriptions/${client.subscriptionId}/withdrawal`, client.clientToken)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ status: 409, errors: { id: 'alreadyCancelled' } })
    expect(await ctx.app.db.select().from(clientRefunds).where(eq(clientRefunds.paymentId, payment.id))).toHaveLength(1)
  }, 120_000) // the file's first test also warms the app up (30 s were not enough on a loaded machine)

  it('in English for a reader who chose English', async () => {
    const { client } = await clientSince(1)
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.email, client.email))
    expect((await post(`/client/subscriptions/${client.subscriptionId}/withdrawal`, client.clientToken)).statusCode).toBe(200)
    const mail = (await mailsTo(client.email)).find((m) => m.subject.startsWith('You withdrew'))
    expect(mail?.subject).toContain('$25.000')
  })

  it('on day 11: refused in the error shape, nothing refunded, still active', async () => {
    const { client } = await clientSince(11)
    const listed = (await call(ctx.app, 'GET', '/api/v1/client/subscriptions', { token: client.clientToken })).json().data[0]
    expect(listed.withdrawableUntil).toBeNull()
    const res = await post(`/client/subscriptions/${client.subscriptionId}/withdrawal`, client.clientToken)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ status: 422, message: expect.any(String), errors: { id: 'withdrawalExpired' } })
    expect((await paymentOf(client.subscriptionId)).refundedClp).toBe(0)
    expect((await subscriptionRow(client.subscriptionId)).state).toBe('active')
  })

  it('after a session was attended: refused with serviceStarted, nothing refunded', async () => {
    const { trainer, client } = await clientSince(3)
    const [type] = await ctx.app.db
      .insert(sessionTypes)
      .values({ trainerId: trainer.trainerId, name: 'Sesión', durationMinutes: 60 })
      .returning()
    const startsAt = new Date(Date.now() - DAY)
    const [slot] = await ctx.app.db
      .insert(bookingSlots)
      .values({
        trainerId: trainer.trainerId,
        sessionTypeId: type.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3600_000),
        capacity: 1,
        booked: 1,
      })
      .returning()
    const clientUser = (await ctx.app.db.select().from(users).where(eq(users.email, client.email)))[0]
    await ctx.app.db.insert(bookings).values({
      slotId: slot.id,
      trainerId: trainer.trainerId,
      clientUserId: clientUser.id,
      sessionTypeId: type.id,
      startsAt,
      endsAt: slot.endsAt,
      state: 'attended',
    })
    const res = await post(`/client/subscriptions/${client.subscriptionId}/withdrawal`, client.clientToken)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ id: 'serviceStarted' })
    expect((await paymentOf(client.subscriptionId)).refundedClp).toBe(0)
  })

  it('who may: another client and the trainer get 404, without a session 401; nothing changes', async () => {
    const { trainer, client } = await clientSince(2)
    const other = await createUserAndLogin(ctx.app, { role: 'member' })
    for (const token of [other.token, trainer.token]) {
      const res = await post(`/client/subscriptions/${client.subscriptionId}/withdrawal`, token)
      expect(res.statusCode).toBe(404)
      expect(res.json().errors).toEqual({ id: 'notFound' })
    }
    expect((await call(ctx.app, 'POST', `/api/v1/client/subscriptions/${client.subscriptionId}/withdrawal`)).statusCode).toBe(401)
    expect((await paymentOf(client.subscriptionId)).refundedClp).toBe(0)
    expect((await subscriptionRow(client.subscriptionId)).state).toBe('active')
  })

  it('the window ends with the 10th Santiago day after the day of contracting', () => {
    // 18:00 on 1 March 2026 in Santiago (UTC-3) → until midnight starting 12 March.
    expect(withdrawableUntil(new Date('2026-03-01T21:00:00Z')).toISOString()).toBe('2026-03-12T03:00:00.000Z')
  })
})

describe('cancel in one tap', () => {
  it("the client's: effective at the period's end, confirmed by mail once", async () => {
    const { client } = await clientSince(20)
    const res = await post(`/client/subscriptions/${client.subscriptionId}/cancel`, client.clientToken)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ state: 'active', cancelAtPeriodEnd: true })
    expect(await post(`/client/subscriptions/${client.subscriptionId}/cancel`, client.clientToken)).toMatchObject({ statusCode: 200 })
    const cancelled = (await mailsTo(client.email)).filter((m) => m.subject.startsWith('Cancelaste'))
    expect(cancelled).toHaveLength(1)
    expect((await paymentOf(client.subscriptionId)).refundedClp).toBe(0)
  })

  it("the trainer's plan: effective at the trial's end, mailed once; 404 without a plan", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const res = await post('/platform/subscriptions/cancel', trainer.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ hasActiveSubscription: true, subscription: { status: 'trialing', cancelAtPeriodEnd: true } })
    expect((await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('Cancelaste tu plan'))).toHaveLength(1)
    expect((await post('/platform/subscriptions/cancel', trainer.token)).statusCode).toBe(200)
    expect((await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('Cancelaste tu plan'))).toHaveLength(1)
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    expect((await post('/platform/subscriptions/cancel', member.token)).statusCode).toBe(404)
  })
})

describe("the plan's withdrawal", () => {
  it('during the trial, before any client paid: ended now, mailed; on day 11 refused; after a client paid refused', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const status = (await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token: trainer.token })).json()
    expect(status.subscription.withdrawableUntil).not.toBeNull()
    const res = await post('/platform/subscriptions/withdrawal', trainer.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ hasActiveSubscription: false, subscription: { status: 'canceled', withdrawableUntil: null } })
    expect((await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('Desististe de tu plan'))).toHaveLength(1)
    expect((await post('/platform/subscriptions/withdrawal', trainer.token)).json().errors).toEqual({ subscription: 'alreadyCancelled' })

    const late = await eligibleTrainer(ctx.app)
    await ctx.app.db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - 11 * DAY) })
      .where(eq(subscriptions.userId, late.userId))
    const refused = await post('/platform/subscriptions/withdrawal', late.token)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({ subscription: 'withdrawalExpired' })

    const { trainer: used } = await clientSince(0)
    const served = await post('/platform/subscriptions/withdrawal', used.token)
    expect(served.statusCode).toBe(422)
    expect(served.json().errors).toEqual({ subscription: 'serviceStarted' })
    expect((await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token: used.token })).json().hasActiveSubscription).toBe(
      true,
    )
  })
})

/** A trainer whose plan started paid (this person had a trial before): the Starter's first month charged at checkout. */
async function trainerWhoPaid() {
  const member = await registeredMember(ctx.app)
  await ctx.app.db
    .insert(trialClaims)
    .values(trialKeys({ userId: member.id, email: member.email }).map((key) => ({ key })))
    .onConflictDoNothing()
  const res = await startCheckout(ctx.app, member)
  expect(res.statusCode, res.body).toBe(200)
  const pay = await ctx.app.inject({ method: 'POST', url: `${new URL(res.json().url).pathname}/pay`, remoteAddress: freshIp() })
  expect(pay.statusCode, pay.body).toBe(303)
  const [sub] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))
  expect(sub).toMatchObject({ status: 'active', trialEnd: null })
  const [charge] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.subscriptionId, sub!.id))
  return { ...member, token: await loginAs(ctx.app, member.email), sub: sub!, charge: charge! }
}

/** The credit notes of a plan charge's boleta. */
async function creditNotesOf(chargeId: string) {
  const [original] = await ctx.app.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.sourceKind, 'plan_charge'), eq(taxDocuments.sourceId, chargeId)))
  expect(original?.dteType).toBe(39)
  return ctx.app.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.sourceKind, 'credit_note'), eq(taxDocuments.referencesId, original!.id)))
}

describe('the withdrawal of a plan that started paid (decision 236)', () => {
  it('on day 3: refunded in full at the provider, a credit note for the charge, ended now, mailed with the amount; a second tap changes nothing', async () => {
    const trainer = await trainerWhoPaid()
    const starter = await planByKey(ctx.app, 'starter')
    expect(trainer.charge).toMatchObject({
      amountClp: starter.priceClp,
      refundedClp: 0,
      providerPaymentId: trainer.charge.providerChargeId,
    })
    await ctx.app.db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(subscriptions.id, trainer.sub.id))

    const res = await post('/platform/subscriptions/withdrawal', trainer.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ hasActiveSubscription: false, subscription: { status: 'canceled' } })
    const [charge] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.id, trainer.charge.id))
    expect(charge!.refundedClp).toBe(starter.priceClp)
    const notes = await creditNotesOf(trainer.charge.id)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ totalClp: starter.priceClp, recipientUserId: trainer.id })
    const mails = (await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('Desististe de tu plan'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(`Te devolvemos $${starter.priceClp!.toLocaleString('es-CL')}, todo lo que pagaste`)

    const again = await post('/platform/subscriptions/withdrawal', trainer.token)
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ subscription: 'alreadyCancelled' })
    expect(await creditNotesOf(trainer.charge.id)).toHaveLength(1)
    expect((await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('Desististe de tu plan'))).toHaveLength(1)
  })

  it('two taps at once: one refund, one credit note, one mail', async () => {
    const trainer = await trainerWhoPaid()
    const both = await Promise.all([
      post('/platform/subscriptions/withdrawal', trainer.token),
      post('/platform/subscriptions/withdrawal', trainer.token),
    ])
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await creditNotesOf(trainer.charge.id)).toHaveLength(1)
    const [charge] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.id, trainer.charge.id))
    expect(charge!.refundedClp).toBe(charge!.amountClp)
    expect((await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('Desististe de tu plan'))).toHaveLength(1)
  })

  it('the provider down: 503, nothing refunded here, still active; the retry refunds once', async () => {
    const trainer = await trainerWhoPaid()
    const clients = ctx.app.payments.clients
    const refund = clients.refund
    const keys: string[] = []
    clients.refund = async (input) => {
      keys.push(input.idempotencyKey)
      throw new PaymentProviderUnavailableError('timeout')
    }
    try {
      const down = await post('/platform/subscriptions/withdrawal', trainer.token)
      expect(down.statusCode, down.body).toBe(503)
    } finally {
      clients.refund = refund
    }
    expect(await creditNotesOf(trainer.charge.id)).toHaveLength(0)
    const [still] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.id, trainer.sub.id))
    expect(still!.status).toBe('active')
    const spy: string[] = []
    clients.refund = async (input) => (spy.push(input.idempotencyKey), refund(input))
    try {
      expect((await post('/platform/subscriptions/withdrawal', trainer.token)).statusCode).toBe(200)
    } finally {
      clients.refund = refund
    }
    // The same key both times: a provider that did refund on the first try answers that refund.
    expect(spy).toEqual(keys)
    expect(await creditNotesOf(trainer.charge.id)).toHaveLength(1)
  })

  it("the provider's own report of that refund (or one an operator made there) gets one credit note, never two", async () => {
    const trainer = await trainerWhoPaid()
    const { applyBillingEvent } = await import('../billing/service.ts')
    const report = (refunds: { id: string; amount: number }[]) =>
      ctx.app.db.transaction((tx) =>
        applyBillingEvent(tx, 'sandbox', {
          id: `evt_${refunds.length}_${trainer.id}`,
          type: 'charge.refunded',
          at: new Date(),
          kind: 'charge.refunded',
          chargeId: trainer.charge.providerPaymentId!,
          refunds,
        }),
      )
    await report([{ id: 're_operator_1', amount: 1_000 }])
    await report([{ id: 're_operator_1', amount: 1_000 }])
    expect((await creditNotesOf(trainer.charge.id)).map((n) => n.totalClp)).toEqual([1_000])
    // More than is left is never applied.
    await report([{ id: 're_operator_2', amount: trainer.charge.amountClp }])
    expect(await creditNotesOf(trainer.charge.id)).toHaveLength(1)
    // The withdrawal refunds what is left.
    const res = await post('/platform/subscriptions/withdrawal', trainer.token)
    expect(res.statusCode, res.body).toBe(200)
    expect((await creditNotesOf(trainer.charge.id)).map((n) => n.totalClp).sort((a, b) => a - b)).toEqual([
      1_000,
      trainer.charge.amountClp - 1_000,
    ])
  })

  it('a charge not recorded yet: refused with refundUnavailable, nothing changes', async () => {
    const trainer = await trainerWhoPaid()
    await ctx.app.db.delete(taxDocuments).where(eq(taxDocuments.sourceId, trainer.charge.id))
    await ctx.app.db.delete(planCharges).where(eq(planCharges.id, trainer.charge.id))
    const res = await post('/platform/subscriptions/withdrawal', trainer.token)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ subscription: 'refundUnavailable' })
    const [still] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.id, trainer.sub.id))
    expect(still!.status).toBe('active')
  })
})

describe('renewal notices', () => {
  it('5 days before the charge, with the amount and the cancel link, once per period; none for a cancelled one', async () => {
    const { client } = await clientSince(26)
    const periodEnd = new Date(Date.now() + 4 * DAY)
    await ctx.app.db
      .update(clientSubscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(clientSubscriptions.id, client.subscriptionId))
    const { client: quitter } = await clientSince(26)
    await ctx.app.db
      .update(clientSubscriptions)
      .set({ currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true })
      .where(eq(clientSubscriptions.id, quitter.subscriptionId))
    const { client: early } = await clientSince(20)
    await ctx.app.db
      .update(clientSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 6 * DAY) })
      .where(eq(clientSubscriptions.id, early.subscriptionId))

    await Promise.all([sendRenewalNotices(ctx.app), sendRenewalNotices(ctx.app)])
    await sendRenewalNotices(ctx.app)
    const notices = (await mailsTo(client.email)).filter((m) => m.subject.includes('se renueva'))
    expect(notices).toHaveLength(1)
    expect(notices[0].subject).toContain('$25.000')
    expect(notices[0].text).toContain(`${ctx.app.config.APP_URL}/mi-suscripcion`)
    expect((await mailsTo(quitter.email)).filter((m) => m.subject.includes('se renueva'))).toHaveLength(0)
    expect((await mailsTo(early.email)).filter((m) => m.subject.includes('se renueva'))).toHaveLength(0)
    const rows = await ctx.app.db
      .select()
      .from(renewalNotices)
      .where(and(eq(renewalNotices.subscriptionKind, 'client'), eq(renewalNotices.subscriptionId, client.subscriptionId)))
    expect(rows).toHaveLength(1)

    // The next period is announced again, once.
    await ctx.app.db
      .update(clientSubscriptions)
      .set({ currentPeriodEnd: new Date(periodEnd.getTime() + DAY) })
      .where(eq(clientSubscriptions.id, client.subscriptionId))
    await sendRenewalNotices(ctx.app)
    expect((await mailsTo(client.email)).filter((m) => m.subject.includes('se renueva'))).toHaveLength(2)
  })

  it("a trainer's trial end: the first month's price, once", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    await ctx.app.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 5 * DAY - 60_000), trialEnd: new Date(Date.now() + 5 * DAY - 60_000) })
      .where(eq(subscriptions.userId, trainer.userId))
    await sendRenewalNotices(ctx.app)
    await sendRenewalNotices(ctx.app)
    const mails = (await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('Tu prueba gratuita termina'))
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toMatch(/\$\d{1,3}(\.\d{3})* al mes/)
    expect(mails[0].text).toContain('/dashboard#subscription')
  })

  it("a plan's failed payment: told once per period in the reader's language, with where to change the card (decision 241)", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const english = await eligibleTrainer(ctx.app)
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.id, english.userId))
    const periodEnd = new Date(Date.now() + 20 * DAY)
    for (const t of [trainer, english])
      await ctx.app.db
        .update(subscriptions)
        .set({ status: 'past_due', currentPeriodEnd: periodEnd })
        .where(eq(subscriptions.userId, t.userId))
    const healthy = await eligibleTrainer(ctx.app)

    await Promise.all([sendRenewalNotices(ctx.app), sendRenewalNotices(ctx.app)])
    await sendRenewalNotices(ctx.app)
    const failed = (await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('No pudimos cobrar tu plan'))
    expect(failed).toHaveLength(1)
    expect(failed[0].text).toMatch(/No se pudo hacer el cobro de \$\d{1,3}(\.\d{3})* de tu plan/)
    expect(failed[0].text).toContain(`${ctx.app.config.APP_URL}/dashboard#subscription`)
    const inEnglish = (await mailsTo(english.email)).filter((m) => m.subject.startsWith('We could not charge your'))
    expect(inEnglish).toHaveLength(1)
    expect(inEnglish[0].text).toContain('did not go through')
    expect((await mailsTo(healthy.email)).filter((m) => /No pudimos cobrar|could not charge/.test(m.subject))).toHaveLength(0)

    // Paid again, then a later period fails too: told again, once.
    await ctx.app.db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.userId, trainer.userId))
    await sendRenewalNotices(ctx.app)
    await ctx.app.db
      .update(subscriptions)
      .set({ status: 'past_due', currentPeriodEnd: new Date(periodEnd.getTime() + 30 * DAY) })
      .where(eq(subscriptions.userId, trainer.userId))
    await sendRenewalNotices(ctx.app)
    await sendRenewalNotices(ctx.app)
    expect((await mailsTo(trainer.email)).filter((m) => m.subject.startsWith('No pudimos cobrar tu plan'))).toHaveLength(2)
  })
})
