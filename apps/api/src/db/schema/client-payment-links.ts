// Issue 26 (decision 249): a renewal that needs the client again is paid through a single-use link (migration 0039).
import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { clientSubscriptions } from './core.ts'

/** A mailed payment link for one period of a client subscription; only the token's SHA-256 is kept. */
export const clientPaymentLinks = pgTable(
  'client_payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => clientSubscriptions.id, { onDelete: 'cascade' }),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountClp: integer('amount_clp').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_payment_links_token_idx').on(t.tokenHash),
    uniqueIndex('client_payment_links_period_idx').on(t.subscriptionId, t.periodEnd),
    check('client_payment_links_amount_check', sql`${t.amountClp} > 0`),
  ],
)
