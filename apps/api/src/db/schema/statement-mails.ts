// Issue 27 (decision 233, migration 0031): the "your statement is ready" mail, once per account and month.
import { sql } from 'drizzle-orm'
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './core.ts'

/**
 * One row per account (the trainer's or the gym owner's user, by statement audience) and Chile
 * month whose statement-ready mail was queued. Written in the transaction that queues the mail:
 * the primary key makes a second run, a second process or a retry find it and send nothing.
 */
export const statementReadyMails = pgTable(
  'statement_ready_mails',
  {
    audience: text('audience', { enum: ['trainer', 'gym'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`, a Chile (America/Santiago) calendar month, as the statement names it. */
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'statement_ready_mails_pkey', columns: [t.audience, t.userId, t.month] }),
    check('statement_ready_mails_audience_check', sql`${t.audience} in ('trainer', 'gym')`),
    check('statement_ready_mails_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
)
