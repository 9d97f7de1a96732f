// Issue 25: the trainer's weekly digest, once per trainer and week (migration 0023, decision 221).
import { date, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { trainers } from './core.ts'

/** One row per trainer and Santiago week (its Monday) the digest job has handled; `clients` 0 = no mail. */
export const trainerDigestSends = pgTable(
  'trainer_digest_sends',
  {
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    weekStart: date('week_start').notNull(),
    clients: integer('clients').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'trainer_digest_sends_pkey', columns: [t.trainerId, t.weekStart] })],
)
