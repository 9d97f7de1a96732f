// Issue 27: a trial's end and each renewal are announced once, 5 days before the charge (migration 0029, decision 224).
import { sql } from 'drizzle-orm'
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * One row per subscription (a client's `client`, a trainer's or gym's plan `platform`) and the
 * period end whose charge was announced; `platform_payment_failed`: a plan's failed payment told
 * (migration 0035, decision 241). Written in the transaction that queues the mail: the
 * primary key makes a second run, a second process or a restart find it and send nothing.
 */
export const renewalNotices = pgTable(
  'renewal_notices',
  {
    subscriptionKind: text('subscription_kind', { enum: ['client', 'platform', 'platform_payment_failed'] }).notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'renewal_notices_pkey', columns: [t.subscriptionKind, t.subscriptionId, t.periodEnd] }),
    check('renewal_notices_kind_check', sql`${t.subscriptionKind} in ('client', 'platform', 'platform_payment_failed')`),
  ],
)
