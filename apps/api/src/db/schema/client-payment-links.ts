// Issue 26 (decisions 249, 250): single-use payment links of card renewals (migration 0039) and chargebacks followed to their outcome (0040).
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { clientPayments, clientSubscriptions } from './core.ts'

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

/**
 * A chargeback of a client payment followed to its outcome (migration 0040, decision 250): open
 * with the evidence deadline, then won or lost (lost moves the ledger, once). Final once resolved.
 */
export const clientDisputes = pgTable(
  'client_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerDisputeId: text('provider_dispute_id').notNull(),
    /** The provider's own id of the dispute: what the operator's replay reads again. */
    providerReference: text('provider_reference').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => clientPayments.id, { onDelete: 'restrict' }),
    amountClp: integer('amount_clp').notNull(),
    status: text('status', { enum: ['open', 'won', 'lost'] }).notNull(),
    evidenceDueAt: timestamp('evidence_due_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_disputes_provider_idx').on(t.provider, t.providerDisputeId),
    index('client_disputes_status_idx').on(t.status, t.evidenceDueAt),
    check('client_disputes_status_check', sql`${t.status} in ('open', 'won', 'lost')`),
    check('client_disputes_amount_check', sql`${t.amountClp} >= 0`),
  ],
)
