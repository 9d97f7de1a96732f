import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './core.ts'

/**
 * Payout accounts linked by OAuth (decision 207): one per trainer (owner_id = the trainer's user
 * id) and one per gym (owner_id = the gym's id). Tokens are sealed with lib/secret-box.ts, bound
 * to the row's id; never logged, never answered.
 */
export const payoutLinks = pgTable(
  'payout_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKind: text('owner_kind', { enum: ['trainer', 'gym'] }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** Who linked it (the trainer, or the gym's owner). */
    linkedBy: uuid('linked_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['mercadopago'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    /** When the access token stops working; refreshed well before (the refresh token rotates). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scope: text('scope'),
    liveMode: boolean('live_mode').notNull().default(false),
    /** linked; revoked: the holder withdrew our access at the provider (link again to charge). */
    status: text('status', { enum: ['linked', 'revoked'] })
      .notNull()
      .default('linked'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_links_owner_idx').on(t.ownerKind, t.ownerId),
    index('payout_links_provider_user_idx').on(t.provider, t.providerUserId),
    index('payout_links_expires_idx').on(t.status, t.expiresAt),
  ],
)

/** A started link: the OAuth `state` (stored as its SHA-256) bound to the person, with the PKCE verifier (sealed); single use, 10 minutes. */
export const payoutLinkStates = pgTable('payout_link_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ownerKind: text('owner_kind', { enum: ['trainer', 'gym'] }).notNull(),
  ownerId: uuid('owner_id').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
