import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { clientPayments, ledgerDailyTotals, ledgerEntries, ledgerTransactions } from '../../db/schema.ts'
import { call, useTestApp } from '../../testing/app.ts'
import { moneySummary } from '../admin/money.ts'
import { chileMonth, rangeOf } from '../client-billing/money.ts'
import {
  createOffer,
  eligibleTrainer,
  gymWithTrainer,
  sandboxClient,
  type TestGym,
  type TestTrainer,
} from '../client-billing/test-helpers.ts'
import { accounts, postTransaction } from './service.ts'

// Issue 30 (decision 216): the per-day totals kept by the trigger of migration 0020 give the same
// figures as the entries themselves, summed the way the views did before (instants from Chile days,
// months on Chile's clock), over periods that include the two days a year Chile moves its clock.
const ctx = useTestApp()

let gym: TestGym
let solo: TestTrainer
let gymPayment: typeof clientPayments.$inferSelect
let soloPayment: typeof clientPayments.$inferSelect

/**
 * Payments, refunds and disputes of `payment` every 50 minutes from `fromIso` for `hours`, posted
 * with a chosen time in one set-based statement per table (as a bulk load would), so the
 * statement trigger sees many days at once.
 */
async function postSeries(payment: typeof clientPayments.$inferSelect, tag: string, fromIso: string, hours: number) {
  const party = [
    { account: accounts.trainer(payment.trainerId), share: 0.6 },
    ...(payment.gymId ? [{ account: accounts.gym(payment.gymId), share: 0.35 }] : []),
    { account: accounts.platformRevenue, share: payment.gymId ? 0.05 : 0.4 },
  ]
  await ctx.app.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ledger_transactions (kind, source_key, payment_id, created_at)
      select case when i % 10 = 8 then 'refund' when i % 10 = 9 then 'dispute' else 'payment' end,
        ${tag} || ':' || i, ${payment.id}, ${fromIso}::timestamptz + i * interval '50 minutes'
      from generate_series(0, ${Math.floor((hours * 60) / 50)}) i`)
    const values = party.map((p) => sql`(${p.account}, ${p.share}::numeric)`)
    await tx.execute(sql`
      with t as (
        select id, created_at, case when kind = 'payment' then 1 else -1 end as sign, 1000 + (hashtext(id::text) & 1023) * 10 as amount
        from ledger_transactions where source_key like ${`${tag}:%`}
      ), parts as (
        select t.id, t.created_at, p.account, t.sign * floor(t.amount * p.share)::int as clp, t.sign * t.amount as whole
        from t cross join (values ${sql.join(values, sql`, `)}) as p(account, share)
      )
      insert into ledger_entries (transaction_id, account, amount_clp, created_at)
      select id, account, clp, created_at from parts
      union all
      select id, ${accounts.providerClearing}, -sum(clp), min(created_at) from parts group by id`)
  })
}

beforeAll(async () => {
  gym = await gymWithTrainer(ctx.app)
  await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_001 })).id)
  solo = await eligibleTrainer(ctx.app)
  await sandboxClient(ctx.app, solo.token, (await createOffer(ctx.app, solo.token, { priceClp: 17_777 })).id)
  ;[gymPayment] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.trainerId, gym.trainer.trainerId))
  ;[soloPayment] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.trainerId, solo.trainerId))
  // Chile's clock goes back at 2026-04-05 03:00Z (Saturday the 4th has 25 hours) and forward at
  // 2026-09-06 04:00Z (Sunday the 6th starts at 01:00); month ends around them too.
  for (const [payment, tag] of [
    [gymPayment, 'g'],
    [soloPayment, 's'],
  ] as const) {
    await postSeries(payment, `${tag}-apr`, '2026-03-31T00:00:00Z', 7 * 24)
    await postSeries(payment, `${tag}-sep`, '2026-08-30T20:00:00Z', 9 * 24)
  }
})

/** The commissions as the view summed them before decision 216: movements by instant, month by Chile's clock, in Node. */
async function commissionsFromEntries(where: ReturnType<typeof eq>, days: { from: string; to: string }, perTrainer: boolean) {
  const range = rangeOf(days)
  const rows = await ctx.app.db
    .select({
      at: ledgerTransactions.createdAt,
      kind: ledgerTransactions.kind,
      account: ledgerEntries.account,
      amountClp: ledgerEntries.amountClp,
      trainerId: clientPayments.trainerId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(clientPayments, eq(clientPayments.id, ledgerTransactions.paymentId))
    .where(
      and(
        where,
        gte(ledgerTransactions.createdAt, range.from),
        lt(ledgerTransactions.createdAt, range.to),
        inArray(ledgerTransactions.kind, ['payment', 'refund', 'dispute']),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt))
  const out = new Map<string, Record<string, number | string>>()
  for (const m of rows) {
    const month = chileMonth(m.at)
    const key = perTrainer ? `${month}|${m.trainerId}` : month
    const t = out.get(key) ?? { month, payments: 0, grossClp: 0, refundedClp: 0, trainerShareClp: 0, gymShareClp: 0, platformShareClp: 0 }
    out.set(key, t)
    const add = (k: string, v: number) => (t[k] = (t[k] as number) + v)
    if (m.account === accounts.providerClearing) {
      if (m.kind === 'payment') {
        add('payments', 1)
        add('grossClp', -m.amountClp)
      } else add('refundedClp', m.amountClp)
    } else if (m.account === accounts.platformRevenue) add('platformShareClp', m.amountClp)
    else if (m.account.startsWith('gym:')) add('gymShareClp', m.amountClp)
    else if (m.account.startsWith('trainer:')) add('trainerShareClp', m.amountClp)
  }
  return [...out.values()].sort((a, b) => String(a.month).localeCompare(String(b.month)))
}

const PERIODS = [
  { from: '2026-04-04', to: '2026-04-04' }, // 25 hours
  { from: '2026-04-05', to: '2026-04-05' },
  { from: '2026-03-31', to: '2026-04-01' }, // across a month end
  { from: '2026-09-05', to: '2026-09-05' },
  { from: '2026-09-06', to: '2026-09-06' }, // 23 hours, starts at 01:00
  { from: '2026-08-31', to: '2026-09-07' },
  { from: '2026-01-01', to: '2026-12-31' },
]

describe('ledger daily totals (migration 0020)', () => {
  it("the gym's commissions from the totals equal the entries summed the old way, for every period", async () => {
    for (const period of PERIODS) {
      const res = await call(ctx.app, 'GET', `/api/v1/business/commissions?from=${period.from}&to=${period.to}`, { token: gym.owner.token })
      expect(res.statusCode, res.body).toBe(200)
      const expected = await commissionsFromEntries(eq(clientPayments.gymId, gym.gymId), period, true)
      expect(expected.length, JSON.stringify(period)).toBeGreaterThan(0)
      expect(res.json().data, JSON.stringify(period)).toEqual(
        expected.map((r) => ({ ...r, trainerId: gym.trainer.trainerId, trainerName: 'Gabriel Gym' })),
      )
    }
  })

  it("the trainer's income from the totals equals the entries summed the old way, for every period", async () => {
    for (const period of PERIODS) {
      const res = await call(ctx.app, 'GET', `/api/v1/trainer/income?from=${period.from}&to=${period.to}`, { token: solo.token })
      expect(res.statusCode, res.body).toBe(200)
      const expected = await commissionsFromEntries(eq(clientPayments.trainerId, solo.trainerId), period, false)
      expect(res.json().data, JSON.stringify(period)).toEqual(
        expected.map((t) => ({
          month: t.month,
          payments: t.payments,
          grossClp: t.grossClp,
          refundedClp: t.refundedClp,
          platformCommissionClp: t.platformShareClp,
          gymShareClp: t.gymShareClp,
          netClp: t.trainerShareClp,
        })),
      )
    }
  })

  it("the operator's commission per Chile month and in total equal the platform_revenue entries", async () => {
    for (const now of [new Date('2026-10-15T12:00:00Z'), new Date('2027-03-01T02:30:00Z'), new Date()]) {
      const summary = await moneySummary(ctx.app.db, now)
      const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'America/Santiago', 'YYYY-MM')`
      const rows = await ctx.app.db
        .select({ month, clp: sql<string>`sum(${ledgerEntries.amountClp})` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, accounts.platformRevenue))
        .groupBy(month)
      const byMonth = new Map(rows.map((r) => [r.month, Number(r.clp)]))
      expect(summary.commission).toEqual(summary.commission.map((c) => ({ month: c.month, clp: byMonth.get(c.month) ?? 0 })))
      expect(summary.commission.some((c) => c.clp !== 0)).toBe(true)
      expect(summary.commissionTotalClp).toBe(rows.reduce((s, r) => s + Number(r.clp), 0))
    }
  })

  it('parallel postings to the platform account: every account and day adds up over its slots', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        ctx.app.db.transaction((tx) =>
          postTransaction(tx, {
            kind: 'transfer',
            sourceKey: `parallel:${i}`,
            entries: [
              { account: accounts.platformRevenue, amountClp: 100 + i },
              { account: accounts.providerClearing, amountClp: -(100 + i) },
            ],
          }),
        ),
      ),
    )
    const day = sql<string>`(${ledgerEntries.createdAt} at time zone 'America/Santiago')::date::text`
    const fromEntries = await ctx.app.db
      .select({ account: ledgerEntries.account, day, clp: sql<string>`sum(${ledgerEntries.amountClp})`, n: sql<string>`count(*)` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.account, day)
    const fromTotals = await ctx.app.db
      .select({
        account: ledgerDailyTotals.account,
        day: sql<string>`${ledgerDailyTotals.day}::text`,
        clp: sql<string>`sum(${ledgerDailyTotals.amountClp})`,
        n: sql<string>`sum(${ledgerDailyTotals.entries})`,
      })
      .from(ledgerDailyTotals)
      .groupBy(ledgerDailyTotals.account, ledgerDailyTotals.day)
    const key = (r: { account: string; day: string }) => `${r.account}|${r.day}`
    const norm = (rows: { account: string; day: string; clp: string; n: string }[]) =>
      rows.map((r) => ({ key: key(r), clp: Number(r.clp), n: Number(r.n) })).sort((a, b) => a.key.localeCompare(b.key))
    expect(norm(fromTotals)).toEqual(norm(fromEntries))
    expect(fromEntries.length).toBeGreaterThan(40)
  })
})
