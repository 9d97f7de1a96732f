import type { AccountLanguage, DateRangeQuery, GymCommissionRow, IncomeMonth, Payment } from '@app/contracts'
import { and, asc, eq, gte, inArray, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import {
  clientPayments,
  clientSubscriptions,
  gyms,
  ledgerEntries,
  ledgerPaymentDailyTotals,
  ledgerTransactions,
  offers,
  trainers,
  users,
} from '../../db/schema.ts'
import { forbidden, notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { findBusinessOfOwner } from '../business/service.ts'
import { accounts, recordRefund, RefundTooLargeError } from '../ledger/service.ts'
import { csvFileName } from '../../lib/csv.ts'
import { clawBack } from './claw-back.ts'
import {
  COMMISSION_COLUMNS,
  CSV_FILE,
  LEDGER_COLUMNS,
  LEDGER_KIND,
  ledgerDescription,
  PAYMENT_COLUMNS,
  PAYMENT_STATE,
} from './csv-texts.ts'
import { endAtProvider, endIfRefundedInFull } from './ended-by-refund.ts'
import { billingOf } from './trainer.ts'

/** Months and days are Chile's: a payment at 23:30 on the 31st in Santiago belongs to that month. */
export const TIME_ZONE = 'America/Santiago'
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

function wallClock(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]))
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) }
}
export const chileMonth = (at: Date) => {
  const w = wallClock(at)
  return `${w.y}-${String(w.m).padStart(2, '0')}`
}
export const chileDay = (at: Date) => {
  const w = wallClock(at)
  return `${chileMonth(at)}-${String(w.d).padStart(2, '0')}`
}

/** The instant a Chile calendar day starts. */
export function chileDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  const target = Date.UTC(y, m - 1, d)
  let guess = target
  for (let i = 0; i < 3; i++) {
    const w = wallClock(new Date(guess))
    const wall = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s)
    guess += target - wall
  }
  return new Date(guess)
}

/** [from, to) in instants from Chile days, `to` included; default: the last 12 months. */
export function rangeOf(query: DateRangeQuery) {
  const valid = (day: string, field: string) => {
    const [y, m, d] = day.split('-').map(Number)
    const date = new Date(Date.UTC(y, m - 1, d))
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2000 || y > 2200)
      throw unprocessable({ [field]: 'invalid' }, `${field} is not a date`)
    return day
  }
  const now = new Date()
  const to = query.to ? valid(query.to, 'to') : chileDay(now)
  const from = query.from ? valid(query.from, 'from') : chileDay(new Date(now.getTime() - 365 * 86_400_000))
  if (from > to) throw unprocessable({ from: 'invalid' }, 'from must not be after to')
  const end = chileDayStart(to)
  end.setTime(chileDayStart(chileDay(new Date(end.getTime() + 36 * 3600_000))).getTime())
  return { from: chileDayStart(from), to: end, fromDay: from, toDay: to }
}

type PaymentRow = typeof clientPayments.$inferSelect

function paymentState(p: PaymentRow): Payment['state'] {
  if (p.disputedAt) return 'disputed'
  if (p.refundedClp === 0) return 'paid'
  return p.refundedClp >= p.amountClp ? 'refunded' : 'partially_refunded'
}

async function paymentsOf(db: Tx, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ payment: clientPayments, email: users.email, offerTitle: offers.title })
    .from(clientPayments)
    .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, clientPayments.subscriptionId))
    .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
    .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
    .where(where)
    .orderBy(asc(clientPayments.paidAt))
  return rows.map(({ payment: p, email, offerTitle }): Payment => ({
    id: p.id,
    subscriptionId: p.subscriptionId,
    clientEmail: email,
    offerTitle,
    paidAt: p.paidAt.toISOString(),
    amountClp: p.amountClp,
    refundedClp: p.refundedClp,
    trainerShareClp: p.trainerShareClp,
    gymShareClp: p.gymShareClp,
    platformShareClp: p.platformShareClp,
    state: paymentState(p),
  }))
}

export async function listPayments(app: FastifyInstance, user: AuthUser, query: DateRangeQuery) {
  const { trainer } = await billingOf(app, user, false)
  const range = rangeOf(query)
  return {
    data: await paymentsOf(
      app.db,
      and(eq(clientPayments.trainerId, trainer.id), gte(clientPayments.paidAt, range.from), lt(clientPayments.paidAt, range.to)),
    ),
  }
}

/**
 * The one refund path (trainer refunds, withdrawals: decision 224): the provider's refund, then
 * its ledger entries, the shares claimed back and, when the current period is refunded in full,
 * the subscription ended (returned, for the caller to end at the provider after the commit). The
 * caller holds the payment row locked (`for update`) in `tx` and checked `wanted` against it.
 */
export async function refundLockedPayment(app: FastifyInstance, tx: Tx, payment: PaymentRow, wanted: number) {
  const [sub] = await tx.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, payment.subscriptionId)).limit(1)
  const { refundId, parts } = await app.payments.clients.refund({
    paymentId: payment.providerPaymentId,
    amountClp: wanted,
    accountId: sub.providerAccountId,
    idempotencyKey: `refund-${payment.id}-${payment.refundedClp}-${wanted}`,
  })
  try {
    const done = await recordRefund(tx, { paymentId: payment.id, providerRefundId: refundId, amountClp: wanted, kind: 'refund', parts })
    // Every share that left the platform gives back its part (decision 092).
    if (done.created) await clawBack(app, tx, done.payment, `refund:${refundId}`, done.reversal)
    return await endIfRefundedInFull(tx, done.payment)
  } catch (err) {
    if (err instanceof RefundTooLargeError) throw unprocessable({ amountClp: 'tooBig' }, err.message)
    throw err
  }
}

/**
 * Refunds one of my payments, whole (no amount) or part, never above what remains. The payment
 * row stays locked from the check through the provider's refund to the ledger entries, so two
 * parallel refunds are decided one after the other (decision 063).
 */
export async function refundPayment(app: FastifyInstance, user: AuthUser, paymentId: string, amount: number | undefined, ip: string) {
  const { trainer } = await billingOf(app, user, false)
  const ended = await app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(clientPayments).where(eq(clientPayments.id, paymentId)).limit(1).for('update')
    if (!payment || payment.trainerId !== trainer.id) throw notFound('No such payment', { id: 'notFound' })
    const refundable = payment.amountClp - payment.refundedClp
    const wanted = amount ?? refundable
    if (refundable === 0) throw unprocessable({ amountClp: 'tooBig' }, 'This payment was already refunded in full')
    if (wanted > refundable) throw unprocessable({ amountClp: 'tooBig' }, `At most ${refundable} CLP can be refunded`)
    if (payment.provider !== app.payments.name)
      throw unprocessable({ id: 'notPurchasable' }, 'This payment belongs to another payment provider')
    const ended = await refundLockedPayment(app, tx, payment, wanted)
    await recordAudit(tx, {
      action: 'client.refund',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'client_payment',
      subjectId: payment.id,
      after: { amountClp: wanted },
    })
    return ended
  })
  if (ended) await endAtProvider(app, ended)
  const [out] = await paymentsOf(app.db, and(eq(clientPayments.id, paymentId)))
  return out
}

/**
 * Per Chile month (and per trainer when `perTrainer`) what the ledger booked for the client
 * payments matching `where` over the days of the range: summed in SQL from the per-day totals the
 * posting transaction keeps (migration 0020, decision 216), never from the entries. Shares are net
 * of refunds and disputes in the same month.
 */
export function paymentTotalsQuery(db: Tx, where: SQL, range: { fromDay: string; toDay: string }, perTrainer: boolean) {
  const t = ledgerPaymentDailyTotals
  const month = sql<string>`to_char(${t.day}, 'YYYY-MM')`
  const total = (column: AnyColumn) => sql<string>`sum(${column})`
  return db
    .select({
      month,
      trainerId: perTrainer ? t.trainerId : sql<string>`null`,
      payments: total(t.payments),
      grossClp: total(t.grossClp),
      refundedClp: total(t.refundedClp),
      trainerShareClp: total(t.trainerShareClp),
      gymShareClp: total(t.gymShareClp),
      platformShareClp: total(t.platformShareClp),
    })
    .from(t)
    .where(and(where, gte(t.day, range.fromDay), lte(t.day, range.toDay)))
    .groupBy(...(perTrainer ? [month, t.trainerId] : [month]))
}

const numbers = (r: Awaited<ReturnType<typeof paymentTotalsQuery>>[number]) => ({
  payments: Number(r.payments),
  grossClp: Number(r.grossClp),
  refundedClp: Number(r.refundedClp),
  trainerShareClp: Number(r.trainerShareClp),
  gymShareClp: Number(r.gymShareClp),
  platformShareClp: Number(r.platformShareClp),
})

/** Income per Chile month from the ledger: gross, refunded, platform commission, gym share, net. */
export async function income(app: FastifyInstance, user: AuthUser, query: DateRangeQuery) {
  const { trainer } = await billingOf(app, user, false)
  const rows = await paymentTotalsQuery(app.db, eq(ledgerPaymentDailyTotals.trainerId, trainer.id), rangeOf(query), false)
  const data: IncomeMonth[] = rows
    .map((r) => ({ month: r.month, ...numbers(r) }))
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((t) => ({
      month: t.month,
      payments: t.payments,
      grossClp: t.grossClp,
      refundedClp: t.refundedClp,
      platformCommissionClp: t.platformShareClp,
      gymShareClp: t.gymShareClp,
      netClp: t.trainerShareClp,
    }))
  return { data }
}

/** My payments of the period as a file: paid on Chile's clock, states in the reader's words (decision 201). */
export async function paymentsCsv(app: FastifyInstance, user: AuthUser, query: DateRangeQuery, language: AccountLanguage) {
  const { trainer } = await billingOf(app, user, false)
  const range = rangeOf(query)
  const data = await paymentsOf(
    app.db,
    and(eq(clientPayments.trainerId, trainer.id), gte(clientPayments.paidAt, range.from), lt(clientPayments.paidAt, range.to)),
  )
  return {
    filename: csvFileName(CSV_FILE[language].payments, range.fromDay, range.toDay),
    table: {
      columns: PAYMENT_COLUMNS,
      language,
      rows: data.map((p) => ({
        id: p.id,
        paidAt: new Date(p.paidAt),
        client: p.clientEmail,
        offer: p.offerTitle,
        amountClp: p.amountClp,
        refundedClp: p.refundedClp,
        trainerShareClp: p.trainerShareClp,
        gymShareClp: p.gymShareClp,
        platformShareClp: p.platformShareClp,
        state: PAYMENT_STATE[language][p.state],
      })),
    },
  }
}

/**
 * The entries of my own ledger account (`trainer:<id>`) in the period, each with what it is in a
 * sentence: a payment's share, a refund's or chargeback's part taken back, a payout to my payout
 * account and what came back from it. No other account's entry (the platform's, the provider's,
 * the gym's): their sum is what the platform holds for me from the period.
 */
export async function ledgerCsv(app: FastifyInstance, user: AuthUser, query: DateRangeQuery, language: AccountLanguage) {
  const { trainer } = await billingOf(app, user, false)
  const range = rangeOf(query)
  const rows = await app.db
    .select({
      at: ledgerTransactions.createdAt,
      kind: ledgerTransactions.kind,
      amountClp: ledgerEntries.amountClp,
      paymentId: ledgerTransactions.paymentId,
      paymentClp: clientPayments.amountClp,
      gymShareClp: clientPayments.gymShareClp,
      platformShareClp: clientPayments.platformShareClp,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      offer: offers.title,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(clientPayments, eq(clientPayments.id, ledgerTransactions.paymentId))
    .leftJoin(clientSubscriptions, eq(clientSubscriptions.id, clientPayments.subscriptionId))
    .leftJoin(users, eq(users.id, clientSubscriptions.clientUserId))
    .leftJoin(offers, eq(offers.id, clientSubscriptions.offerId))
    .where(
      and(
        eq(ledgerEntries.account, accounts.trainer(trainer.id)),
        gte(ledgerTransactions.createdAt, range.from),
        lt(ledgerTransactions.createdAt, range.to),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id))
  return {
    filename: csvFileName(CSV_FILE[language].ledger, range.fromDay, range.toDay),
    table: {
      columns: LEDGER_COLUMNS,
      language,
      rows: rows.map((r) => {
        const name = `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim()
        const fact = {
          kind: r.kind,
          client: name || (r.email ?? '?'),
          offer: r.offer ?? '?',
          paymentClp: r.paymentClp ?? 0,
          gymShareClp: r.gymShareClp ?? 0,
          platformShareClp: r.platformShareClp ?? 0,
        }
        return {
          at: r.at,
          kind: LEDGER_KIND[language][r.kind],
          description: ledgerDescription(fact, language),
          client: r.email,
          offer: r.offer,
          amountClp: r.amountClp,
          paymentId: r.paymentId,
        }
      }),
    },
  }
}

/** The gym owner's view: per trainer per month, from the ledger's daily totals, only with central billing. */
export async function gymCommissions(app: FastifyInstance, user: AuthUser, query: DateRangeQuery) {
  const business = await findBusinessOfOwner(app.db, user.id)
  const [gym] = await app.db.select().from(gyms).where(eq(gyms.ownerId, user.id)).limit(1)
  if (!business && !gym) throw forbidden('Only gym owners can see commissions')
  const centralBilling = business?.centralBilling ?? false
  if (!gym) return { centralBilling, data: [] }
  const rows = await paymentTotalsQuery(app.db, eq(ledgerPaymentDailyTotals.gymId, gym.id), rangeOf(query), true)
  // A trainer who left the gym keeps their rows; every name comes from the trainers table.
  const ids = [...new Set(rows.map((r) => r.trainerId))]
  const names = new Map(
    (ids.length
      ? await app.db
          .select({ id: trainers.id, firstName: trainers.firstName, lastName: trainers.lastName })
          .from(trainers)
          .where(inArray(trainers.id, ids))
      : []
    ).map((t) => [t.id, `${t.firstName} ${t.lastName}`.trim()]),
  )
  const data: GymCommissionRow[] = rows
    .map((r) => ({ month: r.month, trainerId: r.trainerId, trainerName: names.get(r.trainerId) ?? '', ...numbers(r) }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.trainerName.localeCompare(b.trainerName))
  return { centralBilling, data }
}

/** The gym owner's commissions as a file, months in Chile, headers in the reader's words (decision 201). */
export async function gymCommissionsCsv(app: FastifyInstance, user: AuthUser, query: DateRangeQuery, language: AccountLanguage) {
  const range = rangeOf(query)
  // The same days as the file name, even across midnight.
  const { data } = await gymCommissions(app, user, { from: range.fromDay, to: range.toDay })
  return {
    filename: csvFileName(CSV_FILE[language].commissions, range.fromDay, range.toDay),
    table: {
      columns: COMMISSION_COLUMNS,
      language,
      rows: data.map((r) => ({
        month: r.month,
        trainer: r.trainerName,
        payments: r.payments,
        grossClp: r.grossClp,
        refundedClp: r.refundedClp,
        trainerShareClp: r.trainerShareClp,
        gymShareClp: r.gymShareClp,
        platformShareClp: r.platformShareClp,
      })),
    },
  }
}
