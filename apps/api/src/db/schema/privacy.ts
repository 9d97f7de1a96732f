// Issue 20: closed accounts, consent records and privacy requests (migration 0010_privacy,
// decisions 175–184). Hand-written SQL in that migration makes consent_records append-only and
// lets the 90-day purge (and only it) anonymise audit_log and consent_records rows.
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * What a person accepted (or, for marketing, also withdrew): which document, which version, when,
 * from which screen and address. Append-only; no foreign key, so the proof outlives the account
 * (the purge only clears `ip`).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    userId: uuid('user_id').notNull(),
    document: text('document', { enum: ['terms', 'privacy', 'marketing'] }).notNull(),
    version: text('version').notNull(),
    /** false only for a withdrawal (marketing). */
    accepted: boolean('accepted').notNull().default(true),
    screen: text('screen').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('consent_records_user_idx').on(t.userId, t.document, t.createdAt)],
)

/**
 * A request under the data-protection law (access/export, deletion, rectification) with its legal
 * deadline and who handled it. Kept after the purge (by opaque user id) as proof of compliance.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['export', 'deletion', 'rectification'] }).notNull(),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    /** self: the person on their own screen; operator: by mail or phone, handled in the console. */
    source: text('source', { enum: ['self', 'operator'] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    handledBy: uuid('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_status_due_idx').on(t.status, t.dueAt), index('privacy_requests_user_idx').on(t.userId)],
)
