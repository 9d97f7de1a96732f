import { z } from 'zod'
import { BusinessSchema, CommissionRatesSchema, SubscriptionPlanSchema } from './business.ts'
import { PlanKeySchema } from './plans.ts'

/*
 * The operator console (issue 13), platform_admin only. Route table: docs/admin-console.md.
 * Every list is paginated on the server; the long ones (leads, trainers, audit log) by an opaque
 * cursor, newest first by default. Filters and sorting run in SQL.
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Rows per page of every admin list. */
export const ADMIN_PAGE_SIZE = { default: 25, max: 100 } as const

const trimmed = (max: number) => z.string({ error: 'invalidType' }).trim().max(max, { error: 'tooLong' })
/** An optional query text: '' means "not given". */
const optionalQueryText = (max: number) =>
  trimmed(max)
    .optional()
    .transform((v) => (v ? v : undefined))

/**
 * A point in time in a query string: an ISO 8601 date-time with offset (`2026-11-01T00:00:00-03:00`)
 * or a date (`2026-11-01`, midnight UTC). The web console sends the operator's local midnight.
 */
const InstantSchema = z.union([z.iso.datetime({ offset: true, error: 'invalid' }), z.iso.date({ error: 'invalid' })], { error: 'invalid' })

/** `from` inclusive, `to` exclusive; `to` must be after `from`. */
export const AdminDateRangeSchema = z.object({ from: InstantSchema.optional(), to: InstantSchema.optional() })

const refineRange = <T extends { from?: string; to?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.from && v.to && new Date(v.from) >= new Date(v.to)) ctx.addIssue({ code: 'custom', message: 'invalid', path: ['to'] })
}

export const AdminSortSchema = z.enum(['newest', 'oldest'], { error: 'invalid' })
export type AdminSort = z.infer<typeof AdminSortSchema>

/** `cursor` is the `nextCursor` of the previous page, as given (opaque). */
export const AdminCursorQuerySchema = z.object({
  cursor: z.string({ error: 'invalidType' }).max(200, { error: 'invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(ADMIN_PAGE_SIZE.max, { error: 'invalid' })
    .default(ADMIN_PAGE_SIZE.default),
  sort: AdminSortSchema.default('newest'),
})

/** A page of a cursor list: `nextCursor` is null on the last page. */
export const cursorPage = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor: z.string().nullable() })

export const AdminActorSchema = z.object({ id: z.string().nullable(), email: z.string().nullable(), role: z.string().nullable() })
export type AdminActor = z.infer<typeof AdminActorSchema>

/** The console pages a reference can open: a trainer (user id), a gym (business id), a request (lead id). */
export const ADMIN_REF_PAGES = ['trainer', 'gym', 'lead'] as const

/**
 * Who or what a row names, resolved for reading (issue 23 point 7): the console shows the name,
 * linked to the page that shows it, not the id. `page` is null where the console has no page
 * (a client, an operator, an account since purged).
 */
export const AdminRefSchema = z.object({
  name: z.string(),
  page: z.object({ kind: z.enum(ADMIN_REF_PAGES), id: z.string() }).nullable(),
})
export type AdminRef = z.infer<typeof AdminRefSchema>

/** A required reason for an operator action (written to the audit log). */
export const AdminReasonSchema = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(500, { error: 'tooLong' })

// ---------------------------------------------------------------------------------------------
// Audit log: GET /admin/audit, GET /admin/audit/export.csv

/**
 * The actions written today. The list is documentation (and the console's filter menu): the
 * column is free text so that a new action needs no migration.
 */
export const AUDIT_ACTIONS = [
  'admin.create',
  'admin.promote',
  'business.update',
  'lead.status',
  'lead.note',
  'user.deactivate',
  'user.reactivate',
  'user.mail_resend',
  'auth.login',
  'auth.login_failures',
  'auth.password_reset',
  'session.revoke_all',
  'backup.create',
  'business.central_billing',
  'admin.export',
  'lead.list',
  'client.invite',
  'client.cancel',
  'client.refund',
  'account.close',
  'account.reopen',
  'account.rectify',
  'privacy.export',
  'privacy.purge',
  'privacy.request',
  'privacy.handled',
  'review.hide',
  'review.unhide',
  // issue 27 (decision 214): a trainer's RUT, a business's RUT, razón social and giro
  'trainer.tax_identity',
  'business.tax_identity',
  // issue 27 (decision 237): a client's RUT, razón social and giro for a factura, given or cleared
  'client.tax_identity',
  // issue 27 (decision 222): a seller's tax start declared, approved or rejected by an operator
  'tax_start.submit',
  'tax_start.approve',
  'tax_start.reject',
  // issue 26 (decision 250): an operator read a payment or a dispute again from the payment provider
  'payment.replay',
] as const

/**
 * Reasons the server writes itself (the operator's own reasons are free text): the console shows
 * them in words, with the code beside them.
 */
export const AUDIT_SYSTEM_REASONS = [
  'deactivated',
  'logout-all',
  'password reset',
  'account closed',
  'trainer deactivated',
  'admin-create-force',
  'admin-create-promote',
  'forced: address not verified by its owner',
] as const

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: AdminActorSchema,
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** Client address of the request; null for the command line. */
  ip: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The actor's name and console page, when the actor is an account (null for the command line and the system). */
  actorRef: AdminRefSchema.nullable(),
  /** The subject's name and console page, when it still exists (null for lists, addresses, …). */
  subjectRef: AdminRefSchema.nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AdminAuditFilterSchema = z
  .object({
    /** A user id (uuid) or an exact e-mail of the actor. */
    actor: optionalQueryText(254),
    /** An exact action (`lead.status`) or a family (`auth.*`). */
    action: optionalQueryText(100).pipe(
      z
        .string()
        .regex(/^[a-z_]+(\.[a-z_]+|\.\*)?$/, { error: 'invalid' })
        .optional(),
    ),
    subjectType: optionalQueryText(40),
    subjectId: optionalQueryText(100),
  })
  .extend(AdminDateRangeSchema.shape)

export const AdminAuditListQuerySchema = AdminAuditFilterSchema.extend(AdminCursorQuerySchema.shape).superRefine(refineRange)
export type AdminAuditListQuery = z.infer<typeof AdminAuditListQuerySchema>
export const AdminAuditExportQuerySchema = AdminAuditFilterSchema.extend({ sort: AdminSortSchema.default('newest') }).superRefine(
  refineRange,
)
export type AdminAuditExportQuery = z.infer<typeof AdminAuditExportQuerySchema>

export const AdminAuditListSchema = cursorPage(AuditEntrySchema)
export type AdminAuditList = z.infer<typeof AdminAuditListSchema>

// ---------------------------------------------------------------------------------------------
// Leads (free-access requests): GET /admin/leads, GET /admin/leads/export.csv,
// GET /admin/leads/{id}, PATCH /admin/leads/{id}

export const LEAD_STATUSES = ['new', 'contacted', 'activated', 'discarded'] as const
export const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: 'invalid' })
export type LeadStatus = z.infer<typeof LeadStatusSchema>

/**
 * The pipeline: new → contacted → activated | discarded. A new lead may be discarded at once
 * (spam) and a discarded one reopened as contacted; activated is final. Any other move is 409.
 */
export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'discarded'],
  contacted: ['activated', 'discarded'],
  discarded: ['contacted'],
  activated: [],
}

export const AdminLeadSchema = z.object({
  id: z.string(),
  /** Parsed from the request's content (`Nombre:`, `WhatsApp:`, `Ciudad:` lines); null if absent. */
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  title: z.string(),
  subject: z.string(),
  content: z.string(),
  status: LeadStatusSchema,
  statusChangedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type AdminLead = z.infer<typeof AdminLeadSchema>

export const AdminLeadFilterSchema = z
  .object({
    /** Part of the name, e-mail or city, case-insensitive. */
    q: optionalQueryText(100),
    status: LeadStatusSchema.optional(),
  })
  .extend(AdminDateRangeSchema.shape)

export const AdminLeadListQuerySchema = AdminLeadFilterSchema.extend(AdminCursorQuerySchema.shape).superRefine(refineRange)
export type AdminLeadListQuery = z.infer<typeof AdminLeadListQuerySchema>
export const AdminLeadExportQuerySchema = AdminLeadFilterSchema.extend({ sort: AdminSortSchema.default('newest') }).superRefine(refineRange)
export type AdminLeadExportQuery = z.infer<typeof AdminLeadExportQuerySchema>

export const AdminLeadListSchema = cursorPage(AdminLeadSchema)
export type AdminLeadList = z.infer<typeof AdminLeadListSchema>

/** One change of a lead: a status move (from → to) or a note alone (from = to). */
export const LeadHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: AdminActorSchema,
  from: LeadStatusSchema,
  to: LeadStatusSchema,
  note: z.string().nullable(),
})
export type LeadHistoryEntry = z.infer<typeof LeadHistoryEntrySchema>

export const AdminLeadDetailSchema = AdminLeadSchema.extend({ history: z.array(LeadHistoryEntrySchema) })
export type AdminLeadDetail = z.infer<typeof AdminLeadDetailSchema>

/** PATCH /admin/leads/{id}: a new status, a note, or both. */
export const AdminLeadUpdateSchema = z
  .strictObject({
    status: LeadStatusSchema.optional(),
    note: z.string({ error: 'invalidType' }).trim().min(1, { error: 'required' }).max(2000, { error: 'tooLong' }).optional(),
  })
  .refine((v) => v.status !== undefined || v.note !== undefined, { error: 'nothingToChange', path: ['status'] })
export type AdminLeadUpdate = z.infer<typeof AdminLeadUpdateSchema>

// ---------------------------------------------------------------------------------------------
// Trainers: GET /admin/trainers, GET /admin/trainers/{id}, POST …/deactivate, …/reactivate,
// …/resend-mail. {id} is the trainer's user id.

/** The platform subscription as an operator reads it (provider states folded). */
export const TRAINER_SUBSCRIPTION_STATES = ['trial', 'active', 'past_due', 'cancelled', 'none'] as const
export const TrainerSubscriptionStateSchema = z.enum(TRAINER_SUBSCRIPTION_STATES, { error: 'invalid' })
export type TrainerSubscriptionState = z.infer<typeof TrainerSubscriptionStateSchema>

/** Payout onboarding: no account, started (details or charges missing), complete (charges enabled). */
export const PayoutStateSchema = z.enum(['not_started', 'pending', 'complete'], { error: 'invalid' })
export type PayoutState = z.infer<typeof PayoutStateSchema>

export const AdminTrainerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** False once an operator deactivated the account: it cannot sign in. */
  isActive: z.boolean(),
  signedUpAt: z.string(),
  gym: z.object({ id: z.string(), name: z.string() }).nullable(),
  subscription: z.object({
    state: TrainerSubscriptionStateSchema,
    /** The provider's state (`trialing`, `unpaid`, …); null without a subscription. */
    providerStatus: z.string().nullable(),
    trialEndsAt: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  }),
  plan: z.object({ key: PlanKeySchema, title: z.string() }).nullable(),
  payout: PayoutStateSchema,
  /** Active clients against the plan's limit (null: no limit or no plan). */
  clients: z.object({ active: z.number().int(), limit: z.number().int().nullable() }),
})
export type AdminTrainer = z.infer<typeof AdminTrainerSchema>

export const AdminTrainerListQuerySchema = z
  .object({
    /** Part of the name or e-mail, case-insensitive. */
    q: optionalQueryText(100),
    subscription: TrainerSubscriptionStateSchema.optional(),
    payout: PayoutStateSchema.optional(),
    plan: PlanKeySchema.optional(),
    active: z.enum(['true', 'false'], { error: 'invalid' }).optional(),
  })
  .extend(AdminDateRangeSchema.shape)
  .extend(AdminCursorQuerySchema.shape)
  .superRefine(refineRange)
export type AdminTrainerListQuery = z.infer<typeof AdminTrainerListQuerySchema>

export const AdminTrainerListSchema = cursorPage(AdminTrainerSchema)
export type AdminTrainerList = z.infer<typeof AdminTrainerListSchema>

/** One line of a trainer's history: an audit row about the account, or a subscription event. */
export const TrainerHistoryEntrySchema = z.object({
  at: z.string(),
  source: z.enum(['audit', 'subscription']),
  /** Audit action, or `subscription.started` / `subscription.trial_ends` / `subscription.cancelled` / `subscription.period_ends`. */
  action: z.string(),
  actor: AdminActorSchema.nullable(),
  ip: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The actor's name and console page (null for the command line, the system and subscription events). */
  actorRef: AdminRefSchema.nullable(),
})
export type TrainerHistoryEntry = z.infer<typeof TrainerHistoryEntrySchema>

export const AdminTrainerDetailSchema = AdminTrainerSchema.extend({ history: z.array(TrainerHistoryEntrySchema) })
export type AdminTrainerDetail = z.infer<typeof AdminTrainerDetailSchema>

/** POST /admin/trainers/{id}/deactivate and …/reactivate. */
export const AdminAccountActionSchema = z.strictObject({ reason: AdminReasonSchema })
export type AdminAccountAction = z.infer<typeof AdminAccountActionSchema>

/**
 * POST /admin/trainers/{id}/resend-mail: `welcome` (how to sign in, no secret) or `password_set`
 * (a single-use link to choose a password, valid PASSWORD_RESET_TTL_MINUTES; it voids older links).
 */
export const AdminResendMailSchema = z.strictObject({ kind: z.enum(['welcome', 'password_set'], { error: 'invalid' }) })
export type AdminResendMail = z.infer<typeof AdminResendMailSchema>
export const AdminResendMailResultSchema = z.object({ ok: z.literal(true), kind: z.enum(['welcome', 'password_set']), to: z.string() })
export type AdminResendMailResult = z.infer<typeof AdminResendMailResultSchema>

// ---------------------------------------------------------------------------------------------
// Gyms (businesses): GET /admin/businesses, GET /admin/businesses/{id}, PATCH /admin/businesses/{id}

/**
 * PATCH /admin/businesses/{id} (platform_admin only): the plan and the commission split are
 * decided here and nowhere else; every change is written to the audit log with its reason.
 */
export const AdminBusinessUpdateSchema = z
  .strictObject({
    subscriptionPlan: SubscriptionPlanSchema.optional(),
    commissionRates: CommissionRatesSchema.optional(),
    reason: AdminReasonSchema,
  })
  .refine((v) => v.subscriptionPlan !== undefined || v.commissionRates !== undefined, {
    error: 'nothingToChange',
    path: ['subscriptionPlan'],
  })
export type AdminBusinessUpdate = z.infer<typeof AdminBusinessUpdateSchema>

export const AdminBusinessListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100_000, { error: 'invalid' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(ADMIN_PAGE_SIZE.max, { error: 'invalid' })
    .default(20),
  /** Part of the business name or the owner's e-mail, case-insensitive. */
  q: optionalQueryText(100),
  plan: SubscriptionPlanSchema.optional(),
})
export type AdminBusinessListQuery = z.infer<typeof AdminBusinessListQuerySchema>

export const AdminBusinessSchema = BusinessSchema.extend({
  owner: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  /** The owner's gym (trainers belong to it); null until the owner creates it. */
  gym: z.object({ id: z.string(), name: z.string(), city: z.string() }).nullable(),
  /** Trainer records of the gym against the plan's limit (TRAINER_LIMITS, decision 024). */
  trainers: z.object({ count: z.number().int(), limit: z.number().int() }),
  /**
   * Whether the gym's trainers may charge clients through central billing (issue 19, decision 195):
   * only once an operator approved it and while the owner's e-mail is verified.
   */
  centralBillingApproval: z.object({
    approvedAt: z.string().nullable(),
    ownerEmailVerified: z.boolean(),
    /** approved, owner verified and central billing on: the gym's trainers may charge clients. */
    allowed: z.boolean(),
  }),
  createdAt: z.string(),
})
export type AdminBusiness = z.infer<typeof AdminBusinessSchema>

/** PUT /admin/businesses/{id}/central-billing: an operator allows or stops a gym's central billing (audited). */
export const AdminCentralBillingUpdateSchema = z.strictObject({ approved: z.boolean({ error: 'required' }), reason: AdminReasonSchema })
export type AdminCentralBillingUpdate = z.infer<typeof AdminCentralBillingUpdateSchema>

export const AdminBusinessListSchema = z.object({
  data: z.array(AdminBusinessSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type AdminBusinessList = z.infer<typeof AdminBusinessListSchema>

/** GET /admin/businesses/{id}: the business and its audit rows (plan and split changes), newest first. */
export const AdminBusinessDetailSchema = AdminBusinessSchema.extend({ history: z.array(AuditEntrySchema) })
export type AdminBusinessDetail = z.infer<typeof AdminBusinessDetailSchema>

// ---------------------------------------------------------------------------------------------
// Money: GET /admin/money/summary, GET /admin/money/transactions, GET /admin/money/transactions/export.csv
// (decision 080). Integer CLP; months are Chile's (America/Santiago).

export const AdminMoneyTrialSchema = z.object({
  subscriptionId: z.string(),
  /** The trainer's user id (the console's trainer page). */
  userId: z.string(),
  email: z.string(),
  planKey: z.string(),
  trialEndsAt: z.string(),
})
export type AdminMoneyTrial = z.infer<typeof AdminMoneyTrialSchema>

export const AdminMoneyPastDueSchema = z.object({
  /** `client`: a client paying a trainer; `platform`: a trainer's or gym's own plan. */
  kind: z.enum(['client', 'platform']),
  subscriptionId: z.string(),
  /** The payer's user id and e-mail. */
  userId: z.string(),
  email: z.string(),
  /** Client subscriptions: the trainer's user id (the console's trainer page). */
  trainerUserId: z.string().nullable(),
  /** …and the trainer's name, shown as the link to that page. */
  trainerName: z.string().nullable(),
  /** Monthly price in CLP; null for a platform plan without a CLP price. */
  priceClp: z.number().int().nullable(),
  since: z.string(),
})
export type AdminMoneyPastDue = z.infer<typeof AdminMoneyPastDueSchema>

/** A payment an operator should look at (issue 19): paid another amount than the price, or after the subscription ended. */
export const AdminMoneyFlaggedSchema = z.object({
  paymentId: z.string(),
  flag: z.enum(['amount_mismatch', 'after_cancel']),
  amountClp: z.number().int(),
  /** The subscription's monthly price. */
  priceClp: z.number().int(),
  /** The trainer's user id (the console's trainer page) and name. */
  trainerUserId: z.string().nullable(),
  trainerName: z.string(),
  paidAt: z.string(),
})
export type AdminMoneyFlagged = z.infer<typeof AdminMoneyFlaggedSchema>

export const AdminMoneySummarySchema = z.object({
  /** Monthly recurring revenue in CLP of paying (state active) subscriptions. */
  mrr: z.object({
    totalClp: z.number().int(),
    /** Clients paying trainers: the gross monthly price (the platform's commission is a part of it). */
    clients: z.object({ clp: z.number().int(), count: z.number().int() }),
    /** Trainers' own plans with a CLP price (decision 003); `unpriced` counts active plans without one (business). */
    platform: z.object({ clp: z.number().int(), count: z.number().int(), unpriced: z.number().int() }),
  }),
  /** Platform trials ending within 7 days, soonest first (at most 100 listed). */
  trialsEnding: z.object({ count: z.number().int(), data: z.array(AdminMoneyTrialSchema) }),
  /** Past-due subscriptions, client and platform, longest first (at most 100 listed). */
  pastDue: z.object({ count: z.number().int(), data: z.array(AdminMoneyPastDueSchema) }),
  /** The ledger's platform_revenue account per Chile month, the last 12 months oldest first (refunds net). */
  commission: z.array(z.object({ month: z.string(), clp: z.number().int() })),
  /** The platform_revenue balance over all time (the ledger). */
  commissionTotalClp: z.number().int(),
  /** Flagged payments, newest first (at most 100 listed). */
  flagged: z.object({ count: z.number().int(), data: z.array(AdminMoneyFlaggedSchema) }),
})
export type AdminMoneySummary = z.infer<typeof AdminMoneySummarySchema>

/** transfer_reversal: money taken back from a connected account; receivable: a reversal refused, owed by the party (decision 092). */
export const LEDGER_KINDS = ['payment', 'refund', 'dispute', 'transfer', 'transfer_reversal', 'receivable'] as const
export const LedgerKindSchema = z.enum(LEDGER_KINDS, { error: 'invalid' })
export type LedgerKind = (typeof LEDGER_KINDS)[number]

export const AdminMoneyFilterSchema = z
  .object({
    kind: LedgerKindSchema.optional(),
    /** An exact ledger account: `platform_revenue`, `provider_clearing`, `trainer:<id>`, `gym:<id>`, `receivable:trainer:<id>`, `receivable:gym:<id>`. */
    account: optionalQueryText(100).pipe(
      z
        .string()
        .regex(/^(platform_revenue|provider_clearing|(receivable:)?(trainer|gym):[0-9a-f-]{36})$/i, { error: 'invalid' })
        .optional(),
    ),
    /** A trainer's user id: the transactions touching that trainer's account. */
    trainer: optionalQueryText(36).pipe(z.uuid({ error: 'invalid' }).optional()),
    /**
     * A trainer's name or e-mail, or part of it, in any case and with or without accents ("munoz"
     * finds "Muñoz"): the transactions touching the account of any trainer it matches. 2 to 100
     * characters; a text matching more than 50 trainers is 422 `tooBroad` (type more of it).
     */
    trainerSearch: optionalQueryText(100).pipe(z.string().min(2, { error: 'tooShort' }).optional()),
  })
  .extend(AdminDateRangeSchema.shape)

export const AdminMoneyTransactionsQuerySchema = AdminMoneyFilterSchema.extend(AdminCursorQuerySchema.shape).superRefine(refineRange)
export type AdminMoneyTransactionsQuery = z.infer<typeof AdminMoneyTransactionsQuerySchema>
export const AdminMoneyExportQuerySchema = AdminMoneyFilterSchema.extend({ sort: AdminSortSchema.default('newest') }).superRefine(
  refineRange,
)
export type AdminMoneyExportQuery = z.infer<typeof AdminMoneyExportQuerySchema>

export const AdminLedgerTransactionSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** One of LEDGER_KINDS; a plain string so new kinds reach the console without breaking clients. */
  kind: z.string() as z.ZodType<LedgerKind>,
  paymentId: z.string().nullable(),
  /** The trainer whose account it touches (user id and name), if any. */
  trainer: z.object({ userId: z.string().nullable(), name: z.string() }).nullable(),
  /** What the client paid or got back: the size of the provider_clearing entry. */
  amountClp: z.number().int(),
  platformClp: z.number().int(),
  /**
   * Signed, credit-positive; they sum to zero. `ref` names a trainer's or gym's account (its
   * receivable too) and its console page; null for the platform's own accounts.
   */
  entries: z.array(z.object({ account: z.string(), amountClp: z.number().int(), ref: AdminRefSchema.nullable() })),
})
export type AdminLedgerTransaction = z.infer<typeof AdminLedgerTransactionSchema>

export const AdminMoneyTransactionsSchema = cursorPage(AdminLedgerTransactionSchema)
export type AdminMoneyTransactions = z.infer<typeof AdminMoneyTransactionsSchema>

// ---------------------------------------------------------------------------------------------
// Reconciliation: GET /admin/money/reconciliation (the last `npm run ledger:reconcile`, issue 19).

export const LedgerReconciliationDifferenceSchema = z.object({
  /** missing-in-ledger, missing-at-provider, amount-differs */
  kind: z.string(),
  /** charge, refund, transfer, transfer_reversal, dispute, payout */
  movement: z.string(),
  providerId: z.string(),
  ledgerClp: z.number().int().nullable(),
  providerClp: z.number().int().nullable(),
})
export type LedgerReconciliationDifference = z.infer<typeof LedgerReconciliationDifferenceSchema>

export const LedgerReconciliationSchema = z.object({
  /** null: never run. */
  last: z
    .object({
      ranAt: z.string(),
      ranBy: z.string(),
      provider: z.string(),
      from: z.string(),
      to: z.string(),
      ledgerMovements: z.number().int(),
      providerMovements: z.number().int(),
      differenceCount: z.number().int(),
      differences: z.array(LedgerReconciliationDifferenceSchema),
    })
    .nullable(),
})
export type LedgerReconciliation = z.infer<typeof LedgerReconciliationSchema>

/** A chargeback of a client payment followed to its outcome (decision 250). */
export const AdminDisputeSchema = z.object({
  id: z.string(),
  provider: z.string(),
  /** The provider's own id of the dispute: what a replay reads again. */
  providerReference: z.string(),
  paymentId: z.string(),
  providerPaymentId: z.string(),
  trainerName: z.string(),
  amountClp: z.number().int(),
  status: z.enum(['open', 'won', 'lost']),
  /** When the evidence must reach the provider (Chile: 7 days); null when the provider gives none. */
  evidenceDueAt: z.string().nullable(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
})
export type AdminDispute = z.infer<typeof AdminDisputeSchema>
export const AdminDisputesSchema = z.object({ data: z.array(AdminDisputeSchema) })
export type AdminDisputes = z.infer<typeof AdminDisputesSchema>

/** The operator's replay: a payment (the provider's payment id) or a dispute (its reference) read again. */
export const AdminPaymentReplaySchema = z.object({
  kind: z.enum(['payment', 'dispute']),
  id: z.string().trim().min(1).max(80),
})
export type AdminPaymentReplay = z.infer<typeof AdminPaymentReplaySchema>
export const AdminPaymentReplayResultSchema = z.object({
  /** What the provider's record came to (invoice.paid, charge.refunded, dispute.changed, ignored …). */
  event: z.string(),
  /** false: the record came to nothing, or this very event was applied before; true: applied (bookings are keyed by the provider's ids, so a repeat books nothing). */
  applied: z.boolean(),
})
export type AdminPaymentReplayResult = z.infer<typeof AdminPaymentReplayResultSchema>
