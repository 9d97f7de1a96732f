import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  clientPayments,
  clientSubscriptions,
  planChargeRefunds,
  planCharges,
  subscriptions,
  taxDocuments,
} from '../../db/schema.ts'
import { recordPlanCharge, recordPlanChargeRefund } from '../billing/charges.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { startFakeStripe, type StripeCall } from '../../testing/fake-stripe.ts'
import { createOffer, eligibleTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { recordPayment, recordRefund, recordTransfer, accounts } from '../ledger/service.ts'
import { commands } from '../../cli/commands.ts'
import type { Config } from '../../config.ts'
import { sandboxMovements } from '../../providers/payments/sandbox/movements.ts'
import { stripeMovements } from '../../providers/payments/stripe/movements.ts'
import { reconcile } from './service.ts'

// Issue 19: `npm run ledger:reconcile` compares the ledger with the provider's own records.
const ctx = useTestApp()
const day = 86400_000
const range = () => ({ from: new Date(Date.now() - 7 * day), to: new Date(Date.now() + 60_000) })

/** A Stripe list endpoint paged two items at a time (the SDK must follow `starting_after`). */
function paged(items: { id: string }[], call: StripeCall, url: string) {
  const after = call.form.starting_after
  const start = after ? items.findIndex((i) => i.id === after) + 1 : 0
  const data = items.slice(start, start + 2)
  return { object: 'list', url, data, has_more: start + 2 < items.length }
}

describe('ledger:reconcile on the sandbox', () => {
  it('agrees after real payments; a charge the ledger lacks is reported, stored and shown to operators', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 20_000 })
    await sandboxClient(ctx.app, trainer.token, offer.id)
    const ok = await reconcile(ctx.app.db, sandboxMovements(ctx.app.db), range(), 'cli')
    expect(ok.differences).toEqual([])
    expect(ok.ledgerMovements).toBeGreaterThanOrEqual(1)
    expect(ok.providerMovements).toBe(ok.ledgerMovements)

    // The provider's record of a charge whose ledger transaction never happened.
    const [p] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.trainerId, trainer.trainerId))
    const ghost = `py_sbx_ghost_${randomUUID()}`
    await ctx.app.db.insert(clientPayments).values({ ...p!, id: undefined, providerPaymentId: ghost, createdAt: undefined })
    const result = await commands['ledger:reconcile']!.run(
      { db: ctx.app.db, kind: 'pglite', appUrl: ctx.config.APP_URL, config: ctx.config },
      {},
    )
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toContain(`DIFFERENCE missing-in-ledger: charge ${ghost}: ledger –, provider 20000 CLP`)

    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const shown = await call(ctx.app, 'GET', '/api/v1/admin/money/reconciliation', { token: admin.token })
    expect(shown.statusCode).toBe(200)
    expect(shown.json().last).toMatchObject({
      ranBy: 'cli',
      provider: 'sandbox',
      differenceCount: 1,
      differences: [{ kind: 'missing-in-ledger', movement: 'charge', providerId: ghost, ledgerClp: null, providerClp: 20_000 }],
    })
    await ctx.app.db.delete(clientPayments).where(eq(clientPayments.providerPaymentId, ghost))
  })
})

describe('ledger:reconcile on Stripe (the local fake, paged lists)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>
  const now = Math.floor(Date.now() / 1000)
  const provider: Record<string, { id: string; [k: string]: unknown }[]> = {}
  beforeAll(async () => {
    fake = await startFakeStripe((c) => {
      const list = {
        '/v1/charges': 'charges',
        '/v1/refunds': 'refunds',
        '/v1/disputes': 'disputes',
        '/v1/transfers': 'transfers',
        '/v1/payouts': 'payouts',
      }[c.path]
      return list && c.method === 'GET' ? paged(provider[list] ?? [], c, c.path) : undefined
    })
  })
  afterAll(() => fake?.close())

  it('reports a transfer reversed at Stripe but not in the ledger, a dispute and a charge it lacks, and a refund Stripe never made', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 10_000 })
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    const [sandboxSub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, client.subscriptionId))
    const [sub] = await ctx.app.db
      .insert(clientSubscriptions)
      .values({
        ...sandboxSub!,
        id: undefined,
        // One subscription per invitation (migration 0007): this hand-made copy has none.
        invitationId: null,
        provider: 'stripe',
        providerSubscriptionId: `sub_${randomUUID()}`,
        createdAt: undefined,
        updatedAt: undefined,
      })
      .returning()
    const charge = `ch_${randomUUID().slice(0, 8)}`
    const { payment } = await recordPayment(ctx.app.db, sub!, { providerPaymentId: charge, amountClp: 10_000, paidAt: new Date() })
    await recordTransfer(ctx.app.db, {
      sourceKey: `transfer:${payment.id}:trainer`,
      paymentId: payment.id,
      account: accounts.trainer(trainer.trainerId),
      amountClp: payment.trainerShareClp,
    })
    await recordRefund(ctx.app.db, { paymentId: payment.id, providerRefundId: 're_matched', amountClp: 1_000, kind: 'refund' })
    await recordRefund(ctx.app.db, { paymentId: payment.id, providerRefundId: 're_never_made', amountClp: 500, kind: 'refund' })
    // The trainer's platform plan at Stripe (decision 239): one charge in both books, refunded at
    // Stripe only; one charge and its refund in ours that Stripe never made.
    const [trainerPlan] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, trainer.userId))
    const [planSub] = await ctx.app.db
      .insert(subscriptions)
      .values({ ...trainerPlan!, id: undefined, provider: 'stripe', providerSubscriptionId: `sub_${randomUUID()}` })
      .returning()
    const paidAt = new Date()
    await recordPlanCharge(ctx.app.db, planSub!, {
      providerChargeId: `in_${randomUUID()}`,
      providerPaymentId: 'ch_plan',
      amountClp: 19_990,
      paidAt,
    })
    await recordPlanCharge(ctx.app.db, planSub!, {
      providerChargeId: `in_${randomUUID()}`,
      providerPaymentId: 'ch_plan_ghost',
      amountClp: 19_990,
      paidAt,
    })
    const [ghost] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.providerPaymentId, 'ch_plan_ghost'))
    await ctx.app.db.transaction((tx) => recordPlanChargeRefund(tx, { chargeId: ghost!.id, refundId: 're_plan_ghost', amountClp: 5_000 }))

    provider.charges = [
      { id: charge, object: 'charge', amount: 10_000, amount_captured: 10_000, paid: true, created: now, metadata: {} },
      {
        id: 'ch_client_lost',
        object: 'charge',
        amount: 7_000,
        amount_captured: 7_000,
        paid: true,
        created: now,
        metadata: { kind: 'client' },
      },
      // A trainer paying their platform plan: not client billing, matched with plan_charges.
      { id: 'ch_plan', object: 'charge', amount: 19_990, amount_captured: 19_990, paid: true, created: now, metadata: {} },
    ]
    provider.refunds = [
      { id: 're_matched', object: 'refund', amount: 1_000, charge, status: 'succeeded', created: now },
      { id: 're_plan', object: 'refund', amount: 19_990, charge: 'ch_plan', status: 'succeeded', created: now },
    ]
    provider.disputes = [{ id: 'dp_1', object: 'dispute', amount: 8_500, charge, status: 'lost', created: now }]
    provider.transfers = [
      { id: 'tr_1', object: 'transfer', amount: payment.trainerShareClp, amount_reversed: 950, transfer_group: charge, created: now },
    ]
    provider.payouts = [{ id: 'po_1', object: 'payout', amount: 5_000, status: 'paid', created: now }]

    const result = await reconcile(
      ctx.app.db,
      stripeMovements({ ...ctx.config, ...fake.config('whsec_test') } as Config, async () => []),
      range(),
      'cli',
    )
    expect(result.differences).toEqual([
      { kind: 'missing-in-ledger', movement: 'charge', providerId: 'ch_client_lost', ledgerClp: null, providerClp: 7_000 },
      { kind: 'missing-in-ledger', movement: 'dispute', providerId: 'dp_1', ledgerClp: null, providerClp: 8_500 },
      { kind: 'missing-at-provider', movement: 'plan_charge', providerId: 'ch_plan_ghost', ledgerClp: 19_990, providerClp: null },
      { kind: 'missing-in-ledger', movement: 'plan_refund', providerId: 're_plan', ledgerClp: null, providerClp: 19_990 },
      { kind: 'missing-at-provider', movement: 'plan_refund', providerId: 're_plan_ghost', ledgerClp: 5_000, providerClp: null },
      { kind: 'missing-at-provider', movement: 'refund', providerId: 're_never_made', ledgerClp: 500, providerClp: null },
      {
        kind: 'amount-differs',
        movement: 'transfer',
        providerId: charge,
        ledgerClp: payment.trainerShareClp,
        providerClp: payment.trainerShareClp - 950,
      },
    ])
    expect(result.payouts).toEqual({ count: 1, totalClp: 5_000 })
    // Every list was followed to its end: three charges at two a page.
    expect(fake.calls('GET', '/v1/charges').map((c) => c.form.starting_after ?? null)).toEqual([null, provider.charges[1]!.id])
  })
})

describe('plan refunds in our books (decision 239)', () => {
  it('a refund id counts once, also for a charge without a boleta, and the sandbox run agrees on plan charges and refunds', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const [plan] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, trainer.userId))
    const paymentId = `sbx_plan_${randomUUID()}`
    await recordPlanCharge(ctx.app.db, plan!, {
      providerChargeId: paymentId,
      providerPaymentId: paymentId,
      amountClp: 19_990,
      paidAt: new Date(),
    })
    const [charge] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.providerPaymentId, paymentId))
    // A charge recorded before boletas (migration 0028) has no document, so no credit note either.
    await ctx.app.db.delete(taxDocuments).where(eq(taxDocuments.sourceId, charge!.id))
    const refund = { chargeId: charge!.id, refundId: `re_sbx_${randomUUID()}`, amountClp: 4_000 }
    expect(await ctx.app.db.transaction((tx) => recordPlanChargeRefund(tx, refund))).toBe(true)
    expect(await ctx.app.db.transaction((tx) => recordPlanChargeRefund(tx, refund))).toBe(false)
    const [after] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.id, charge!.id))
    expect(after!.refundedClp).toBe(4_000)
    expect(await ctx.app.db.select().from(planChargeRefunds).where(eq(planChargeRefunds.planChargeId, charge!.id))).toEqual([
      expect.objectContaining({ providerRefundId: refund.refundId, amountClp: 4_000 }),
    ])

    const result = await reconcile(ctx.app.db, sandboxMovements(ctx.app.db), range(), 'cli')
    expect(result.differences).toEqual([])
    expect(result.ledgerMovements).toBeGreaterThanOrEqual(2)
    expect(result.providerMovements).toBe(result.ledgerMovements)
  })
})

describe('bulk reads leave an audit row (issue 19)', () => {
  it('each CSV export and the leads list', async () => {
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    for (const url of [
      '/api/v1/admin/leads/export.csv?status=new',
      '/api/v1/admin/audit/export.csv',
      '/api/v1/admin/money/transactions/export.csv?account=platform_revenue',
      '/api/v1/admin/leads?status=new',
    ])
      expect((await call(ctx.app, 'GET', url, { token: admin.token })).statusCode, url).toBe(200)
    const rows = (await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorId, admin.user.id))).filter(
      (r) => r.action !== 'auth.login',
    )
    expect(rows.map((r) => `${r.action} ${r.subjectType}`).sort()).toEqual(
      ['admin.export audit_log', 'admin.export ledger', 'admin.export leads', 'lead.list leads'].sort(),
    )
    expect(rows.find((r) => r.subjectType === 'ledger')!.after).toMatchObject({ filters: { account: 'platform_revenue' } })
  })
})
