// Issue 20: "download my data" built in the background when large (migration 0014_data_exports,
// decision 206). The file is kept gzip-compressed in the database so any process can serve it.
import { sql } from 'drizzle-orm'
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './core.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * One person's export: pending (queued, claimed by the job with FOR UPDATE SKIP LOCKED), ready
 * (file stored, link mailed, downloadable until `expiresAt`) or failed (gave up after retries).
 * At most one pending export per person. The link's token is stored only as its SHA-256.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The privacy_requests row (kind export) this answers; done when the file is ready. */
    requestId: uuid('request_id'),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    /** Rows counted when asked (what made it a background export). */
    rowCount: integer('row_count').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text('token_hash'),
    /** The privacy-export/1 JSON, gzip-compressed. */
    content: bytea('content'),
    /** The JSON's size before compression, in bytes. */
    byteSize: integer('byte_size'),
    builtAt: timestamp('built_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_exports_token_idx').on(t.tokenHash),
    uniqueIndex('data_exports_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('data_exports_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
)
