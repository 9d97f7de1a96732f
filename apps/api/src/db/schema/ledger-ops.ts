import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * One run of `npm run ledger:reconcile` (issue 19): the ledger compared with the payment
 * provider's own records over [from, to). `differences` holds the differences found (at most 500
 * in the row; `differenceCount` is the full count). The newest row is what the console shows.
 */
export const ledgerReconciliations = pgTable(
  'ledger_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    /** Money movements compared: the ledger's and the provider's. */
    ledgerMovements: integer('ledger_movements').notNull(),
    providerMovements: integer('provider_movements').notNull(),
    differenceCount: integer('difference_count').notNull(),
    differences: jsonb('differences').notNull(),
    /** 'cli', or the operator's e-mail. */
    ranBy: text('ran_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_reconciliations_created_idx').on(t.createdAt)],
)
