import type { Statement, StatementLine, StatementTotals } from '@app/contracts'
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  clientPayments,
  clientSubscriptions,
  clientTaxIdentities,
  gyms,
  ledgerEntries,
  ledgerPaymentDailyTotals,
  ledgerTransactions,
  offers,
  trainers,
  users,
} from '../../db/schema.ts'
import { chileDateTime, chileDayOf } from '../../lib/csv.ts'
import { forbidden, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { findBusinessOfOwner } from '../business/service.ts'
import { chileMonth, paymentTotalsQuery, rangeOf } from '../client-billing/money.ts'
import { trainerOfUser } from '../client-billing/trainer.ts'
import { accounts } from '../ledger/service.ts'

// Issue 27 (decision 225): a trainer's or a gym's month, line by line and in total. Every figure
// is the ledger's: the totals are the income and commissions screens' query (paymentTotalsQuery,
// the daily totals of decision 216) over the month's days; the lines are the same ledger
// transactions (payment, refund, dispute of a client payment, by the Chile day they were booked),
// each summed by account as migration 0020's trigger sums them, so the lines add up to the totals.

export type Audience = Statement['audience']

/** The caller as a party: whose payments, and the name and RUT the document is made out to. */
interface Party {
  where: SQL
  totalsWhere: SQL
  name: string
  rut: string | null
}

async function partyOf(db: Tx, user: Pick<AuthUser, 'id'>, audience: Audience): Promise<Party> {
  if (audience === 'trainer') {
    const trainer = await trainerOfUser(db, user.id)
    if (!trainer) throw forbidden('Only trainers have a trainer statement')
    return {
      where: eq(clientPayments.trainerId, trainer.id),
      totalsWhere: eq(ledgerPaymentDailyTotals.trainerId, trainer.id),
      name: `${trainer.firstName} ${trainer.lastName}`.trim(),
      rut: trainer.rut,
    }
  }
  // As the gym's commissions: the owner's business and gym; no gym yet, nothing to state.
  const business = await findBusinessOfOwner(db, user.id)
  const [gym] = await db.select({ id: gyms.id, name: gyms.name }).from(gyms).where(eq(gyms.ownerId, user.id)).limit(1)
  if (!business && !gym) throw forbidden('Only gym owners have a gym statement')
  const name = business?.legalName || business?.name || gym?.name || ''
  if (!gym) return { where: sql`false`, totalsWhere: sql`false`, name, rut: business?.rut ?? null }
  return {
    where: eq(clientPayments.gymId, gym.id),
    totalsWhere: eq(ledgerPaymentDailyTotals.gymId, gym.id),
    name,
    rut: business?.rut ?? null,
  }
}

/** The Chile days of a month (`2026-02` → 2026-02-01 … 2026-02-28); a month after this one is refused. */
export function monthDays(month: string, now = new Date()) {
  const [y, m] = month.split('-').map(Number)
  if (month > chileMonth(now)) throw unprocessable({ month: 'tooBig' }, 'This month has not started yet')
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { fromDay: `${month}-01`, toDay: `${month}-${String(last).padStart(2, '0')}` }
}

const MONEY_KINDS = ['payment', 'refund', 'dispute'] as const

export async function statementOf(db: Tx, user: Pick<AuthUser, 'id'>, audience: Audience, month: string): Promise<Statement> {
  const days = monthDays(month)
  const party = await partyOf(db, user, audience)
  const range = rangeOf({ from: days.fromDay, to: days.toDay })
  const e = ledgerEntries
  const byAccount = (account: SQL) => sql<string>`coalesce(sum(${e.amountClp}) filter (where ${account}), 0)`
  const [rows, totalRows] = await Promise.all([
    db
      .select({
        kind: ledgerTransactions.kind,
        at: ledgerTransactions.createdAt,
        paymentId: clientPayments.id,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientEmail: users.email,
        clientRut: clientTaxIdentities.rut,
        clientLegalName: clientTaxIdentities.legalName,
        clientActivity: clientTaxIdentities.activity,
        offerTitle: offers.title,
        trainerFirstName: trainers.firstName,
        trainerLastName: trainers.lastName,
        clearing: byAccount(sql`${e.account} = ${accounts.providerClearing}`),
        trainer: byAccount(sql`${e.account} like 'trainer:%'`),
        gym: byAccount(sql`${e.account} like 'gym:%'`),
        platform: byAccount(sql`${e.account} = ${accounts.platformRevenue}`),
      })
      .from(ledgerTransactions)
      .innerJoin(clientPayments, eq(clientPayments.id, ledgerTransactions.paymentId))
      .innerJoin(e, eq(e.transactionId, ledgerTransactions.id))
      .innerJoin(trainers, eq(trainers.id, clientPayments.trainerId))
      // Left joins: a line never disappears from the lines while its money stays in the totals.
      .leftJoin(clientSubscriptions, eq(clientSubscriptions.id, clientPayments.subscriptionId))
      .leftJoin(users, eq(users.id, clientSubscriptions.clientUserId))
      // The client's details for a factura (decision 237), as they are now: the seller issues it from this statement.
      .leftJoin(clientTaxIdentities, eq(clientTaxIdentities.userId, clientSubscriptions.clientUserId))
      .leftJoin(offers, eq(offers.id, clientSubscriptions.offerId))
      .where(
        and(
          party.where,
          inArray(ledgerTransactions.kind, [...MONEY_KINDS]),
          gte(ledgerTransactions.createdAt, range.from),
          lt(ledgerTransactions.createdAt, range.to),
        ),
      )
      .groupBy(ledgerTransactions.id, clientPayments.id, trainers.id, users.id, offers.id, clientTaxIdentities.userId)
      .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id)),
    paymentTotalsQuery(db, party.totalsWhere, days, false),
  ])
  const lines: StatementLine[] = rows.map((r) => ({
    kind: r.kind as StatementLine['kind'],
    at: chileDateTime(r.at),
    day: chileDayOf(r.at),
    paymentId: r.paymentId,
    clientName: `${r.clientFirstName ?? ''} ${r.clientLastName ?? ''}`.trim() || (r.clientEmail ?? ''),
    clientTaxIdentity:
      r.clientRut && r.clientLegalName && r.clientActivity
        ? { rut: r.clientRut, legalName: r.clientLegalName, activity: r.clientActivity }
        : null,
    offerTitle: r.offerTitle ?? '',
    trainerName: `${r.trainerFirstName} ${r.trainerLastName}`.trim(),
    grossClp: -Number(r.clearing),
    platformFeeClp: Number(r.platform),
    gymShareClp: Number(r.gym),
    trainerShareClp: Number(r.trainer),
  }))
  const t = totalRows[0]
  const totals: StatementTotals = {
    payments: Number(t?.payments ?? 0),
    grossClp: Number(t?.grossClp ?? 0),
    refundedClp: Number(t?.refundedClp ?? 0),
    platformFeeClp: Number(t?.platformShareClp ?? 0),
    gymShareClp: Number(t?.gymShareClp ?? 0),
    trainerShareClp: Number(t?.trainerShareClp ?? 0),
  }
  return {
    audience,
    month,
    account: { name: party.name, rut: party.rut },
    partial: month === chileMonth(new Date()),
    lines,
    totals,
  }
}
