import type { AccountLanguage, DateRangeQuery, GymCommissionRow, IncomeMonth, Payment } from '@app/contracts'
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { clientPayments, clientSubscriptions, gyms, ledgerEntries, ledgerTransactions, offers, trainers, users } from '../../db/schema.ts'
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
    const [sub] = await tx.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, payment.subscriptionId)).limit(1)
    const { refundId } = await app.payments.clients.refund({
      paymentId: payment.providerPaymentId,
      amountClp: wanted,
      accountId: sub.providerAccountId,
      idempotencyKey: `refund-${payment.id}-${payment.refundedClp}-${wanted}`,
    })
    let ended: Awaited<ReturnType<typeof endIfRefundedInFull>> = null
    try {
      const done = await recordRefund(tx, { paymentId: payment.id, providerRefundId: refundId, amountClp: wanted, kind: 'refund' })
      // Every share that left the platform gives back its part (decision 092).
      if (done.created) await clawBack(app, tx, done.payment, `refund:${refundId}`, done.reversal)
      ended = await endIfRefundedInFull(tx, done.payment)
    } catch (err) {
      if (err instanceof RefundTooLargeError) throw unprocessable({ amountClp: 'tooBig' }, err.message)
      throw err
    }
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

/** Ledger movements of payments matching `where`, in the range (by the transaction's date). */
async function movements(db: Tx, where: ReturnType<typeof and>, range: { from: Date; to: Date }) {
  return db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      sourceKey: ledgerTransactions.sourceKey,
      at: ledgerTransactions.createdAt,
      account: ledgerEntries.account,
      amountClp: ledgerEntries.amountClp,
      paymentId: clientPayments.id,
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
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id), asc(ledgerEntries.account))
}

interface Totals {
  payments: number
  grossClp: number
  refundedClp: number
  trainerShareClp: number
  gymShareClp: number
  platformShareClp: number
}
const zero = (): Totals => ({ payments: 0, grossClp: 0, refundedClp: 0, trainerShareClp: 0, gymShareClp: 0, platformShareClp: 0 })

/** Sums ledger movements: shares are net of refunds and disputes in the same month. */
function addMovement(t: Totals, m: { kind: string; account: string; amountClp: number }) {
  if (m.account === accounts.providerClearing) {
    if (m.kind === 'payment') {
      t.payments += 1
      t.grossClp += -m.amountClp
    } else t.refundedClp += m.amountClp
  } else if (m.account === accounts.platformRevenue) t.platformShareClp += m.amountClp
  else if (m.account.startsWith('gym:')) t.gymShareClp += m.amountClp
  else if (m.account.startsWith('trainer:')) t.trainerShareClp += m.amountClp
}

/** Income per Chile month from the ledger: gross, refunded, platform commission, gym share, net. */
export async function income(app: FastifyInstance, user: AuthUser, query: DateRangeQuery) {
  const { trainer } = await billingOf(app, user, false)
  const byMonth = new Map<string, Totals>()
  for (const m of await movements(app.db, and(eq(clientPayments.trainerId, trainer.id)), rangeOf(query))) {
    const key = chileMonth(m.at)
    if (!byMonth.has(key)) byMonth.set(key, zero())
    addMovement(byMonth.get(key)!, m)
  }
  const data: IncomeMonth[] = [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, t]) => ({
      month,
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

/** The gym owner's view: per trainer per month, from the ledger, only with central billing. */
export async function gymCommissions(app: FastifyInstance, user: AuthUser, query: DateRangeQuery) {
  const business = await findBusinessOfOwner(app.db, user.id)
  const [gym] = await app.db.select().from(gyms).where(eq(gyms.ownerId, user.id)).limit(1)
  if (!business && !gym) throw forbidden('Only gym owners can see commissions')
  const centralBilling = business?.centralBilling ?? false
  if (!gym) return { centralBilling, data: [] }
  const names = new Map(
    (await app.db.select().from(trainers).where(eq(trainers.gymId, gym.id))).map((t) => [t.id, `${t.firstName} ${t.lastName}`.trim()]),
  )
  const byKey = new Map<string, Totals & { month: string; trainerId: string }>()
  for (const m of await movements(app.db, and(eq(clientPayments.gymId, gym.id)), rangeOf(query))) {
    const month = chileMonth(m.at)
    const key = `${month}|${m.trainerId}`
    if (!byKey.has(key)) byKey.set(key, { ...zero(), month, trainerId: m.trainerId })
    addMovement(byKey.get(key)!, m)
  }
  if (names.size < byKey.size) {
    // A trainer who left the gym keeps their rows; their name comes from the trainers table.
    for (const t of await app.db
      .select()
      .from(trainers)
      .where(inArray(trainers.id, [...new Set([...byKey.values()].map((v) => v.trainerId))])))
      names.set(t.id, `${t.firstName} ${t.lastName}`.trim())
  }
  const data: GymCommissionRow[] = [...byKey.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || (names.get(a.trainerId) ?? '').localeCompare(names.get(b.trainerId) ?? ''))
    .map((t) => ({
      month: t.month,
      trainerId: t.trainerId,
      trainerName: names.get(t.trainerId) ?? '',
      payments: t.payments,
      grossClp: t.grossClp,
      refundedClp: t.refundedClp,
      trainerShareClp: t.trainerShareClp,
      gymShareClp: t.gymShareClp,
      platformShareClp: t.platformShareClp,
    }))
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
