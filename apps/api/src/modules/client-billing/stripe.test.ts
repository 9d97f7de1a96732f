import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { clientPayments, clientRefunds, clientSubscriptions, ledgerTransactions, payoutAccounts } from '../../db/schema.ts'
import { call } from '../../testing/app.ts'
import { checkLedger } from '../ledger/check.ts'
import { balanceOf } from '../ledger/service.ts'
import { stripeClientBilling } from '../../testing/stripe-client-billing.ts'
import { gymWithTrainer, type TestGym, type TestTrainer } from './test-helpers.ts'

// Client billing on Stripe (decision 063) against the local recording server: direct charges
// with an application fee for independent trainers, platform charges plus transfers for gym
// trainers; signed webhooks applied exactly once with their ledger entries.
const { ctx, stripe, money, deliver, stripeTrainer, checkout, invoice } = await stripeClientBilling('whsec_client_billing')

let independent: TestTrainer
let gym: TestGym
beforeAll(async () => {
  independent = await stripeTrainer('acct_independent')
  gym = await gymWithTrainer(ctx.app)
  await ctx.app.db.insert(payoutAccounts).values({
    userId: gym.trainer.userId,
    provider: 'stripe',
    providerAccountId: 'acct_gym_trainer',
    chargesEnabled: true,
    detailsSubmitted: true,
  })
}, 30_000)

describe("independent trainer: a direct charge on the trainer's account with the platform fee", () => {
  it('checkout, exactly-once payment under parallel duplicate deliveries, failure, refunds, dispute, end', async () => {
    const c = await checkout(independent, 25_000)
    const sent = stripe.calls('POST', '/v1/checkout/sessions').at(-1)!
    expect(sent.headers['stripe-account']).toBe('acct_independent')
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      customer_email: c.email,
      'line_items[0][price_data][currency]': 'clp',
      'line_items[0][price_data][unit_amount]': '25000',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[application_fee_percent]': '5',
      'metadata[kind]': 'client',
      'subscription_data[metadata][clientUserId]': c.clientId,
    })

    const completed = await deliver(
      'checkout.session.completed',
      {
        id: c.checkoutId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        subscription: 'sub_ind_1',
        customer: 'cus_ind_1',
        metadata: { kind: 'client' },
      },
      { account: 'acct_independent' },
    )
    expect(completed.statusCode, completed.body).toBe(200)
    expect(stripe.calls('GET', '/v1/subscriptions/sub_ind_1').at(-1)!.headers['stripe-account']).toBe('acct_independent')
    const [sub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.providerSubscriptionId, 'sub_ind_1'))
    expect(sub).toMatchObject({
      state: 'active',
      providerAccountId: 'acct_independent',
      trainerBps: 9500,
      gymBps: 0,
      platformBps: 500,
      priceClp: 25_000,
    })

    // The same event delivered five times at once, and the same charge under another event id.
    const paid = invoice('sub_ind_1', 'ch_ind_1', 25_000)
    const results = await Promise.all(
      Array.from({ length: 5 }, () => deliver('invoice.paid', paid, { id: 'evt_ind_paid_1', account: 'acct_independent' })),
    )
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1)
    expect((await deliver('invoice.paid', paid, { id: 'evt_ind_paid_again', account: 'acct_independent' })).statusCode).toBe(200)
    const payments = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.subscriptionId, sub.id))
    expect(payments).toEqual([
      expect.objectContaining({ providerPaymentId: 'ch_ind_1', amountClp: 25_000, trainerShareClp: 23_750, platformShareClp: 1_250 }),
    ])
    // The trainer's share never reached the platform: settled at once.
    expect(await balanceOf(ctx.app.db, `trainer:${independent.trainerId}`)).toBe(0)
    expect(await ctx.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, payments[0].id))).toHaveLength(2)

    expect(
      (
        await deliver(
          'invoice.payment_failed',
          { id: 'in_fail', object: 'invoice', subscription: 'sub_ind_1' },
          { account: 'acct_independent' },
        )
      ).statusCode,
    ).toBe(200)
    expect((await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, sub.id)))[0].state).toBe('past_due')

    // A refund from the dashboard: on the connected account, with the platform fee refunded too.
    const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payments[0].id}/refunds`, {
      token: independent.token,
      body: { amountClp: 5_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    const refundCall = stripe.calls('POST', '/v1/refunds').at(-1)!
    expect(refundCall.headers['stripe-account']).toBe('acct_independent')
    expect(refundCall.headers['idempotency-key']).toBeTruthy()
    expect(refundCall.form).toMatchObject({ charge: 'ch_ind_1', amount: '5000', refund_application_fee: 'true' })
    const refundId = money.refunds.at(-1)!.id
    // Stripe reports it (and one made in its own dashboard): the first is already applied.
    const report = await deliver(
      'charge.refunded',
      {
        id: 'ch_ind_1',
        object: 'charge',
        refunds: {
          object: 'list',
          data: [
            { id: refundId, amount: 5_000 },
            { id: 're_dashboard', amount: 1_000 },
          ],
        },
      },
      { account: 'acct_independent' },
    )
    expect(report.statusCode).toBe(200)
    expect(await ctx.app.db.select().from(clientRefunds).where(eq(clientRefunds.paymentId, payments[0].id))).toHaveLength(2)
    const dispute = await deliver(
      'charge.dispute.created',
      { id: 'dp_1', object: 'dispute', charge: 'ch_ind_1', amount: 25_000 },
      { account: 'acct_independent' },
    )
    expect(dispute.statusCode).toBe(200)
    const [after] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.id, payments[0].id))
    expect(after.refundedClp).toBe(25_000)
    expect(after.disputedAt).not.toBeNull()
    // Issue 19 finding 1: the connected account gave back the trainer's part; nobody is below zero.
    expect(await balanceOf(ctx.app.db, `trainer:${independent.trainerId}`)).toBe(0)
    const reversed = await ctx.app.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.paymentId, payments[0].id), eq(ledgerTransactions.kind, 'transfer_reversal')))
    expect(reversed).toHaveLength(3)

    await deliver('customer.subscription.deleted', {
      id: 'sub_ind_1',
      object: 'subscription',
      customer: 'cus_ind_1',
      status: 'canceled',
      cancel_at_period_end: false,
      canceled_at: Math.floor(Date.now() / 1000),
      items: { object: 'list', data: [] },
    })
    expect((await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, sub.id)))[0].state).toBe('cancelled')
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })

  it('the trainer cancelling a client cancels the subscription on the connected account', async () => {
    const c = await checkout(independent, 15_000)
    await deliver(
      'checkout.session.completed',
      {
        id: c.checkoutId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        subscription: 'sub_ind_2',
        customer: 'cus_ind_2',
        metadata: { kind: 'client' },
      },
      { account: 'acct_independent' },
    )
    const [sub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.providerSubscriptionId, 'sub_ind_2'))
    const res = await call(ctx.app, 'POST', `/api/v1/trainer/clients/${sub.id}/cancel`, { token: independent.token })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().state).toBe('cancelled')
    const cancel = stripe.calls('DELETE', '/v1/subscriptions/sub_ind_2').at(-1)!
    expect(cancel.headers['stripe-account']).toBe('acct_independent')
  })

  it('a webhook with a bad signature is refused and changes nothing', async () => {
    const before = await ctx.app.db.select().from(clientPayments)
    const res = await deliver('invoice.paid', invoice('sub_ind_1', 'ch_forged', 99_999), { signature: 't=1,v1=forged' })
    expect(res.statusCode).toBe(400)
    expect(await ctx.app.db.select().from(clientPayments)).toEqual(before)
  })
})

describe("gym trainer: the platform charges, then transfers the trainer's and the gym's shares", () => {
  it('the invoice arriving before the checkout event starts the subscription; transfers 60 % and 35 %', async () => {
    const c = await checkout(gym.trainer, 40_000)
    const sent = stripe.calls('POST', '/v1/checkout/sessions').at(-1)!
    expect(sent.headers['stripe-account']).toBeUndefined()
    expect(sent.form['subscription_data[application_fee_percent]']).toBeUndefined()
    const [checkoutRow] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.clientUserId, c.clientId))
    expect(checkoutRow).toBeUndefined()

    const paid = invoice('sub_gym_1', 'ch_gym_1', 40_000, { kind: 'client', invitationId: c.invitationId, clientUserId: c.clientId })
    const results = await Promise.all([1, 2, 3].map(() => deliver('invoice.paid', paid, { id: 'evt_gym_paid_1' })))
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    const [sub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.providerSubscriptionId, 'sub_gym_1'))
    expect(sub).toMatchObject({ gymId: gym.gymId, trainerBps: 6000, gymBps: 3500, platformBps: 500, providerAccountId: null })
    // The checkout event after it finds the subscription already there.
    await deliver('checkout.session.completed', {
      id: c.checkoutId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_gym_1',
      customer: 'cus_gym_1',
      metadata: { kind: 'client' },
    })
    expect(await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.clientUserId, c.clientId))).toHaveLength(1)

    const [payment] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.subscriptionId, sub.id))
    expect(payment).toMatchObject({ amountClp: 40_000, trainerShareClp: 24_000, gymShareClp: 14_000, platformShareClp: 2_000 })
    const sentTransfers = stripe.calls('POST', '/v1/transfers').filter((t) => t.form.source_transaction === 'ch_gym_1')
    expect(sentTransfers.map((t) => [t.form.destination, t.form.amount, t.form.currency]).sort()).toEqual([
      ['acct_gym_test', '14000', 'clp'],
      ['acct_gym_trainer', '24000', 'clp'],
    ])
    expect(await balanceOf(ctx.app.db, `trainer:${gym.trainer.trainerId}`)).toBe(0)
    expect(await balanceOf(ctx.app.db, `gym:${gym.gymId}`)).toBe(0)
    expect(await balanceOf(ctx.app.db, 'platform_revenue')).toBeGreaterThanOrEqual(2_000)
    const txs = await ctx.app.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.paymentId, payment.id)))
    expect(txs.map((t) => t.kind).sort()).toEqual(['payment', 'transfer', 'transfer'])

    const commissions = (await call(ctx.app, 'GET', '/api/v1/business/commissions', { token: gym.owner.token })).json().data
    expect(commissions).toEqual([
      expect.objectContaining({ grossClp: 40_000, trainerShareClp: 24_000, gymShareClp: 14_000, platformShareClp: 2_000 }),
    ])
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })

  it('a refund and a lost dispute take back every share that left; a refused reversal is a receivable (issue 19, finding 1)', async () => {
    const gymAccount = 'acct_gym_test'
    const paidFor = async (sub: string, charge: string, amount: number) => {
      const c = await checkout(gym.trainer, amount)
      const meta = { kind: 'client', invitationId: c.invitationId, clientUserId: c.clientId }
      expect((await deliver('invoice.paid', invoice(sub, charge, amount, meta))).statusCode).toBe(200)
      const [payment] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, charge))
      return payment
    }
    const trainerAccount = `trainer:${gym.trainer.trainerId}`
    const gymLedger = `gym:${gym.gymId}`
    const before = { trainer: await balanceOf(ctx.app.db, trainerAccount), gym: await balanceOf(ctx.app.db, gymLedger) }

    // 10,000,000 CLP paid; 6,000,000 and 3,500,000 transferred; the trainer refunds 4,000,000 then the rest.
    const big = await paidFor('sub_gym_big', 'ch_gym_big', 10_000_000)
    expect(money.netTo('acct_gym_trainer', 'ch_gym_big')).toBe(6_000_000)
    expect(money.netTo(gymAccount, 'ch_gym_big')).toBe(3_500_000)
    const part = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${big.id}/refunds`, {
      token: gym.trainer.token,
      body: { amountClp: 4_000_000 },
    })
    expect(part.statusCode, part.body).toBe(200)
    expect(money.netTo('acct_gym_trainer', 'ch_gym_big')).toBe(3_600_000)
    expect(money.netTo(gymAccount, 'ch_gym_big')).toBe(2_100_000)
    const rest = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${big.id}/refunds`, { token: gym.trainer.token, body: {} })
    expect(rest.statusCode, rest.body).toBe(200)
    // Nothing of the refunded charge is left with anyone: what left the platform came back.
    expect(money.netTo('acct_gym_trainer', 'ch_gym_big')).toBe(0)
    expect(money.netTo(gymAccount, 'ch_gym_big')).toBe(0)
    expect(money.refunds.filter((r) => r.charge === 'ch_gym_big').reduce((sum, r) => sum + r.amount, 0)).toBe(10_000_000)
    expect(await balanceOf(ctx.app.db, trainerAccount)).toBe(before.trainer)
    expect(await balanceOf(ctx.app.db, gymLedger)).toBe(before.gym)

    // A lost dispute after the trainer's connected balance emptied: the gym's part comes back, the
    // trainer's is a receivable (visible), never a negative trainer balance.
    const disputed = await paidFor('sub_gym_dp', 'ch_gym_dp', 20_000)
    money.refuseReversalsFrom('acct_gym_trainer')
    expect(
      (await deliver('charge.dispute.created', { id: 'dp_gym_1', object: 'dispute', charge: 'ch_gym_dp', amount: 20_000 })).statusCode,
    ).toBe(200)
    expect(money.netTo(gymAccount, 'ch_gym_dp')).toBe(0)
    expect(money.netTo('acct_gym_trainer', 'ch_gym_dp')).toBe(12_000)
    expect(await balanceOf(ctx.app.db, trainerAccount)).toBe(before.trainer)
    expect(await balanceOf(ctx.app.db, `receivable:${trainerAccount}`)).toBe(-12_000)
    const kinds = (await ctx.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, disputed.id))).map(
      (t) => t.kind,
    )
    expect(kinds.sort()).toEqual(['dispute', 'payment', 'receivable', 'transfer', 'transfer', 'transfer_reversal'])
    // The same dispute delivered again moves nothing.
    const reversalsBefore = money.reversals.length
    await deliver('charge.dispute.created', { id: 'dp_gym_1', object: 'dispute', charge: 'ch_gym_dp', amount: 20_000 })
    expect(money.reversals).toHaveLength(reversalsBefore)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })
})
