import type {
  AdminLedgerTransaction,
  AdminMoneyFlagged,
  AdminMoneyPastDue,
  AdminMoneySummary,
  AdminMoneyTransactionsQuery,
} from '@app/contracts'
import { and, asc, count, desc, eq, exists, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import {
  clientMrrTotals,
  clientPayments,
  clientSubscriptions,
  ledgerDailyTotals,
  ledgerEntries,
  ledgerTransactions,
  plans,
  subscriptions,
  trainers,
  users,
} from '../../db/schema.ts'
import { chileMonth } from '../client-billing/money.ts'
import { accounts } from '../ledger/service.ts'
import { unprocessable } from '../../errors.ts'
import { afterCursor, containsPattern, cursorTime, decodeCursor, inRange, orderOf, pageOf, type CursorKey } from './cursor.ts'
import { ledgerAccountKey, resolveRefs } from './refs.ts'

const LISTED = 100
const WEEK_MS = 7 * 86_400_000

/** The first Chile day of the month `back` months before `month` (YYYY-MM). */
function monthStart(month: string, back = 0) {
  const [y, m] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y, m - 1 - back, 1))
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
}

/**
 * The MRR's client part: the active client subscriptions at their snapshot price, from the running
 * totals the database keeps as subscriptions change (migration 0037, decision 246). Summing the
 * subscriptions read every one ever made; plan-scans.test.ts holds it to the totals.
 */
export const clientMrrQuery = (db: Tx) =>
  db
    .select({
      clp: sql<string>`coalesce(sum(${clientMrrTotals.clp}), 0)`,
      n: sql<string>`coalesce(sum(${clientMrrTotals.subscriptions}), 0)`,
    })
    .from(clientMrrTotals)

/** Monthly recurring revenue: active client subscriptions at their snapshot price, active platform plans at the plan's CLP price. */
async function mrrOf(db: Db): Promise<AdminMoneySummary['mrr']> {
  const [clients] = await clientMrrQuery(db)
  const platform = await db
    .select({ priced: sql<boolean>`${plans.priceClp} is not null`, clp: sql<string>`coalesce(sum(${plans.priceClp}), 0)`, n: count() })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.status, 'active'))
    .groupBy(sql`${plans.priceClp} is not null`)
  const priced = platform.find((r) => r.priced)
  const platformClp = Number(priced?.clp ?? 0)
  return {
    totalClp: Number(clients.clp) + platformClp,
    clients: { clp: Number(clients.clp), count: Number(clients.n) },
    platform: { clp: platformClp, count: Number(priced?.n ?? 0), unpriced: Number(platform.find((r) => !r.priced)?.n ?? 0) },
  }
}

async function trialsEndingOf(db: Db, now: Date): Promise<AdminMoneySummary['trialsEnding']> {
  const where = and(
    eq(subscriptions.status, 'trialing'),
    isNotNull(subscriptions.trialEnd),
    gte(subscriptions.trialEnd, now),
    lt(subscriptions.trialEnd, new Date(now.getTime() + WEEK_MS)),
  )
  const [{ n }] = await db.select({ n: count() }).from(subscriptions).where(where)
  const rows = await db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      email: users.email,
      planKey: plans.key,
      trialEnd: subscriptions.trialEnd,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(where)
    .orderBy(asc(subscriptions.trialEnd), asc(subscriptions.id))
    .limit(LISTED)
  return {
    count: Number(n),
    data: rows.map((r) => ({
      subscriptionId: r.id,
      userId: r.userId,
      email: r.email,
      planKey: r.planKey,
      trialEndsAt: r.trialEnd!.toISOString(),
    })),
  }
}

/**
 * The summary's lists of client payments and subscriptions: flagged payments newest first, and
 * client subscriptions past due. Each reads its partial or state index (migration 0026), so its
 * cost follows what is flagged or past due now, not history (plan-scans.test.ts holds them to it).
 */
export function summaryListQueries(db: Db) {
  const pastDue = eq(clientSubscriptions.state, 'past_due')
  const flagged = isNotNull(clientPayments.flag)
  return {
    flagged: db
      .select({ payment: clientPayments, priceClp: clientSubscriptions.priceClp, trainer: trainers })
      .from(clientPayments)
      .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, clientPayments.subscriptionId))
      .innerJoin(trainers, eq(trainers.id, clientPayments.trainerId))
      .where(flagged)
      .orderBy(desc(clientPayments.paidAt), desc(clientPayments.id))
      .limit(LISTED),
    flaggedCount: db.select({ n: count() }).from(clientPayments).where(flagged),
    pastDue: db
      .select({
        id: clientSubscriptions.id,
        userId: users.id,
        email: users.email,
        trainerUserId: trainers.userId,
        trainerFirstName: trainers.firstName,
        trainerLastName: trainers.lastName,
        priceClp: clientSubscriptions.priceClp,
        since: clientSubscriptions.updatedAt,
      })
      .from(clientSubscriptions)
      .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
      .innerJoin(trainers, eq(trainers.id, clientSubscriptions.trainerId))
      .where(pastDue)
      .orderBy(asc(clientSubscriptions.updatedAt), asc(clientSubscriptions.id))
      .limit(LISTED),
    pastDueCount: db.select({ c: count() }).from(clientSubscriptions).where(pastDue),
  }
}

/** Past due since the row last changed state (the provider's event moved it there). */
async function pastDueOf(db: Db): Promise<AdminMoneySummary['pastDue']> {
  const q = summaryListQueries(db)
  const [{ c }] = await q.pastDueCount
  const [{ p }] = await db.select({ p: count() }).from(subscriptions).where(eq(subscriptions.status, 'past_due'))
  const clientRows = await q.pastDue
  const platformRows = await db
    .select({ id: subscriptions.id, userId: users.id, email: users.email, priceClp: plans.priceClp, since: subscriptions.updatedAt })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.status, 'past_due'))
    .orderBy(asc(subscriptions.updatedAt), asc(subscriptions.id))
    .limit(LISTED)
  const data: AdminMoneyPastDue[] = [
    ...clientRows.map((r) => ({
      kind: 'client' as const,
      subscriptionId: r.id,
      userId: r.userId,
      email: r.email,
      trainerUserId: r.trainerUserId,
      trainerName: `${r.trainerFirstName} ${r.trainerLastName}`.trim(),
      priceClp: r.priceClp,
      since: r.since.toISOString(),
    })),
    ...platformRows.map((r) => ({
      kind: 'platform' as const,
      subscriptionId: r.id,
      userId: r.userId,
      email: r.email,
      trainerUserId: null,
      trainerName: null,
      priceClp: r.priceClp,
      since: r.since.toISOString(),
    })),
  ]
  data.sort((a, b) => a.since.localeCompare(b.since))
  return { count: Number(c) + Number(p), data: data.slice(0, LISTED) }
}

/**
 * The queries of the platform's commission: platform_revenue per Chile month over the last 12
 * months, and all of it. Both read the per-day totals (migration 0020, decision 216), never the
 * entries, so they cost the same at any size of history (plan-scans.test.ts holds them to it).
 */
export function commissionQueries(db: Db, now: Date) {
  const months = Array.from({ length: 12 }, (_, i) => monthStart(chileMonth(now), 11 - i))
  const t = ledgerDailyTotals
  const month = sql<string>`to_char(${t.day}, 'YYYY-MM')`
  const revenue = eq(t.account, accounts.platformRevenue)
  return {
    months,
    byMonth: db
      .select({ month, clp: sql<string>`sum(${t.amountClp})` })
      .from(t)
      .where(and(revenue, gte(t.day, `${months[0]}-01`)))
      .groupBy(month),
    total: db
      .select({ clp: sql<string>`coalesce(sum(${t.amountClp}), 0)` })
      .from(t)
      .where(revenue),
  }
}

/** platform_revenue per Chile month over the last 12 months (refunds and disputes are negative entries, so this is net). */
async function commissionOf(db: Db, now: Date) {
  const q = commissionQueries(db, now)
  const byMonth = new Map((await q.byMonth).map((r) => [r.month, Number(r.clp)]))
  const [total] = await q.total
  return { commission: q.months.map((m) => ({ month: m, clp: byMonth.get(m) ?? 0 })), commissionTotalClp: Number(total.clp) }
}

/** Payments booked with a flag (issue 19), newest first. */
async function flaggedOf(db: Db) {
  const q = summaryListQueries(db)
  const rows = await q.flagged
  const [{ n }] = await q.flaggedCount
  const data: AdminMoneyFlagged[] = rows.map(({ payment, priceClp, trainer }) => ({
    paymentId: payment.id,
    flag: payment.flag!,
    amountClp: payment.amountClp,
    priceClp,
    trainerUserId: trainer.userId,
    trainerName: `${trainer.firstName} ${trainer.lastName}`.trim(),
    paidAt: payment.paidAt.toISOString(),
  }))
  return { count: Number(n), data }
}

export async function moneySummary(db: Db, now = new Date()): Promise<AdminMoneySummary> {
  const [mrr, trialsEnding, pastDue, commission, flagged] = [
    await mrrOf(db),
    await trialsEndingOf(db, now),
    await pastDueOf(db),
    await commissionOf(db, now),
    await flaggedOf(db),
  ]
  return { mrr, trialsEnding, pastDue, ...commission, flagged }
}

// ---------------------------------------------------------------------------------------------
// The ledger's transactions, newest first, keyset-paginated (cursor.ts).

export type Filter = Pick<AdminMoneyTransactionsQuery, 'kind' | 'account' | 'trainer' | 'trainerSearch' | 'from' | 'to'>

const touching = (db: Db, account: ReturnType<typeof sql<string>> | string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.account, account))),
  )

/** At most this many trainers per search: a broader text is refused (type more of the name). */
export const TRAINER_SEARCH_MAX = 50

/**
 * The trainers whose name or e-mail contains the text, in any case and with or without accents
 * ("munoz" finds "Muñoz", "ANA" finds "ana@…"); LIKE's wildcards are taken literally. The
 * expression is the one of the trigram index of migration 0030 (an immutable unaccent), so the
 * search reads that index, not every trainer (plan-scans.test.ts holds it to it); stopped after
 * TRAINER_SEARCH_MAX + 1 hits.
 */
export function trainerSearchQuery(db: Db, text: string) {
  return db
    .select({ id: trainers.id })
    .from(trainers)
    .where(
      sql`lower(immutable_unaccent(${trainers.firstName} || ' ' || ${trainers.lastName} || ' ' || ${trainers.email})) like lower(immutable_unaccent(${containsPattern(text)}))`,
    )
    .limit(TRAINER_SEARCH_MAX + 1)
}

/**
 * The ledger accounts of the trainers the text finds (trainerSearchQuery; the trainer's e-mail
 * follows the account's, email-change service); more than TRAINER_SEARCH_MAX is 422 `tooBroad`.
 */
export async function searchedTrainerAccounts(db: Db, text: string): Promise<string[]> {
  const rows = await trainerSearchQuery(db, text)
  if (rows.length > TRAINER_SEARCH_MAX)
    throw unprocessable({ trainerSearch: 'tooBroad' }, `More than ${TRAINER_SEARCH_MAX} trainers match; type more of the name or e-mail`)
  return rows.map((r) => accounts.trainer(r.id))
}

export function filterOf(db: Db, f: Filter, searched: string[] | undefined) {
  // A trainer is named by user id; the ledger account carries the trainer record's id.
  const trainerAccount = f.trainer
    ? sql<string>`(select 'trainer:' || ${trainers.id} from ${trainers} where ${trainers.userId} = ${f.trainer})`
    : undefined
  return [
    f.kind ? eq(ledgerTransactions.kind, f.kind) : undefined,
    f.account ? touching(db, f.account.toLowerCase()) : undefined,
    trainerAccount ? touching(db, trainerAccount) : undefined,
    // The searched trainers' transactions, found by the account index and hashed once (OFFSET 0
    // keeps the subquery apart, so the plan never probes the entries once per transaction).
    searched
      ? inArray(
          ledgerTransactions.id,
          db.select({ id: ledgerEntries.transactionId }).from(ledgerEntries).where(inArray(ledgerEntries.account, searched)).offset(0),
        )
      : undefined,
    ...inRange(ledgerTransactions.createdAt, f),
  ]
}

/**
 * The accounts a list filtered by account, trainer or trainer search can start from: the page is
 * then read from those accounts' entries, newest (or oldest) first by `ledger_entries_account_idx`,
 * never by walking every transaction until enough of them touch the account. That walk went
 * through 378,000 transactions for a trainer whose last entry was days old (issue 30, decision 245).
 * null: no such filter; no accounts: the trainer has none (nothing to list).
 */
async function startingAccounts(db: Db, f: Filter, searched: string[] | undefined) {
  // The filter the accounts stand for is dropped from the rest (the join to the entries applies it).
  if (f.account) return { accounts: [f.account.toLowerCase()], rest: { ...f, account: undefined }, searched }
  if (searched) return { accounts: searched, rest: f, searched: undefined }
  if (!f.trainer) return null
  const rows = await db.select({ id: trainers.id }).from(trainers).where(eq(trainers.userId, f.trainer))
  return { accounts: rows.map((r) => `trainer:${r.id}`), rest: { ...f, trainer: undefined }, searched }
}

type Row = { id: string; kind: AdminLedgerTransaction['kind']; paymentId: string | null; createdAt: Date; cursorAt: string }

/**
 * A page of transactions touching any of `start`: per account, its entries in the list's order
 * (an entry's created_at is its transaction's, decision 242, so the account index gives the
 * transactions' order and the cursor's time bounds the scan), joined to their transactions with
 * every filter, at most a page of transactions each (an account may appear twice in one); then
 * the page across accounts, each transaction once.
 */
export function accountPageQuery(
  start: string[],
  where: SQL | undefined,
  f: Pick<AdminMoneyTransactionsQuery, 'sort' | 'limit' | 'from' | 'to'>,
  cursor: CursorKey | undefined,
) {
  const [t, e] = [ledgerTransactions, ledgerEntries]
  const newest = f.sort === 'newest'
  // The keyset and the period on the entry's own columns (its created_at and transaction id are
  // its transaction's), so that the account index serves them.
  const entryWhere = and(
    sql`${e.account} = a.account`,
    ...inRange(e.createdAt, f),
    afterCursor(e.createdAt, e.transactionId, cursor, f.sort),
    where,
  )
  const dir = newest ? sql`desc` : sql`asc`
  return sql`
    select distinct on (x."createdAt", x.id) x.id, x.kind, x."paymentId", x."createdAt", x."cursorAt"
    from unnest(array[${sql.join(
      start.map((account) => sql`${account}`),
      sql`, `,
    )}]::text[]) as a(account)
    cross join lateral (
      select distinct on (${e.createdAt}, ${e.transactionId}) ${t.id} as id, ${t.kind} as kind, ${t.paymentId} as "paymentId", ${t.createdAt} as "createdAt", ${cursorTime(t.createdAt)} as "cursorAt"
      from ${e} join ${t} on ${t.id} = ${e.transactionId}
      where ${entryWhere}
      order by ${e.createdAt} ${dir}, ${e.transactionId} ${dir} limit ${f.limit + 1}
    ) x
    order by x."createdAt" ${dir}, x.id ${dir} limit ${f.limit + 1}`
}

async function fromAccounts(db: Db, ...args: Parameters<typeof accountPageQuery>): Promise<Row[]> {
  const result = (await db.execute(accountPageQuery(...args))) as unknown as {
    rows: (Omit<Row, 'createdAt'> & { createdAt: Date | string })[]
  }
  // node-postgres gives a Date; both drivers' raw rows are read the same way.
  return result.rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }))
}

export async function listTransactions(db: Db, query: AdminMoneyTransactionsQuery) {
  const searched = query.trainerSearch ? await searchedTrainerAccounts(db, query.trainerSearch) : undefined
  // Nobody matches: nothing to read in the ledger.
  if (searched && !searched.length) return { data: [], nextCursor: null }
  const cursor = decodeCursor(query.cursor)
  const t = ledgerTransactions
  const start = await startingAccounts(db, query, searched)
  if (start && !start.accounts.length) return { data: [], nextCursor: null }
  const rows: Row[] = start
    ? await fromAccounts(db, start.accounts, and(...filterOf(db, start.rest, start.searched)), query, cursor)
    : await db
        .select({ id: t.id, kind: t.kind, paymentId: t.paymentId, createdAt: t.createdAt, cursorAt: cursorTime(t.createdAt) })
        .from(t)
        .where(and(...filterOf(db, query, searched), afterCursor(t.createdAt, t.id, cursor, query.sort)))
        .orderBy(...orderOf(t.createdAt, t.id, query.sort))
        .limit(query.limit + 1)
  const ids = rows.map((r) => r.id)
  const entries = ids.length
    ? await db
        .select({ transactionId: ledgerEntries.transactionId, account: ledgerEntries.account, amountClp: ledgerEntries.amountClp })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.transactionId, ids))
        // By account, then by id: one account twice in a transaction comes in the same order every time.
        .orderBy(asc(ledgerEntries.account), asc(ledgerEntries.id))
    : []
  // Trainer and gym accounts (and their receivables) by name, with their console page (refs.ts).
  const refOf = await resolveRefs(
    db,
    entries.map((e) => ledgerAccountKey(e.account)),
  )
  return pageOf(rows, query.limit, (r): AdminLedgerTransaction => {
    const own = entries
      .filter((e) => e.transactionId === r.id)
      .map((e) => ({ account: e.account, amountClp: e.amountClp, ref: refOf(ledgerAccountKey(e.account)) }))
    const trainerRef = own.find((e) => e.account.startsWith('trainer:'))?.ref
    return {
      id: r.id,
      at: r.createdAt.toISOString(),
      kind: r.kind,
      paymentId: r.paymentId,
      trainer: trainerRef ? { userId: trainerRef.page?.id ?? null, name: trainerRef.name } : null,
      amountClp: Math.abs(own.find((e) => e.account === accounts.providerClearing)?.amountClp ?? 0),
      platformClp: own.find((e) => e.account === accounts.platformRevenue)?.amountClp ?? 0,
      entries: own,
    }
  })
}
