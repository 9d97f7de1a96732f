import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { clientPayments, clientSubscriptions, ledgerEntries, ledgerTransactions } from '../../db/schema.ts'
import { useTestApp } from '../../testing/app.ts'
import { createOffer, eligibleTrainer, gymWithTrainer, portal, sandboxClient, type TestTrainer } from '../client-billing/test-helpers.ts'
import { checkLedger, type LedgerRule } from './check.ts'
import { accounts, postTransaction, recordPayment } from './service.ts'

// Issue 19 (`ledger:check` fails on each break) and issue 30 (every rule one query in the database;
// the daily totals checked against the entries; --since).
// Ledger rows are append-only, so each test leaves its break behind: the assertions name the row
// each test broke.
const ctx = useTestApp()
const check = () => checkLedger(ctx.app.db, { graceMs: 0 })
const breaksOf = async (rule: LedgerRule) => (await check()).problems.filter((p) => p.rule === rule)

let trainer: TestTrainer
let subscription: typeof clientSubscriptions.$inferSelect
let payment: typeof clientPayments.$inferSelect

beforeAll(async () => {
  trainer = await eligibleTrainer(ctx.app)
  const offer = await createOffer(ctx.app, trainer.token, { priceClp: 17_777 })
  const client = await sandboxClient(ctx.app, trainer.token, offer.id)
  // A renewal: two periods, two payments.
  await (await portal(ctx.app, client.clientToken, client.subscriptionId)).press('renew')
  const gym = await gymWithTrainer(ctx.app)
  const gymOffer = await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_001 })
  await sandboxClient(ctx.app, gym.trainer.token, gymOffer.id)
  ;[subscription] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, client.subscriptionId))
  ;[payment] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.subscriptionId, subscription!.id)).limit(1)
})

describe('ledger:check', () => {
  it('holds after real payments and renewals of an independent and a gym trainer', async () => {
    const result = await check()
    expect(result.problems).toEqual([])
    expect(result.stats).toMatchObject({ payments: 3 })
  })

  it('a party paid out more than its share: its balance below zero is a break', async () => {
    await ctx.app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'transfer',
        sourceKey: `overpaid:${payment.id}`,
        paymentId: payment.id,
        entries: [
          { account: accounts.trainer(trainer.trainerId), amountClp: -1_000_000 },
          { account: accounts.providerClearing, amountClp: 1_000_000 },
        ],
      }),
    )
    const breaks = await breaksOf('party-balance-not-negative')
    expect(breaks).toEqual([
      expect.objectContaining({ subject: `account trainer:${trainer.trainerId}`, detail: expect.stringMatching(/below zero/) }),
    ])
    // Paid back: the balance is whole again (a receivable is its own account, never a negative party).
    await ctx.app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'transfer',
        sourceKey: `overpaid-back:${payment.id}`,
        paymentId: payment.id,
        entries: [
          { account: accounts.trainer(trainer.trainerId), amountClp: 1_000_000 },
          { account: accounts.providerClearing, amountClp: -1_000_000 },
        ],
      }),
    )
    expect(await breaksOf('party-balance-not-negative')).toEqual([])
  })

  it('an active subscription without a payment for its current period is a break (after the grace for late events)', async () => {
    const [unpaid] = await ctx.app.db
      .insert(clientSubscriptions)
      .values({
        ...subscription,
        id: undefined,
        // One subscription per invitation (migration 0007): this hand-made one has none.
        invitationId: null,
        providerSubscriptionId: `sub_unpaid_${randomUUID()}`,
        currentPeriodEnd: new Date(Date.now() + 30 * 86400_000),
        createdAt: undefined,
        updatedAt: undefined,
      })
      .returning()
    expect(await breaksOf('active-subscription-paid')).toEqual([
      expect.objectContaining({
        subject: expect.stringContaining(unpaid!.id),
        detail: expect.stringMatching(/^0 payment\(s\) for 1 period/),
      }),
    ])
    // Within the default grace (one hour after its last change) it is not reported yet.
    expect((await checkLedger(ctx.app.db)).problems.filter((p) => p.rule === 'active-subscription-paid')).toEqual([])
    // Its renewal moved the period on without a charge: one payment for two periods.
    await recordPayment(ctx.app.db, unpaid!, {
      providerPaymentId: `py_unpaid_${unpaid!.id}`,
      amountClp: unpaid!.priceClp,
      paidAt: new Date(),
    })
    expect(await breaksOf('active-subscription-paid')).toEqual([])
    await ctx.app.db
      .update(clientSubscriptions)
      .set({ currentPeriodEnd: new Date(unpaid!.currentPeriodEnd!.getTime() + 31 * 86400_000) })
      .where(eq(clientSubscriptions.id, unpaid!.id))
    expect(await breaksOf('active-subscription-paid')).toEqual([
      expect.objectContaining({
        subject: expect.stringContaining(unpaid!.id),
        detail: expect.stringMatching(/^1 payment\(s\) for 2 period/),
      }),
    ])
    await ctx.app.db.update(clientSubscriptions).set({ state: 'cancelled' }).where(eq(clientSubscriptions.id, unpaid!.id))
    expect(await breaksOf('active-subscription-paid')).toEqual([])
  })

  it('a payment booked on a subscription of another trainer is a break', async () => {
    const other = await eligibleTrainer(ctx.app)
    const { payment: wrong } = await recordPayment(
      ctx.app.db,
      { ...subscription, trainerId: other.trainerId },
      { providerPaymentId: `py_wrong_${randomUUID()}`, amountClp: 5_000, paidAt: new Date() },
    )
    expect(await breaksOf('payment-has-subscription')).toEqual([
      expect.objectContaining({ subject: expect.stringContaining(wrong.id), detail: expect.stringContaining(subscription.id) }),
    ])
  })

  it('a transfer without a payment, or of a payment that does not exist, is a break', async () => {
    const loose = `loose:${randomUUID()}`
    const ghost = randomUUID()
    for (const [sourceKey, paymentId] of [
      [loose, null],
      [`ghost:${ghost}`, ghost],
    ] as const)
      await ctx.app.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'transfer',
          sourceKey,
          paymentId,
          entries: [
            { account: accounts.trainer(trainer.trainerId), amountClp: -10 },
            { account: accounts.providerClearing, amountClp: 10 },
          ],
        }),
      )
    const breaks = await breaksOf('transfer-has-payment')
    expect(breaks).toHaveLength(2)
    expect(breaks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: expect.stringContaining(loose), detail: 'a transfer without a payment' }),
        expect.objectContaining({ detail: `a transfer of payment ${ghost}, which does not exist` }),
      ]),
    )
  })

  /** A transfer of `amounts` posted at `at` with the zero-sum trigger off (as a bad restore could leave it). */
  async function unbalanced(at: Date, amounts: [number, number]) {
    const id = randomUUID()
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`)
      await tx
        .insert(ledgerTransactions)
        .values({ id, kind: 'transfer', sourceKey: `unbalanced:${id}`, paymentId: payment.id, createdAt: at })
      await tx.insert(ledgerEntries).values([
        { transactionId: id, account: accounts.providerClearing, amountClp: amounts[0], createdAt: at },
        { transactionId: id, account: accounts.platformRevenue, amountClp: amounts[1], createdAt: at },
      ])
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`)
    })
    return id
  }
  /** Appends the entry that makes transaction `id` sum to zero again (the ledger only grows). */
  const settle = (id: string, at: Date, amountClp: number) =>
    ctx.app.db.insert(ledgerEntries).values({ transactionId: id, account: accounts.platformRevenue, amountClp, createdAt: at })

  it('a transaction that does not sum to zero is a break, and so is the ledger as a whole', async () => {
    const now = new Date()
    const id = await unbalanced(now, [5, -4])
    expect(await breaksOf('transaction-balances')).toEqual([
      { rule: 'transaction-balances', subject: `transaction ${id}`, detail: 'sums to 1 over 2 entries' },
    ])
    expect(await breaksOf('ledger-balances')).toEqual([expect.objectContaining({ detail: 'balances sum to 1, not 0' })])
    // The daily totals followed the entries (their trigger stayed on): no break there.
    expect(await breaksOf('daily-totals-match')).toEqual([])
    await settle(id, now, -1)
    expect(await breaksOf('transaction-balances')).toEqual([])
    expect(await breaksOf('ledger-balances')).toEqual([])
  })

  it('a daily total that differs from its entries (the balance the money pages read) is a break', async () => {
    const account = accounts.trainer(trainer.trainerId)
    const shift = (clp: number) =>
      ctx.app.db.execute(
        sql`update ledger_daily_totals set amount_clp = amount_clp + ${clp} where (account, day, slot) = (select account, day, slot from ledger_daily_totals where account = ${account} order by day limit 1)`,
      )
    await shift(7)
    expect(await breaksOf('daily-totals-match')).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(new RegExp(`^account ${account} on \\d{4}-\\d{2}-\\d{2}$`)),
        detail: expect.stringMatching(/daily total -?\d+ CLP/),
      }),
    ])
    await shift(-7)
    expect(await breaksOf('daily-totals-match')).toEqual([])

    const payShift = (clp: number) =>
      ctx.app.db.execute(
        sql`update ledger_payment_daily_totals set platform_share_clp = platform_share_clp + ${clp} where trainer_id = ${trainer.trainerId}`,
      )
    await payShift(3)
    expect(await breaksOf('payment-totals-match')).toEqual([
      expect.objectContaining({ subject: expect.stringContaining(`trainer ${trainer.trainerId} on `) }),
    ])
    await payShift(-3)
    expect(await breaksOf('payment-totals-match')).toEqual([])
  })

  it("--since checks what changed from then on, and still the whole ledger's sum", async () => {
    const old = new Date(Date.now() - 10 * 86400_000)
    const since = new Date(Date.now() - 86400_000)
    const sinceCheck = async (rule: LedgerRule) =>
      (await checkLedger(ctx.app.db, { graceMs: 0, since })).problems.filter((p) => p.rule === rule).map((p) => p.subject)
    const before = await unbalanced(old, [9, -7])
    // Ten days ago: the full check finds it; the nightly one leaves the transaction alone but the global sum still breaks.
    expect((await breaksOf('transaction-balances')).map((p) => p.subject)).toEqual([`transaction ${before}`])
    expect(await sinceCheck('transaction-balances')).toEqual([])
    expect(await sinceCheck('ledger-balances')).toEqual(['all accounts'])
    const after = await unbalanced(new Date(), [4, -3])
    expect(await sinceCheck('transaction-balances')).toEqual([`transaction ${after}`])
    // A daily total of an old day is the full check's; one of today is the nightly one's too.
    const shiftDay = (day: 'old' | 'today', clp: number) =>
      ctx.app.db.execute(
        sql`update ledger_daily_totals set amount_clp = amount_clp + ${clp} where account = ${accounts.platformRevenue}
          and day = (${day === 'old' ? old : new Date()}::timestamptz at time zone 'America/Santiago')::date and slot = (select min(slot) from ledger_daily_totals
            where account = ${accounts.platformRevenue} and day = (${day === 'old' ? old : new Date()}::timestamptz at time zone 'America/Santiago')::date)`,
      )
    await shiftDay('old', 11)
    expect((await breaksOf('daily-totals-match')).length).toBe(1)
    expect(await sinceCheck('daily-totals-match')).toEqual([])
    await shiftDay('old', -11)
    await shiftDay('today', 11)
    expect(await sinceCheck('daily-totals-match')).toEqual([expect.stringMatching(/^account platform_revenue on /)])
    await shiftDay('today', -11)
    const { stats } = await checkLedger(ctx.app.db, { graceMs: 0, since })
    expect(stats.transactions).toBeGreaterThan(0)
    await settle(before, old, -2)
    await settle(after, new Date(), -1)
    expect(
      (await check()).problems.filter((p) => ['transaction-balances', 'ledger-balances', 'daily-totals-match'].includes(p.rule)),
    ).toEqual([])
  })

  it('finds a payment without its transaction and a tampered entry; lists at most maxPerRule and counts them all', async () => {
    const [orphan] = await ctx.app.db
      .insert(clientPayments)
      .values({ ...payment, id: undefined, providerPaymentId: `py_orphan_${randomUUID()}`, createdAt: undefined })
      .returning()
    expect(await breaksOf('payment-has-transaction')).toEqual([expect.objectContaining({ subject: expect.stringContaining(orphan!.id) })])
    await ctx.app.db.delete(clientPayments).where(eq(clientPayments.id, orphan!.id))

    // An entry changed behind the triggers' back (as a restore of a bad backup could).
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger user`)
      await tx.execute(sql`update ledger_entries set amount_clp = amount_clp + 1 where account = ${accounts.trainer(trainer.trainerId)}`)
      await tx.execute(sql`alter table ledger_entries enable trigger user`)
    })
    const { problems, counts } = await checkLedger(ctx.app.db, { graceMs: 0, maxPerRule: 1 })
    const rules = new Set(problems.map((p) => p.rule))
    for (const rule of ['ledger-balances', 'payment-matches-ledger', 'transaction-balances', 'daily-totals-match'] as const)
      expect(rules.has(rule), rule).toBe(true)
    expect(problems.filter((p) => p.rule === 'transaction-balances')).toHaveLength(1)
    expect(counts['transaction-balances']).toBeGreaterThan(1)
  })
})
