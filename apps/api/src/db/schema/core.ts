import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['member', 'trainer', 'gym_owner', 'admin', 'platform_admin'] })
      .notNull()
      .default('member'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set once the person proved they read this address (a code or a confirmation link). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Issue 20 (privacy): date of birth (16+), phone (rectification), closing and the 90-day purge.
    birthDate: date('birth_date', { mode: 'string' }),
    phone: text('phone'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by', { enum: ['self', 'operator'] }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    /** The language the person registered in: their screens and every mail to them (decision 161). */
    language: text('language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Operator console: trainers by sign-up date (issue 13).
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    // The console's deactivated trainers, in the list's order (migration 0038, decision 247).
    index('users_inactive_trainers_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = 'trainer' and ${t.isActive} = false`),
    index('users_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null and ${t.purgedAt} is null`),
    // Operator console search (issue 30, migration 0020): gym owners by e-mail, trainers by name or e-mail.
    index('users_owner_email_trgm_idx')
      .using('gin', sql`${t.email} gin_trgm_ops`)
      .where(sql`${t.role} = 'gym_owner'`),
    index('users_trainer_search_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`)
      .where(sql`${t.role} = 'trainer'`),
  ],
)

/** One row per signed-in device; the refresh token names the row and its current generation. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshJti: text('refresh_jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** Client address of the sign-in: a later login from a known address is not throttled per e-mail. */
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_user_ip_idx').on(t.userId, t.ip)],
)

/** Mail is written here in the same transaction as the change that causes it. */
/** A mail's attached file as stored in the outbox and the built-in mailbox (decision 223). */
export interface StoredAttachment {
  filename: string
  contentType: string
  /** base64 */
  content: string
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** held: a mail to a third party waits until `heldForUserId` verifies their own e-mail. */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'held'] })
      .notNull()
      .default('pending'),
    heldForUserId: uuid('held_for_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Codes and links in this mail: replaced by a placeholder once it is delivered. */
    secrets: jsonb('secrets').$type<string[]>(),
    /** Files sent with the mail (a tax document's PDF, decision 223), base64. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_sent_idx').on(t.sentAt)],
)

export const plans = pgTable('plans', {
  id: id(),
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  benefits: jsonb('benefits').$type<string[]>().notNull(),
  priceUsd: integer('price_usd'),
  priceClp: integer('price_clp'),
  period: text('period').notNull().default('month'),
  clientLimit: integer('client_limit'),
  target: text('target').notNull().default(''),
  popular: boolean('popular').notNull().default(false),
  purchasable: boolean('purchasable').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const accessRequests = pgTable('access_requests', {
  id: id(),
  title: text('title').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  content: text('content').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
})

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    website: text('website'),
    subscriptionPlan: text('subscription_plan', { enum: ['business', 'enterprise'] })
      .notNull()
      .default('business'),
    centralBilling: boolean('central_billing').notNull().default(true),
    /**
     * When an operator allowed this gym's trainers to charge clients through central billing (issue
     * 19, decision 195); null: not allowed (the default). See modules/central-billing/policy.ts.
     */
    centralBillingApprovedAt: timestamp('central_billing_approved_at', { withTimezone: true }),
    paymentAccountId: text('payment_account_id'),
    /** The gym's split in basis points (6000 = 60 %), summing to 10 000 (migration 0017, docs/glossary.md). */
    commissionTrainerBps: integer('commission_trainer_bps').notNull().default(6000),
    commissionGymBps: integer('commission_gym_bps').notNull().default(3500),
    commissionPlatformBps: integer('commission_platform_bps').notNull().default(500),
    /** Issue 27 (decision 214, migration 0019): the business's RUT (`12345678-5`), razón social and giro; one RUT per business. */
    rut: text('rut').unique('businesses_rut_unique'),
    legalName: text('legal_name'),
    activity: text('activity'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Operator console (issue 30, migration 0020): gyms newest first, and by name.
  (t) => [
    index('businesses_created_idx').on(t.createdAt, t.id),
    index('businesses_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
)

export const gyms = pgTable('gyms', {
  id: id(),
  ownerId: uuid('owner_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const trainers = pgTable(
  'trainers',
  {
    id: id(),
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    gymId: uuid('gym_id').references(() => gyms.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    specialization: text('specialization').notNull().default(''),
    experience: integer('experience').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    stripeOnboardingComplete: boolean('stripe_onboarding_complete').notNull().default(false),
    /** Issue 27 (decision 214, migration 0019): the trainer's RUT (`12345678-5`); one per trainer. */
    rut: text('rut').unique('trainers_rut_unique'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('trainers_gym_idx').on(t.gymId)],
)

/**
 * Issue 27 (decision 237, migration 0033): a client's details for a factura, read by their
 * trainer's and gym's statement. All three or none (no row); the RUT is not unique (two employees
 * of one company may both give its RUT).
 */
export const clientTaxIdentities = pgTable('client_tax_identities', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rut: text('rut').notNull(),
  legalName: text('legal_name').notNull(),
  activity: text('activity').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/** One-time codes for e-mail verification; the code itself is stored only as a hash. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Digest of the single-use verification token `otp/verify` answered; registration consumes it. */
    verificationTokenHash: text('verification_token_hash').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email)],
)

export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['sandbox', 'stripe', 'mercadopago'] }).notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id')
    .notNull()
    .references(() => plans.id),
  customerEmail: text('customer_email').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'no_payment_required'] })
    .notNull()
    .default('unpaid'),
  successRedirect: text('success_redirect').notNull(),
  cancelRedirect: text('cancel_redirect').notNull(),
  url: text('url').notNull(),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
})

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'mercadopago'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', {
      enum: ['trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'],
    }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the provider created the last event applied to this row: an older one never overwrites it. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
)

export const payoutAccounts = pgTable('payout_accounts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['sandbox', 'stripe', 'mercadopago'] }).notNull(),
  providerAccountId: text('provider_account_id').notNull().unique(),
  country: text('country').notNull().default('CL'),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Short-lived links to the sandbox provider's pages (billing portal, payout onboarding). */
export const providerLinks = pgTable('provider_links', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['portal', 'connect', 'client_portal'] }).notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/** Provider events already applied: a webhook delivered twice is applied once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Signup tokens by id (jti): a password reset, a login or the end of the flow revokes them. */
export const signupTokens = pgTable(
  'signup_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('signup_tokens_user_idx').on(t.userId)],
)

/**
 * One free trial per person: keys are `user:<id>`, `email:<sha256 of the e-mail>` and
 * `customer:<provider customer id>`. No foreign key: a deleted account keeps its claim.
 */
export const trialClaims = pgTable('trial_claims', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
})

/** A trainer's new login e-mail waits here until the new address confirms it. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
)

/**
 * Operator actions and security events. Append-only: a trigger refuses UPDATE and DELETE
 * (migration 0002). No foreign keys, so deleting an account keeps its history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ip: text('ip'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
    // Operator console filters (issue 13): by actor, newest first.
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_actor_email_idx').on(t.actorEmail, t.createdAt),
  ],
)

/** The built-in mailbox (no SMTP_URL, development only): where the log transport "delivers". */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_created_idx').on(t.createdAt)],
)

// ============================================================================================
// Client billing (issue 12, migration 0003_client_billing): offers, invitations, client
// subscriptions, payments, refunds and the double-entry ledger. Keep this block together.
// ============================================================================================

/** What a trainer sells: a monthly price in whole CLP. A retired offer takes no new clients. */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceClp: integer('price_clp').notNull(),
    sessionsPerMonth: integer('sessions_per_month').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('offers_trainer_idx').on(t.trainerId)],
)

/** An e-mailed link to one offer; the token is stored only as a SHA-256 digest. */
export const clientInvitations = pgTable(
  'client_invitations',
  {
    id: id(),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    state: text('state', { enum: ['pending', 'accepted', 'revoked'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    clientUserId: uuid('client_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('client_invitations_trainer_idx').on(t.trainerId, t.state)],
)

/** A client's checkout of an invitation (the provider's session id); at most one open per invitation. */
export const clientCheckouts = pgTable(
  'client_checkouts',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'mercadopago'] }).notNull(),
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => clientInvitations.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    successRedirect: text('success_redirect').notNull(),
    cancelRedirect: text('cancel_redirect').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Why a paid completion was refused and refunded (issue 19): the checks of completeClientCheckout. */
    refusal: text('refusal'),
  },
  (t) => [
    uniqueIndex('client_checkouts_one_open_idx')
      .on(t.invitationId)
      .where(sql`status = 'open'`),
  ],
)

/**
 * A client paying a trainer every month. Price and split rates (basis points, summing to 10000)
 * are a snapshot taken when the subscription starts: later changes of the offer or of the gym's
 * rates never touch it.
 */
export const clientSubscriptions = pgTable(
  'client_subscriptions',
  {
    id: id(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'restrict' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    invitationId: uuid('invitation_id').references(() => clientInvitations.id, { onDelete: 'set null' }),
    /** The gym whose central billing takes a share; null for an independent trainer. */
    gymId: uuid('gym_id').references(() => gyms.id, { onDelete: 'set null' }),
    priceClp: integer('price_clp').notNull(),
    trainerBps: integer('trainer_bps').notNull(),
    gymBps: integer('gym_bps').notNull(),
    platformBps: integer('platform_bps').notNull(),
    state: text('state', { enum: ['active', 'past_due', 'cancelled'] }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'mercadopago'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    /**
     * The account the payment lands on directly, with the platform's fee taken at the source (a
     * Stripe direct charge; Mercado Pago: the trainer's linked account, and under central billing
     * the gym's too, by disbursements). Set: no transfers follow a payment.
     */
    providerAccountId: text('provider_account_id'),
    /** The saved card our own renewals charge (Mercado Pago, decision 249); null where the provider renews. */
    providerCardId: text('provider_card_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the provider created the last event applied to this row: an older one never overwrites it. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('client_subscriptions_trainer_idx').on(t.trainerId, t.state),
    index('client_subscriptions_client_idx').on(t.clientUserId),
    // The money summary's MRR and past due by state (migration 0026, issue 30).
    index('client_subscriptions_state_idx').on(t.state, t.updatedAt, t.id),
    // One invitation, one subscription (issue 19).
    uniqueIndex('client_subscriptions_invitation_idx').on(t.invitationId),
  ],
)

/** One charge of a client subscription; the split is computed once, here, and never again. */
export const clientPayments = pgTable(
  'client_payments',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => clientSubscriptions.id, { onDelete: 'restrict' }),
    trainerId: uuid('trainer_id')
      .notNull()
      .references(() => trainers.id, { onDelete: 'restrict' }),
    gymId: uuid('gym_id'),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'mercadopago'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    amountClp: integer('amount_clp').notNull(),
    trainerShareClp: integer('trainer_share_clp').notNull(),
    gymShareClp: integer('gym_share_clp').notNull(),
    platformShareClp: integer('platform_share_clp').notNull(),
    refundedClp: integer('refunded_clp').notNull().default(0),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** For an operator: paid a different amount than the price, or paid after the subscription ended. */
    flag: text('flag', { enum: ['amount_mismatch', 'after_cancel'] }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_payments_trainer_idx').on(t.trainerId, t.paidAt),
    index('client_payments_gym_idx').on(t.gymId, t.paidAt),
    // The money summary's flagged payments, newest first (migration 0026, issue 30).
    index('client_payments_flagged_idx')
      .on(t.paidAt.desc(), t.id.desc())
      .where(sql`${t.flag} is not null`),
  ],
)

/** A refund or a dispute of a payment (provider id unique: applied once). */
export const clientRefunds = pgTable(
  'client_refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => clientPayments.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['refund', 'dispute'] }).notNull(),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    amountClp: integer('amount_clp').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_refunds_payment_idx').on(t.paymentId)],
)

/**
 * A share paid out of the platform's provider balance to a connected account, and how much of it
 * was taken back (transfer reversals after refunds and disputes, decision 092).
 */
export const clientTransfers = pgTable(
  'client_transfers',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => clientPayments.id, { onDelete: 'restrict' }),
    party: text('party', { enum: ['trainer', 'gym'] }).notNull(),
    /** The ledger account of the party (trainer:… or gym:…). */
    account: text('account').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'mercadopago'] }).notNull(),
    providerTransferId: text('provider_transfer_id').notNull().unique(),
    amountClp: integer('amount_clp').notNull(),
    reversedClp: integer('reversed_clp').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('client_transfers_payment_party_idx').on(t.paymentId, t.party)],
)

/** One money event. Append-only (trigger); `source_key` makes each event post once. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    kind: text('kind', { enum: ['payment', 'refund', 'dispute', 'transfer', 'transfer_reversal', 'receivable'] }).notNull(),
    sourceKey: text('source_key').notNull().unique(),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transactions_created_idx').on(t.createdAt), index('ledger_transactions_payment_idx').on(t.paymentId)],
)

/**
 * Signed amounts, credit-positive: what the platform owes the account holder grows positive
 * (trainer:<id>, gym:<id>, platform_revenue); provider_clearing carries the opposite. The
 * entries of a transaction sum to zero (deferred constraint trigger). Append-only (trigger).
 * `created_at` is its transaction's (both default to the posting transaction's now(); service.ts
 * sets neither), which the money export relies on (decision 242).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    amountClp: integer('amount_clp').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account, t.createdAt),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // The money export reads a page's entries by its transactions' time range (decision 242).
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
)
// ======================== end of client billing =========================================
// ---------------------------------------------------------------------------------------------
// Operator console (issue 13). Kept together at the end so that parallel schema work merges cleanly.

/**
 * The sales pipeline of a free-access request (one row per access_requests row, same id). Name,
 * phone and city are parsed once from the request's content; `search` is their lower-cased
 * concatenation with the e-mail, matched by the console's search box (trigram index). History is
 * the audit log (`lead.status`, `lead.note`, subject `lead`), which is append-only.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => accessRequests.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email').notNull(),
    phone: text('phone'),
    city: text('city'),
    status: text('status', { enum: ['new', 'contacted', 'activated', 'discarded'] })
      .notNull()
      .default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    search: text('search').notNull(),
    /** When the request arrived (copied from access_requests, so lists sort on one table). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt, t.id),
    index('leads_status_created_idx').on(t.status, t.createdAt, t.id),
    index('leads_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
)
// --- end of operator console ---
