import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Idempotency-Key (issue 34, plugins/idempotency.ts): the first answer to a request carrying a
 * key, kept 24 h. `id` is a hash of who asked and the key; the answer is encrypted with a key
 * derived from the client's key, which is never stored, so what a response holds (a generated
 * password, tokens) is readable only by whoever sends the key again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: text('id').primaryKey(),
    /** Hash of method, route and body: the same key with another request is refused (422). */
    fingerprint: text('fingerprint').notNull(),
    /** The attempt that holds the key; a transaction of any other attempt cannot mark it. */
    owner: uuid('owner').notNull(),
    /** processing → committed (a transaction of the owner committed) → done (answer stored). */
    state: text('state', { enum: ['processing', 'committed', 'done'] }).notNull(),
    /** While processing: another attempt waits (409) until then, then may take over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    /** base64 of iv, tag and AES-256-GCM ciphertext of the answer's body. */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('idempotency_keys_expires_idx').on(t.expiresAt)],
)
