// Issue 30 (migration 0020, decision 216): running totals of the ledger, written only by the
// statement-level trigger on ledger_entries (in the posting transaction), read by the operator's
// money summary and the gym's commissions instead of scanning every entry. Days are Chile's.
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

/**
 * Per account, per Chile day: the sum of its entries and how many. platform_revenue and
 * provider_clearing spread a day over slots 0–7 (transaction id mod 8) so parallel payments do not
 * queue on one row lock; every other account has slot 0. Sum over slots to read a day.
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    account: text('account').notNull(),
    day: date('day').notNull(),
    slot: smallint('slot').notNull().default(0),
    amountClp: bigint('amount_clp', { mode: 'number' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ name: 'ledger_daily_totals_pk', columns: [t.account, t.day, t.slot] })],
)

/**
 * Per payment's trainer and gym (null: none), per Chile day of the ledger transaction: what the
 * commissions views show (payments, gross, refunded and disputed, the three shares net of refunds).
 * Only payment, refund and dispute transactions of client payments count.
 */
export const ledgerPaymentDailyTotals = pgTable(
  'ledger_payment_daily_totals',
  {
    trainerId: uuid('trainer_id').notNull(),
    gymId: uuid('gym_id'),
    day: date('day').notNull(),
    payments: integer('payments').notNull(),
    grossClp: bigint('gross_clp', { mode: 'number' }).notNull(),
    refundedClp: bigint('refunded_clp', { mode: 'number' }).notNull(),
    trainerShareClp: bigint('trainer_share_clp', { mode: 'number' }).notNull(),
    gymShareClp: bigint('gym_share_clp', { mode: 'number' }).notNull(),
    platformShareClp: bigint('platform_share_clp', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('ledger_payment_daily_totals_key').on(t.trainerId, t.day, t.gymId).nullsNotDistinct(),
    index('ledger_payment_daily_totals_gym_idx')
      .on(t.gymId, t.day)
      .where(sql`${t.gymId} is not null`),
  ],
)

/**
 * The MRR's client part: active client subscriptions (state `active`) and the sum of their
 * prices, kept by statement-level triggers on client_subscriptions in the transaction that changes
 * them (migration 0037, decision 246). Slots 0–7 (transaction id mod 8) so parallel changes do not
 * queue on one row lock. Sum over slots to read it.
 */
export const clientMrrTotals = pgTable('client_mrr_totals', {
  slot: smallint('slot').primaryKey(),
  subscriptions: bigint('subscriptions', { mode: 'number' }).notNull(),
  clp: bigint('clp', { mode: 'number' }).notNull(),
})
