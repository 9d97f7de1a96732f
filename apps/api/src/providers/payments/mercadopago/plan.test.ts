import { eq } from 'drizzle-orm'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkoutSessions, planChargeRefunds, planCharges, subscriptions, users, webhookEvents } from '../../../db/schema.ts'
import { cancelPlatformSubscription } from '../../../modules/billing/cancel.ts'
import { authorizeOnFakeMercadoPago, registeredMember, startCheckout } from '../../../modules/billing/test-helpers.ts'
import { useMercadoPagoTestApp } from '../../../modules/payout-links/test-helpers.ts'
import { call } from '../../../testing/app.ts'
import { PaymentMethodNotBuiltError } from '../types.ts'
import { MercadoPagoApiError } from './client.ts'
import { mercadoPagoMovements } from './movements.ts'
import { reconcile } from '../../../modules/reconcile/service.ts'
import { recordProviderPlanRefunds } from '../../../modules/billing/charges.ts'
import { RETRY_DAYS, SUBSCRIPTION_RETRIES, type TestCardholder } from './fake/server.ts'

// Issue 26, decision 228: the trainer's platform plan billed by Mercado Pago (the fake), followed
// from its signed notifications (a trigger only: the resource is re-fetched), idempotent and
// order-independent. On PGlite and on PostgreSQL.
const DAY = 24 * 3600_000
let clock = Date.now()
// The helper's deadline (3 s); the outage test waits longer than it.
const TIMEOUT_MS = 3_000
const mp = useMercadoPagoTestApp({}, { now: () => clock })
const ctx = mp.ctx

beforeAll(async () => {
  // The fake's sender posts over HTTP, as Mercado Pago does.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = ctx.app.server.address() as AddressInfo
  mp.fake.setNotificationUrl(`http://127.0.0.1:${port}/api/v1/payments/mercadopago/webhook`)
})

/** A notification signed now (the fake's clock runs ahead of the wall clock in these tests). */
const send = (type: string, dataId: string, opts: { id?: number; ts?: string; secret?: string; requestId?: string } = {}) =>
  mp.fake.sendNotification(
    { type, action: type === 'subscription_preapproval' ? 'updated' : 'created', dataId, id: opts.id },
    { ts: opts.ts ?? String(Date.now()), secret: opts.secret, requestId: opts.requestId },
  )

const subOf = async (userId: string) => (await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]
const roleOf = async (userId: string) => (await ctx.app.db.select().from(users).where(eq(users.id, userId)))[0]!.role
const planChargesOf = async (userId: string) =>
  (await ctx.app.db.select().from(planCharges).where(eq(planCharges.userId, userId))).map((c) => [c.providerChargeId, c.amountClp])
const chargesOf = (preapprovalId: string) => mp.fake.authorizedPayments.filter((c) => c.preapproval_id === preapprovalId)

/** A member opens the checkout and authorizes on the fake's page, without coming back to our page. */
async function authorizedWithoutReturn(holder: TestCardholder) {
  const member = await registeredMember(ctx.app)
  const res = await startCheckout(ctx.app, member)
  expect(res.statusCode).toBe(200)
  const page = new URL(res.json().url)
  expect(page.origin).toBe(mp.fake.url)
  const preapprovalId = page.searchParams.get('preapproval_id')!
  const back = await fetch(`${mp.fake.url}/subscriptions/checkout`, {
    method: 'POST',
    body: new URLSearchParams({ preapproval_id: preapprovalId, cardholder_name: holder }),
    redirect: 'manual',
  })
  expect(back.status).toBe(302)
  // Our success page gets the checkout id (Mercado Pago fills no placeholder: the back URL was set once the id was known).
  expect(new URL(back.headers.get('location')!).searchParams.get('sid')).toBe(preapprovalId)
  return { member, preapprovalId }
}

describe('the trainer plan on Mercado Pago', () => {
  it('trial start → authorized (notification) → first charge paid → invoice.paid; duplicates change nothing twice', async () => {
    clock = Date.now()
    const { member, preapprovalId } = await authorizedWithoutReturn('APRO')
    const [session] = await ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, preapprovalId))
    expect(session).toMatchObject({ provider: 'mercadopago', status: 'open' })
    expect(await subOf(member.id)).toBeUndefined()

    // subscription_preapproval: re-fetched, authorized inside the free trial → the checkout completes.
    const first = await send('subscription_preapproval', preapprovalId, { id: 9_000_001 })
    expect(first.status).toBe(200)
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false })
    const trialing = await subOf(member.id)
    expect(trialing).toMatchObject({ provider: 'mercadopago', providerSubscriptionId: preapprovalId, status: 'trialing' })
    expect(trialing!.trialEnd!.getTime()).toBe(trialing!.currentPeriodEnd!.getTime())
    expect(Math.round((trialing!.trialEnd!.getTime() - clock) / DAY)).toBe(30)
    expect(await roleOf(member.id)).toBe('trainer')

    // The same delivery again: acknowledged as a duplicate. The redirect back to our page changes nothing either.
    expect(JSON.parse((await send('subscription_preapproval', preapprovalId, { id: 9_000_001 })).body).duplicate).toBe(true)
    const verified = await call(ctx.app, 'GET', `/api/v1/platform/checkout/verify/${preapprovalId}`, { token: member.signupToken })
    expect(verified.json()).toEqual({ status: 'complete', paymentStatus: 'no_payment_required' })
    expect(await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toHaveLength(1)

    // The trial ends: Mercado Pago charges the first month, in whole pesos.
    clock += 30 * DAY + 60_000
    const [charge] = mp.fake.runBilling().filter((c) => c.preapproval_id === preapprovalId)
    expect(charge).toMatchObject({ status: 'approved', currency_id: 'CLP' })
    expect(Number.isInteger(charge!.transaction_amount)).toBe(true)
    const paid = await send('subscription_authorized_payment', String(charge!.id))
    expect(paid.status).toBe(200)
    const active = await subOf(member.id)
    expect(active!.status).toBe('active')
    expect(active!.currentPeriodEnd!.toISOString()).toBe(mp.fake.preapprovals.get(preapprovalId)!.next_payment_date)
    // The charge is recorded once, by its id, at its amount (its boleta follows, decision 223).
    expect(await planChargesOf(member.id)).toEqual([[String(charge!.id), charge!.transaction_amount]])
    expect(
      JSON.parse((await send('subscription_authorized_payment', String(charge!.id), { id: paid.notification.id })).body).duplicate,
    ).toBe(true)
    const [event] = await ctx.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `mp:${paid.notification.id}`))
    expect(event).toMatchObject({ provider: 'mercadopago', type: 'subscription_authorized_payment' })

    // A second month; then the first month's notification delivered late changes nothing.
    clock += 31 * DAY
    const [second] = mp.fake.runBilling().filter((c) => c.preapproval_id === preapprovalId)
    expect((await send('subscription_authorized_payment', String(second!.id))).status).toBe(200)
    const renewed = await subOf(member.id)
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(active!.currentPeriodEnd!.getTime())
    expect((await send('subscription_authorized_payment', String(charge!.id))).status).toBe(200)
    expect((await subOf(member.id))!.currentPeriodEnd).toEqual(renewed!.currentPeriodEnd)
    expect((await subOf(member.id))!.status).toBe('active')
    expect((await planChargesOf(member.id)).map(([id]) => id).sort()).toEqual([String(charge!.id), String(second!.id)].sort())
  })

  it('a declined renewal → past_due while Mercado Pago retries → cancelled after its last retry; late and reordered deliveries change nothing', async () => {
    clock = Date.now()
    const { member, preapprovalId } = await authorizedWithoutReturn('OTHE')
    await send('subscription_preapproval', preapprovalId)
    expect((await subOf(member.id))!.status).toBe('trialing')

    clock += 30 * DAY + 60_000
    const [declined] = mp.fake.runBilling().filter((c) => c.preapproval_id === preapprovalId)
    expect(declined!.status).toBe('rejected')
    const failed = await send('subscription_authorized_payment', String(declined!.id))
    expect(failed.status).toBe(200)
    expect((await subOf(member.id))!.status).toBe('past_due')

    // Mercado Pago retries every RETRY_DAYS, SUBSCRIPTION_RETRIES times, then cancels the subscription.
    clock += (SUBSCRIPTION_RETRIES + 1) * RETRY_DAYS * DAY
    const retries = mp.fake.runBilling().filter((c) => c.preapproval_id === preapprovalId)
    expect(retries.map((c) => c.status)).toEqual(Array(SUBSCRIPTION_RETRIES).fill('rejected'))
    expect(mp.fake.preapprovals.get(preapprovalId)!.status).toBe('cancelled')

    // Delivered out of order: the last retry first (the subscription is read as it is now: cancelled) …
    expect((await send('subscription_authorized_payment', String(retries.at(-1)!.id))).status).toBe(200)
    const canceled = await subOf(member.id)
    expect(canceled!.status).toBe('canceled')
    expect(canceled!.cancelledAt).not.toBeNull()
    // … then the earlier declines and the status change, late: nothing revives or moves it.
    for (const c of [declined!, ...retries.slice(0, -1)])
      expect((await send('subscription_authorized_payment', String(c.id))).status).toBe(200)
    expect((await send('subscription_preapproval', preapprovalId)).status).toBe(200)
    const { updatedAt: _u, ...still } = (await subOf(member.id))!
    const { updatedAt: _c, ...was } = canceled!
    expect(still).toEqual(was)
    expect(chargesOf(preapprovalId)).toHaveLength(SUBSCRIPTION_RETRIES + 1)
    expect(await planChargesOf(member.id)).toEqual([])
  })

  it('a declined charge followed by a new card: paid again; the decline delivered after the payment leaves it active', async () => {
    clock = Date.now()
    const { member, preapprovalId } = await authorizedWithoutReturn('OTHE')
    await send('subscription_preapproval', preapprovalId)
    clock += 30 * DAY + 60_000
    const [declined] = mp.fake.runBilling().filter((c) => c.preapproval_id === preapprovalId)
    mp.fake.setCardholder(preapprovalId, 'APRO')
    clock += RETRY_DAYS * DAY
    const [recovered] = mp.fake.runBilling().filter((c) => c.preapproval_id === preapprovalId)
    expect(recovered!.status).toBe('approved')
    // Reordered: the payment first, the decline after it.
    await send('subscription_authorized_payment', String(recovered!.id))
    expect((await subOf(member.id))!.status).toBe('active')
    await send('subscription_authorized_payment', String(declined!.id))
    expect((await subOf(member.id))!.status).toBe('active')
    // Only the payment is a charge of ours; the decline records nothing.
    expect(await planChargesOf(member.id)).toEqual([[String(recovered!.id), recovered!.transaction_amount]])
  })

  it('forged, stale and tampered notifications are refused and change nothing', async () => {
    clock = Date.now()
    const { member, preapprovalId } = await authorizedWithoutReturn('APRO')
    expect((await send('subscription_preapproval', preapprovalId, { secret: 'not-the-secret' })).status).toBe(400)
    expect((await send('subscription_preapproval', preapprovalId, { ts: String(Date.now() - 11 * 60_000) })).status).toBe(400)
    // Signed for another resource: the body's data.id is not what was signed.
    const webhook = `/api/v1/payments/mercadopago/webhook`
    // A genuine notification of a preapproval that is not ours: acknowledged, nothing applied.
    const good = await send('subscription_preapproval', 'aaaaaaaaaaaaaaaa', { id: 9_000_002 })
    expect(JSON.parse(good.body)).toEqual({ received: true, duplicate: false })
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: webhook,
      headers: { 'content-type': 'application/json', 'x-request-id': good.requestId, 'x-signature': `ts=${good.ts},v1=${'0'.repeat(64)}` },
      payload: JSON.stringify({ ...good.notification, data: { id: preapprovalId } }),
    })
    expect(tampered.statusCode).toBe(400)
    expect(
      (await ctx.app.inject({ method: 'POST', url: webhook, headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode,
    ).toBe(400)
    expect(await subOf(member.id)).toBeUndefined()
  })

  it('an outage of Mercado Pago answers 503, records nothing, and its retry applies; the process lives', async () => {
    clock = Date.now()
    const { member, preapprovalId } = await authorizedWithoutReturn('APRO')
    mp.fake.faults.status = 500
    mp.fake.faults.times = Infinity
    const down = await send('subscription_preapproval', preapprovalId, { id: 9_000_003 })
    expect(down.status).toBe(503)
    expect(JSON.parse(down.body)).toMatchObject({ status: 503, code: 'paymentProviderUnavailable' })
    // Too slow is the same as down (the client's deadline, below ours).
    mp.fake.faults.status = 0
    mp.fake.faults.delayMs = TIMEOUT_MS + 500
    mp.fake.faults.times = 2
    expect((await send('subscription_preapproval', preapprovalId, { id: 9_000_003 })).status).toBe(503)
    mp.fake.faults.delayMs = 0
    mp.fake.faults.times = 0
    expect(await subOf(member.id)).toBeUndefined()
    expect(await ctx.app.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'mp:9000003'))).toEqual([])
    // Mercado Pago delivers the same notification again: applied now, once.
    const retried = await send('subscription_preapproval', preapprovalId, { id: 9_000_003 })
    expect(JSON.parse(retried.body)).toEqual({ received: true, duplicate: false })
    expect((await subOf(member.id))!.status).toBe('trialing')
    expect((await call(ctx.app, 'GET', '/api/health')).statusCode).toBe(200)
  })

  it('the checkout fails with 503 while Mercado Pago is down; the redirect back completes it without a notification', async () => {
    const member = await registeredMember(ctx.app)
    mp.fake.faults.status = 503
    mp.fake.faults.times = 1
    expect((await startCheckout(ctx.app, member)).statusCode).toBe(503)
    const res = await startCheckout(ctx.app, member)
    const sessionId = await authorizeOnFakeMercadoPago(ctx.app, member, res.json().url)
    expect((await subOf(member.id))!).toMatchObject({ providerSubscriptionId: sessionId, status: 'trialing' })
  })

  it('cancellation in our pages cancels the preapproval; no hosted portal; refunds by payment id with our key', async () => {
    clock = Date.now()
    const { member, preapprovalId } = await authorizedWithoutReturn('APRO')
    await send('subscription_preapproval', preapprovalId)
    const portal = await ctx.app.payments.createPortal({
      userId: member.id,
      customerId: null,
      returnUrl: `${ctx.config.APP_URL}/dashboard`,
    })
    expect(portal.url).toBe(`${ctx.config.APP_URL}/cuenta`)

    clock += 30 * DAY + 60_000
    const [charge] = mp.fake.runBilling().filter((c) => c.preapproval_id === preapprovalId)
    const refunds = ctx.app.payments.clients
    const paymentId = String(charge!.payment_id)
    const first = await refunds.refund({ paymentId, amountClp: 1000, accountId: null, idempotencyKey: 'refund:test-1' })
    // The same ledger refund again (a retry): the same refund, money moved once.
    expect(await refunds.refund({ paymentId, amountClp: 1000, accountId: null, idempotencyKey: 'refund:test-1' })).toEqual(first)
    expect(mp.fake.payments.get(charge!.payment_id)!.transaction_amount_refunded).toBe(1000)
    await expect(
      refunds.refund({ paymentId, amountClp: charge!.transaction_amount, accountId: null, idempotencyKey: 'refund:test-2' }),
    ).rejects.toBeInstanceOf(MercadoPagoApiError)
    // A seller's payment is refunded with the seller's token: an account not linked here is refused (decision 249).
    await expect(refunds.refund({ paymentId, amountClp: 1000, accountId: 'acct', idempotencyKey: 'k' })).rejects.toBeInstanceOf(
      MercadoPagoApiError,
    )
    // Payments are split at the source: Mercado Pago never transfers afterwards.
    for (const notBuilt of [() => refunds.transfer({} as never), () => refunds.reverseTransfer({} as never)])
      await expect(notBuilt()).rejects.toBeInstanceOf(PaymentMethodNotBuiltError)

    expect(await cancelPlatformSubscription(ctx.app, member.id)).toBe(true)
    expect(mp.fake.preapprovals.get(preapprovalId)!.status).toBe('cancelled')
    await send('subscription_preapproval', preapprovalId)
    expect((await subOf(member.id))!.status).toBe('canceled')
    // Cancelling again (already cancelled at Mercado Pago) is not an error.
    await refunds.cancelSubscription({ subscriptionId: preapprovalId, accountId: null, atPeriodEnd: true })
  })

  it('a repeated trial (two checkouts opened before either completed) is not kept: the second is cancelled', async () => {
    clock = Date.now()
    const member = await registeredMember(ctx.app)
    const a = new URL((await startCheckout(ctx.app, member)).json().url).searchParams.get('preapproval_id')!
    const b = new URL((await startCheckout(ctx.app, member)).json().url).searchParams.get('preapproval_id')!
    for (const id of [a, b]) {
      await fetch(`${mp.fake.url}/subscriptions/checkout`, {
        method: 'POST',
        body: new URLSearchParams({ preapproval_id: id, cardholder_name: 'APRO' }),
        redirect: 'manual',
      })
      await send('subscription_preapproval', id)
    }
    expect(mp.fake.preapprovals.get(a)!.status).toBe('authorized')
    expect(mp.fake.preapprovals.get(b)!.status).toBe('cancelled')
  })

  it("ledger:reconcile compares plan charges and refunds with Mercado Pago's payments, paged (decision 239)", async () => {
    // Far from the other tests' fake dates, their subscriptions ended at Mercado Pago (one of them was
    // authorized there but never completed here: its charges would rightly be reported).
    for (const p of mp.fake.preapprovals.values()) p.status = 'cancelled'
    clock = Date.now() + 400 * DAY
    const from = new Date(clock)
    const { member, preapprovalId } = await authorizedWithoutReturn('APRO')
    await send('subscription_preapproval', preapprovalId)
    // Mercado Pago bills every live subscription of this file's earlier tests too: each charge notified.
    const bill = async () => {
      const made = mp.fake.runBilling()
      for (const c of made) expect((await send('subscription_authorized_payment', String(c.id))).status).toBe(200)
      return made.filter((c) => c.preapproval_id === preapprovalId)
    }
    clock += 30 * DAY + 60_000
    const [charge] = await bill()
    clock += 31 * DAY
    const [second] = await bill()
    expect(await planChargesOf(member.id)).toHaveLength(2)

    const source = mercadoPagoMovements({
      baseUrl: () => mp.fake.url,
      accessToken: () => mp.fake.platformToken,
      timeoutMs: TIMEOUT_MS,
      pageSize: 1,
    })
    const range = () => ({ from, to: new Date(clock + 60_000) })
    const agreed = await reconcile(ctx.app.db, source, range(), 'cli')
    expect(agreed).toMatchObject({ provider: 'mercadopago', differences: [] })
    expect(agreed.ledgerMovements).toBeGreaterThanOrEqual(2)
    expect(agreed.providerMovements).toBe(agreed.ledgerMovements)

    // A refund made at Mercado Pago (its dashboard) that our books lack is reported …
    clock += 60_000
    const { refundId } = await ctx.app.payments.clients.refund({
      paymentId: String(charge!.payment_id),
      amountClp: 5_000,
      accountId: null,
      idempotencyKey: 'dashboard-refund',
    })
    expect((await reconcile(ctx.app.db, source, range(), 'cli')).differences).toEqual([
      { kind: 'missing-in-ledger', movement: 'plan_refund', providerId: refundId, ledgerClp: null, providerClp: 5_000 },
    ])
    // … and agrees once the refund is in our books (as its report records it).
    await ctx.app.db.transaction((tx) => recordProviderPlanRefunds(tx, String(charge!.payment_id), [{ id: refundId, amount: 5_000 }]))
    // Recorded on the wall clock; this test's Mercado Pago runs 400 days ahead of it.
    await ctx.app.db
      .update(planChargeRefunds)
      .set({ createdAt: new Date(clock) })
      .where(eq(planChargeRefunds.providerRefundId, refundId))
    expect((await reconcile(ctx.app.db, source, range(), 'cli')).differences).toEqual([])
    // A charge in our books that Mercado Pago never made is reported too.
    mp.fake.payments.delete(second!.payment_id)
    expect((await reconcile(ctx.app.db, source, range(), 'cli')).differences).toEqual([
      {
        kind: 'missing-at-provider',
        movement: 'plan_charge',
        providerId: String(second!.payment_id),
        ledgerClp: second!.transaction_amount,
        providerClp: null,
      },
    ])
  })
})
