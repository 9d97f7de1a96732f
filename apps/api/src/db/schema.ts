import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

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
    role: text('role', { enum: ['member', 'trainer', 'gym_owner', 'admin'] }).notNull().default('member'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
)

/** One row per signed-in device; the refresh token names the row and its current generation. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    refreshJti: text('refresh_jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Mail is written here in the same transaction as the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
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

export const businesses = pgTable('businesses', {
  id: id(),
  ownerId: uuid('owner_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull(),
  phone: text('phone'),
  website: text('website'),
  subscriptionPlan: text('subscription_plan', { enum: ['business', 'enterprise'] }).notNull().default('business'),
  centralBilling: boolean('central_billing').notNull().default(true),
  paymentAccountId: text('payment_account_id'),
  commissionTrainer: numeric('commission_trainer', { precision: 4, scale: 3 }).notNull().default('0.600'),
  commissionGym: numeric('commission_gym', { precision: 4, scale: 3 }).notNull().default('0.350'),
  commissionPlatform: numeric('commission_platform', { precision: 4, scale: 3 }).notNull().default('0.050'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const gyms = pgTable('gyms', {
  id: id(),
  ownerId: uuid('owner_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id').unique().references(() => users.id, { onDelete: 'cascade' }),
    gymId: uuid('gym_id').references(() => gyms.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    specialization: text('specialization').notNull().default(''),
    experience: integer('experience').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    stripeOnboardingComplete: boolean('stripe_onboarding_complete').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('trainers_gym_idx').on(t.gymId)],
)

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email)],
)

export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id').notNull().references(() => plans.id),
  customerEmail: text('customer_email').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
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
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull().references(() => plans.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', {
      enum: ['trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'],
    }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
)

export const payoutAccounts = pgTable('payout_accounts', {
  id: id(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
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
  kind: text('kind', { enum: ['portal', 'connect'] }).notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
