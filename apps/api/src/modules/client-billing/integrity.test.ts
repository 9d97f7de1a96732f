import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { clientCheckouts, clientInvitations, clientPayments, clientSubscriptions, mailOutbox, subscriptions } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp } from '../../testing/app.ts'
import { checkLedger } from '../ledger/check.ts'
import { stripeClientBilling, subscriptionObject } from '../../testing/stripe-client-billing.ts'
import { confirmClient, createOffer, invite, startClientCheckout, type TestTrainer } from './test-helpers.ts'

// Issue 19, findings 2 to 5, on Stripe against the local recording server: what the provider was
// asked to do (cancel, refund, transfer) is asserted, not only what the database says.
const { ctx, stripe, money, deliver, stripeTrainer, checkout, invoice } = await stripeClientBilling('whsec_integrity')
const ACCOUNT = 'acct_integrity'

const completed = (sessionId: string, sub: string, paymentStatus = 'paid') =>
  deliver(
    'checkout.session.completed',
    {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: paymentStatus,
      subscription: sub,
      customer: `cus_${sub}`,
      metadata: { kind: 'client' },
    },
    { account: ACCOUNT },
  )

const subscriptionOf = async (providerSubscriptionId: string) =>
  (await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.providerSubscriptionId, providerSubscriptionId)))[0]
const checkoutRow = async (id: string) => (await ctx.app.db.select().from(clientCheckouts).where(eq(clientCheckouts.id, id)))[0]
const cancelledAtStripe = (sub: string) => stripe.calls('DELETE', `/v1/subscriptions/${sub}`).length
const refundsOf = (charge: string) => money.refunds.filter((r) => r.charge === charge).reduce((sum, r) => sum + r.amount, 0)

let trainer: TestTrainer
beforeAll(async () => {
  trainer = await stripeTrainer(ACCOUNT)
}, 30_000)

describe('finding 2: one invitation, one checkout, one subscription', () => {
  it('three parallel checkouts of one invitation answer one checkout; a second paid subscription is cancelled and refunded', async () => {
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 20_000 })
    const inv = await invite(ctx.app, trainer.token, offer.id)
    const clientToken = await confirmClient(ctx.app, inv.link, inv.email)
    const started = await Promise.all([1, 2, 3].map(() => startClientCheckout(ctx.app, inv.link, clientToken)))
    for (const res of started) expect(res.statusCode, res.body).toBe(200)
    const ids = new Set(started.map((r) => r.json().checkoutId as string))
    expect(ids.size).toBe(1)
    const [checkoutId] = [...ids]
    const [invitation] = await ctx.app.db
      .select()
      .from(clientInvitations)
      .where(eq(clientInvitations.id, (await checkoutRow(checkoutId)).invitationId))
    expect(
      await ctx.app.db
        .select()
        .from(clientCheckouts)
        .where(and(eq(clientCheckouts.invitationId, invitation.id), eq(clientCheckouts.status, 'open'))),
    ).toHaveLength(1)

    expect((await completed(checkoutId, 'sub_one_a')).statusCode).toBe(200)
    expect((await deliver('invoice.paid', invoice('sub_one_a', 'ch_one_a', 20_000), { account: ACCOUNT })).statusCode).toBe(200)
    // A stale provider session of the same invitation is paid too: nothing new starts, all of it goes back.
    const stale = await deliver('invoice.paid', invoice('sub_one_b', 'ch_one_b', 20_000, { kind: 'client', invitationId: invitation.id }), {
      account: ACCOUNT,
    })
    expect(stale.statusCode).toBe(200)
    expect(await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.invitationId, invitation.id))).toHaveLength(1)
    expect(await subscriptionOf('sub_one_b')).toBeUndefined()
    expect(cancelledAtStripe('sub_one_b')).toBe(1)
    expect(refundsOf('ch_one_b')).toBe(20_000)
    expect(await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, 'ch_one_b'))).toEqual([])
    // The invitation is used: a new checkout is refused.
    expect((await startClientCheckout(ctx.app, inv.link, clientToken)).statusCode).toBe(409)
  })
})

describe('finding 2: completion re-checks what the start of the checkout checked', () => {
  it('an offer retired while the client paid: no subscription, the subscription ends at Stripe, the charge is refunded', async () => {
    const c = await checkout(trainer, 15_000)
    expect((await call(ctx.app, 'POST', `/api/v1/trainer/offers/${c.offerId}/retire`, { token: trainer.token })).statusCode).toBeLessThan(
      300,
    )
    expect((await completed(c.checkoutId, 'sub_retired')).statusCode).toBe(200)
    expect(await subscriptionOf('sub_retired')).toBeUndefined()
    // Retiring revoked the invitation with it: the first re-check that fails names it.
    expect(await checkoutRow(c.checkoutId)).toMatchObject({ status: 'expired', refusal: 'invitationNotPending' })
    expect(cancelledAtStripe('sub_retired')).toBe(1)
    // Its invoice arrives after: refunded in full, never booked.
    await deliver(
      'invoice.paid',
      invoice('sub_retired', 'ch_retired', 15_000, { kind: 'client', invitationId: (await checkoutRow(c.checkoutId)).invitationId }),
      {
        account: ACCOUNT,
      },
    )
    expect(refundsOf('ch_retired')).toBe(15_000)
    expect(await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, 'ch_retired'))).toEqual([])
  })

  it('checkout completion with payment_status unpaid starts nothing; the paid invoice then starts the subscription', async () => {
    const c = await checkout(trainer, 12_000)
    await completed(c.checkoutId, 'sub_unpaid', 'unpaid')
    expect(await subscriptionOf('sub_unpaid')).toBeUndefined()
    expect(await checkoutRow(c.checkoutId)).toMatchObject({ status: 'open' })
    const invitationId = (await checkoutRow(c.checkoutId)).invitationId
    await deliver('invoice.paid', invoice('sub_unpaid', 'ch_unpaid', 12_000, { kind: 'client', invitationId }), { account: ACCOUNT })
    expect(await subscriptionOf('sub_unpaid')).toMatchObject({ state: 'active', priceClp: 12_000 })
    expect(refundsOf('ch_unpaid')).toBe(0)
  })
})

describe('finding 3: events applied in order', () => {
  it('an older `updated` delivered after `deleted` does not revive a client subscription', async () => {
    const c = await checkout(trainer, 11_000)
    await completed(c.checkoutId, 'sub_order')
    const now = Math.floor(Date.now() / 1000)
    await deliver('customer.subscription.deleted', subscriptionObject('sub_order', 'canceled'), { account: ACCOUNT, created: now })
    expect(await subscriptionOf('sub_order')).toMatchObject({ state: 'cancelled' })
    await deliver('customer.subscription.updated', subscriptionObject('sub_order', 'past_due'), { account: ACCOUNT, created: now - 60 })
    await deliver('customer.subscription.updated', subscriptionObject('sub_order', 'active'), { account: ACCOUNT, created: now + 5 })
    expect(await subscriptionOf('sub_order')).toMatchObject({ state: 'cancelled' })
  })

  it('an older event never overwrites a newer state of a live subscription', async () => {
    const c = await checkout(trainer, 10_500)
    await completed(c.checkoutId, 'sub_newer')
    const now = Math.floor(Date.now() / 1000)
    await deliver('customer.subscription.updated', subscriptionObject('sub_newer', 'past_due'), { account: ACCOUNT, created: now })
    await deliver('customer.subscription.updated', subscriptionObject('sub_newer', 'active'), { account: ACCOUNT, created: now - 30 })
    expect(await subscriptionOf('sub_newer')).toMatchObject({ state: 'past_due' })
  })

  it("a trainer's cancelled platform subscription stays cancelled after an older `updated` (active)", async () => {
    const now = Math.floor(Date.now() / 1000)
    const other = await stripeTrainer('acct_integrity_plat')
    const platform = `sub_plat_${other.userId}`
    await deliver('customer.subscription.deleted', subscriptionObject(platform, 'canceled'), { created: now })
    await deliver('customer.subscription.updated', subscriptionObject(platform, 'active'), { created: now - 60 })
    const [row] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, platform))
    expect(row.status).toBe('canceled')
    // The cancelled trainer can no longer invite (no live subscription).
    const offer = await call(ctx.app, 'POST', '/api/v1/trainer/offers', {
      token: other.token,
      body: { title: 'Plan', description: '4 sesiones', priceClp: 10_000, sessionsPerMonth: 4 },
    })
    expect(offer.json()).toMatchObject({ status: 403, errors: { subscription: 'required' } })
  })
})

describe('finding 5: what was paid is compared with the price', () => {
  it('an invoice of 1 CLP on a 25,000 CLP subscription is booked as 1 CLP and flagged; a late invoice on a cancelled one is flagged and revives nothing', async () => {
    const c = await checkout(trainer, 25_000)
    await completed(c.checkoutId, 'sub_under')
    await deliver('invoice.paid', invoice('sub_under', 'ch_under', 1), { account: ACCOUNT })
    const [under] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, 'ch_under'))
    expect(under).toMatchObject({ amountClp: 1, flag: 'amount_mismatch' })
    expect(under.trainerShareClp + under.gymShareClp + under.platformShareClp).toBe(1)

    await deliver('customer.subscription.deleted', subscriptionObject('sub_under', 'canceled'), { account: ACCOUNT })
    await deliver('invoice.paid', invoice('sub_under', 'ch_late', 25_000), { account: ACCOUNT })
    const [late] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, 'ch_late'))
    expect(late).toMatchObject({ amountClp: 25_000, flag: 'after_cancel' })
    expect(await subscriptionOf('sub_under')).toMatchObject({ state: 'cancelled' })
    expect((await checkLedger(ctx.app.db, { graceMs: 0 })).problems.filter((p) => p.rule !== 'active-subscription-paid')).toEqual([])
    // Operators see both on the Money page.
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const summary = (await call(ctx.app, 'GET', '/api/v1/admin/money/summary', { token: admin.token })).json()
    expect(summary.flagged.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          paymentId: under.id,
          flag: 'amount_mismatch',
          amountClp: 1,
          priceClp: 25_000,
          trainerUserId: trainer.userId,
        }),
        expect.objectContaining({ paymentId: late.id, flag: 'after_cancel', amountClp: 25_000 }),
      ]),
    )
  })
})

describe('finding 4: a deactivated trainer takes no more money', () => {
  it('offers hidden, invitations and checkouts refused, running subscriptions ended at Stripe with a mail, a paid checkout refused', async () => {
    const seller = await stripeTrainer('acct_integrity_deactivated')
    const running = await checkout(seller, 18_000)
    await completed(running.checkoutId, 'sub_deact_running')
    const pending = await checkout(seller, 19_000)
    const offer = await createOffer(ctx.app, seller.token, { priceClp: 17_000 })
    const unopened = await invite(ctx.app, seller.token, offer.id)
    expect((await call(ctx.app, 'GET', `/api/v1/trainers/${seller.trainerId}/offers`)).statusCode).toBe(200)

    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const off = await call(ctx.app, 'POST', `/api/v1/admin/trainers/${seller.userId}/deactivate`, {
      token: admin.token,
      body: { reason: 'Chargeback fraud' },
      ip: freshIp(),
    })
    expect(off.statusCode, off.body).toBe(200)

    expect((await call(ctx.app, 'GET', `/api/v1/trainers/${seller.trainerId}/offers`)).statusCode).toBe(404)
    expect((await call(ctx.app, 'GET', `/api/v1/client-invitations/${unopened.link}`)).statusCode).toBe(404)
    expect(cancelledAtStripe('sub_deact_running')).toBe(1)
    expect(await subscriptionOf('sub_deact_running')).toMatchObject({ state: 'cancelled' })
    const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, running.email))
    expect(mail).toBeDefined()
    // The checkout started before the deactivation is paid: refused and given back.
    await completed(pending.checkoutId, 'sub_deact_pending')
    expect(await checkoutRow(pending.checkoutId)).toMatchObject({ status: 'expired', refusal: 'trainerInactive' })
    expect(cancelledAtStripe('sub_deact_pending')).toBe(1)
  })
})

describe('decision 198: the current period refunded in full ends the subscription', () => {
  it('a part refund keeps it; the rest of the refund ends it here and at Stripe; an older period refunded in full does not', async () => {
    const c = await checkout(trainer, 16_000)
    await completed(c.checkoutId, 'sub_refunded')
    await deliver('invoice.paid', invoice('sub_refunded', 'ch_refunded_1', 16_000), { account: ACCOUNT })
    await deliver('invoice.paid', invoice('sub_refunded', 'ch_refunded_2', 16_000), { account: ACCOUNT })
    const [older] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, 'ch_refunded_1'))
    const [newest] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, 'ch_refunded_2'))
    const refund = (id: string, body: Record<string, unknown>) =>
      call(ctx.app, 'POST', `/api/v1/trainer/payments/${id}/refunds`, { token: trainer.token, body })

    expect((await refund(older.id, {})).statusCode).toBe(200)
    expect(await subscriptionOf('sub_refunded')).toMatchObject({ state: 'active' })
    expect((await refund(newest.id, { amountClp: 6_000 })).statusCode).toBe(200)
    expect(await subscriptionOf('sub_refunded')).toMatchObject({ state: 'active' })
    expect(cancelledAtStripe('sub_refunded')).toBe(0)
    expect((await refund(newest.id, {})).statusCode).toBe(200)
    expect(await subscriptionOf('sub_refunded')).toMatchObject({ state: 'cancelled' })
    expect(cancelledAtStripe('sub_refunded')).toBe(1)
    // The client sees it ended, with no next charge.
    const mine = (await call(ctx.app, 'GET', '/api/v1/client/subscriptions', { token: c.clientToken })).json()
    expect(mine.data).toEqual([expect.objectContaining({ state: 'cancelled' })])
  })
})
