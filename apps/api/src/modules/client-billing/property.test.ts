import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clientPayments, clientSubscriptions, payoutAccounts } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp } from '../../testing/app.ts'
import { checkLedger } from '../ledger/check.ts'
import { accounts, balanceOf } from '../ledger/service.ts'
import { reversalShares } from '../ledger/split.ts'
import type { MoneyMovement, MovementSource } from '../../providers/payments/movements.ts'
import { reconcile } from '../reconcile/service.ts'
import { stripeClientBilling, subscriptionObject } from '../../testing/stripe-client-billing.ts'
import { gymWithTrainer } from './test-helpers.ts'

// Issue 19: a model-based property test. Random sequences of client checkouts (events in either
// order, delivered twice), renewals (some of another amount), partial and full refunds, lost
// disputes, cancellations followed by an older `updated`, late invoices, offer retirements, the
// trainer's deactivation and redeliveries of any earlier event, against a gym trainer whose shares leave the platform by transfers. After every
// sequence: `ledger:check` holds; what left to each connected account is exactly its share of
// what the platform kept; what went back to the client is what the books say; nothing is booked
// twice; a cancelled subscription stays cancelled.
const { ctx, money, deliver, checkout, invoice } = await stripeClientBilling('whsec_property')
const GYM_ACCOUNT = 'acct_gym_test'

type Action =
  | { kind: 'start'; price: number; invoiceFirst: boolean; twice: boolean }
  | { kind: 'renew'; sub: number; short: boolean; twice: boolean }
  | { kind: 'refund'; payment: number; fraction: number }
  | { kind: 'dispute'; payment: number }
  | { kind: 'cancel'; sub: number; olderUpdate: boolean }
  | { kind: 'late'; sub: number }
  | { kind: 'redeliver'; event: number }
  | { kind: 'retire'; sub: number }
  | { kind: 'deactivate' }

// Weighted so that most sequences have several clients and payments before anything ends them.
const weighted = (weight: number, arbitrary: fc.Arbitrary<Action>) => ({ weight, arbitrary })
const action: fc.Arbitrary<Action> = fc.oneof(
  weighted(
    5,
    fc.record({
      kind: fc.constant('start' as const),
      price: fc.integer({ min: 1_000, max: 90_000 }),
      invoiceFirst: fc.boolean(),
      twice: fc.boolean(),
    }),
  ),
  weighted(4, fc.record({ kind: fc.constant('renew' as const), sub: fc.nat(), short: fc.boolean(), twice: fc.boolean() })),
  weighted(
    3,
    fc.record({ kind: fc.constant('refund' as const), payment: fc.nat(), fraction: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  ),
  weighted(1, fc.record({ kind: fc.constant('dispute' as const), payment: fc.nat() })),
  weighted(1, fc.record({ kind: fc.constant('cancel' as const), sub: fc.nat(), olderUpdate: fc.boolean() })),
  weighted(2, fc.record({ kind: fc.constant('late' as const), sub: fc.nat() })),
  weighted(2, fc.record({ kind: fc.constant('redeliver' as const), event: fc.nat() })),
  weighted(1, fc.record({ kind: fc.constant('retire' as const), sub: fc.nat() })),
  weighted(1, fc.record({ kind: fc.constant('deactivate' as const) })),
)

let runs = 0
let admin: Awaited<ReturnType<typeof createUserAndLogin>> | undefined
const operator = async () => (admin ??= await createUserAndLogin(ctx.app, { role: 'platform_admin' }))
/** What the provider did, as the fake Stripe recorded it (charges: the invoices the tests paid). */
const paidCharges: { id: string; amount: number }[] = []
const lostDisputes: { id: string; amount: number }[] = []
const fakeStripeRecords: MovementSource = {
  name: 'stripe',
  async *listMoneyMovements() {
    const at = new Date()
    for (const c of paidCharges) yield { kind: 'charge', id: c.id, amountClp: c.amount, at } satisfies MoneyMovement
    for (const r of money.refunds) yield { kind: 'refund', id: r.id, amountClp: r.amount, at } satisfies MoneyMovement
    for (const d of lostDisputes) yield { kind: 'dispute', id: d.id, amountClp: d.amount, at } satisfies MoneyMovement
    const net = new Map<string, number>()
    for (const t of money.transfers) net.set(t.sourceTransaction, (net.get(t.sourceTransaction) ?? 0) + t.amount - t.reversed)
    for (const [id, amountClp] of net) yield { kind: 'transfer', id, amountClp, at } satisfies MoneyMovement
  },
}

/** Plays one sequence against a fresh gym trainer and checks every invariant. */
async function play(actions: Action[]) {
  const run = ++runs
  const gym = await gymWithTrainer(ctx.app)
  const trainerAccount = `acct_prop_${run}_${gym.trainer.trainerId.slice(0, 8)}`
  await ctx.app.db.insert(payoutAccounts).values({
    userId: gym.trainer.userId,
    provider: 'stripe',
    providerAccountId: trainerAccount,
    chargesEnabled: true,
    detailsSubmitted: true,
  })
  const subs: { id: string; offerId: string; price: number; cancelled: boolean }[] = []
  // Deactivated: no new clients or refunds by the trainer; shares of later payments stay held here.
  let deactivated = false
  const heldForTrainer = new Set<string>()
  const charges: string[] = []
  // Each charge's subscription, and each subscription's newest charge (decision 198).
  const subOfCharge = new Map<string, (typeof subs)[number]>()
  const newest = new Map<string, string>()
  const paidFor = (sub: (typeof subs)[number], charge: string) => {
    charges.push(charge)
    subOfCharge.set(charge, sub)
    newest.set(sub.id, charge)
  }
  /** The newest period refunded in full (by the trainer or a lost dispute) ends its subscription. */
  const afterRefund = async (charge: string) => {
    const payment = await paymentOf(charge)
    const sub = subOfCharge.get(charge)!
    if (payment.refundedClp === payment.amountClp && newest.get(sub.id) === charge) sub.cancelled = true
  }
  const disputed = new Set<string>()
  const sent: { type: string; object: Record<string, unknown>; id: string; created: number }[] = []
  let n = 0
  const send = async (type: string, object: Record<string, unknown>, opts: { id?: string; created?: number } = {}) => {
    const event = { type, object, id: opts.id ?? `evt_p${run}_${++n}`, created: opts.created ?? Math.floor(Date.now() / 1000) }
    sent.push(event)
    const res = await deliver(type, object, { id: event.id, created: event.created })
    expect(res.statusCode, res.body).toBe(200)
  }
  const paymentOf = async (charge: string) =>
    (await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, charge)))[0]

  for (const a of actions) {
    if (a.kind === 'start') {
      if (deactivated) continue
      const c = await checkout(gym.trainer, a.price)
      const sub = `sub_p${run}_${subs.length}`
      const charge = `ch_p${run}_${++n}`
      const completed = {
        id: c.checkoutId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        subscription: sub,
        customer: `cus_${sub}`,
        metadata: { kind: 'client' },
      }
      const paid = invoice(sub, charge, a.price, { kind: 'client', invitationId: c.invitationId })
      const invoiceId = `evt_p${run}_inv_${charge}`
      if (a.invoiceFirst) await send('invoice.paid', paid, { id: invoiceId })
      await send('checkout.session.completed', completed)
      if (!a.invoiceFirst) await send('invoice.paid', paid, { id: invoiceId })
      if (a.twice) await send('invoice.paid', paid, { id: invoiceId })
      subs.push({ id: sub, offerId: c.offerId, price: a.price, cancelled: false })
      paidFor(subs.at(-1)!, charge)
      paidCharges.push({ id: charge, amount: a.price })
    } else if (a.kind === 'renew' || a.kind === 'late') {
      const pool = subs.filter((s) => (a.kind === 'late' ? s.cancelled : !s.cancelled))
      if (!pool.length) continue
      const sub = pool[a.sub % pool.length]
      const charge = `ch_p${run}_${++n}`
      const amount = a.kind === 'renew' && a.short ? sub.price - 1 : sub.price
      const id = `evt_p${run}_inv_${charge}`
      await send('invoice.paid', invoice(sub.id, charge, amount), { id })
      if (a.kind === 'renew' && a.twice) await send('invoice.paid', invoice(sub.id, charge, amount), { id })
      paidFor(sub, charge)
      paidCharges.push({ id: charge, amount })
      if (deactivated) heldForTrainer.add(charge)
    } else if (a.kind === 'refund') {
      if (!charges.length || deactivated) continue
      const payment = await paymentOf(charges[a.payment % charges.length])
      const remaining = payment.amountClp - payment.refundedClp
      if (remaining === 0) continue
      const amountClp = Math.max(1, Math.floor(remaining * a.fraction))
      const res = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
        token: gym.trainer.token,
        body: { amountClp },
      })
      expect(res.statusCode, res.body).toBe(200)
      await afterRefund(payment.providerPaymentId)
    } else if (a.kind === 'dispute') {
      if (!charges.length) continue
      const charge = charges[a.payment % charges.length]
      const payment = await paymentOf(charge)
      const dispute = `dp_p${run}_${++n}`
      await send('charge.dispute.created', { id: dispute, object: 'dispute', charge, amount: payment.amountClp, status: 'lost' })
      // The provider takes back what was not refunded yet; a dispute of a refunded charge moves nothing.
      if (payment.amountClp > payment.refundedClp) lostDisputes.push({ id: dispute, amount: payment.amountClp - payment.refundedClp })
      disputed.add(charge)
      await afterRefund(charge)
    } else if (a.kind === 'cancel') {
      const pool = subs.filter((s) => !s.cancelled)
      if (!pool.length) continue
      const sub = pool[a.sub % pool.length]
      const now = Math.floor(Date.now() / 1000)
      await send('customer.subscription.deleted', subscriptionObject(sub.id, 'canceled'), { created: now })
      if (a.olderUpdate) await send('customer.subscription.updated', subscriptionObject(sub.id, 'active'), { created: now - 60 })
      sub.cancelled = true
    } else if (a.kind === 'retire') {
      // Running subscriptions keep their price and renew; only new checkouts of the offer stop.
      if (!subs.length || deactivated) continue
      const res = await call(ctx.app, 'POST', `/api/v1/trainer/offers/${subs[a.sub % subs.length].offerId}/retire`, {
        token: gym.trainer.token,
      })
      expect(res.statusCode, res.body).toBe(200)
    } else if (a.kind === 'deactivate') {
      // Only once there is money to stop: a deactivation before any payment proves nothing.
      if (deactivated || charges.length < 2) continue
      const res = await call(ctx.app, 'POST', `/api/v1/admin/trainers/${gym.trainer.userId}/deactivate`, {
        token: (await operator()).token,
        body: { reason: 'Property test' },
        ip: freshIp(),
      })
      expect(res.statusCode, res.body).toBe(200)
      for (const sub of subs) sub.cancelled = true
      deactivated = true
    } else if (a.kind === 'redeliver') {
      if (!sent.length) continue
      const again = sent[a.event % sent.length]
      const res = await deliver(again.type, again.object, { id: again.id, created: again.created })
      expect(res.statusCode).toBe(200)
    }
  }

  // The books hold.
  expect((await checkLedger(ctx.app.db, { graceMs: 0 })).problems).toEqual([])
  // Every charge booked once, on its subscription; every share that stayed was paid out.
  const payments = charges.length
    ? await ctx.app.db.select().from(clientPayments).where(inArray(clientPayments.providerPaymentId, charges))
    : []
  expect(payments).toHaveLength(charges.length)
  expect(await balanceOf(ctx.app.db, accounts.gym(gym.gymId))).toBe(0)
  let held = 0
  for (const p of payments) {
    const charge = p.providerPaymentId
    // What left to each connected account is exactly its share of what the platform kept; a
    // deactivated trainer is paid nothing (the share stays as their balance).
    const back = reversalShares({ trainer: p.trainerShareClp, gym: p.gymShareClp, platform: p.platformShareClp }, 0, p.refundedClp)
    const trainerKept = p.trainerShareClp - back.trainer
    if (heldForTrainer.has(charge)) held += trainerKept
    expect(money.netTo(trainerAccount, charge), charge).toBe(heldForTrainer.has(charge) ? 0 : trainerKept)
    expect(money.netTo(GYM_ACCOUNT, charge), charge).toBe(p.gymShareClp - back.gym)
    // What went back to the client is what the books say (a lost dispute takes the rest).
    const refunded = money.refunds.filter((r) => r.charge === charge).reduce((s, r) => s + r.amount, 0)
    if (disputed.has(charge)) expect(p.refundedClp).toBe(p.amountClp)
    else expect(p.refundedClp, charge).toBe(refunded)
  }
  expect(await balanceOf(ctx.app.db, accounts.trainer(gym.trainer.trainerId))).toBe(held)
  // Cancelled is final; live ones are live.
  for (const s of subs) {
    const [row] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.providerSubscriptionId, s.id))
    expect(row.state, s.id).toBe(s.cancelled ? 'cancelled' : 'active')
  }
}

describe('client billing model (issue 19)', () => {
  it('random sequences of checkouts, renewals, refunds, disputes, cancellations and redeliveries keep every peso where it belongs', async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 6, maxLength: 16 }), play), { numRuns: 15 })
    const check = await checkLedger(ctx.app.db, { graceMs: 0 })
    expect(check.problems).toEqual([])
    // ledger:reconcile on the database the sequences filled: the books and the provider agree.
    const day = 86_400_000
    const reconciled = await reconcile(
      ctx.app.db,
      fakeStripeRecords,
      { from: new Date(Date.now() - day), to: new Date(Date.now() + day) },
      'test',
    )
    expect(reconciled.differences).toEqual([])
    expect(reconciled.ledgerMovements).toBeGreaterThan(0)
  }, 600_000)
})
