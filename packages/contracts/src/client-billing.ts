import { z } from 'zod'
import { BirthDateSchema } from './privacy.ts'
import { EmailSchema, LoginResponseSchema } from './auth.ts'
import { OTP_LENGTH } from './constants.ts'

// Client billing (issue 12): trainers' offers, client invitations and subscriptions, payments,
// refunds, income and the gym owner's commissions. Route table: docs/client-billing.md.
// Nothing here lets a client choose a price, a split or a limit: the server reads them from the
// offer, the gym's stored rates and the trainer's plan.

/** A monthly price in whole Chilean pesos (CLP has no minor unit). */
export const OFFER_PRICE_MIN_CLP = 1_000
export const OFFER_PRICE_MAX_CLP = 10_000_000
/** Sessions a month an offer may promise (0: not counted). */
export const OFFER_SESSIONS_MAX = 62
/** How long an invitation link stays valid. */
export const CLIENT_INVITATION_TTL_DAYS = 14

const IdParam = z.string().trim().uuid({ error: 'notFound' })
const Money = z.number().int()
/** A calendar day, YYYY-MM-DD (Chile time). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' })
/** A month, YYYY-MM (Chile time). */
const Month = z.string().regex(/^\d{4}-\d{2}$/)

export const OfferPriceSchema = z
  .number({ error: 'invalidType' })
  .int({ error: 'invalidType' })
  .min(OFFER_PRICE_MIN_CLP, { error: 'tooSmall' })
  .max(OFFER_PRICE_MAX_CLP, { error: 'tooBig' })

// ---- Offers (trainer) ----

export const OfferCreateSchema = z.strictObject({
  title: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(120, { error: 'tooLong' }),
  description: z.string().trim().max(2000, { error: 'tooLong' }).default(''),
  priceClp: OfferPriceSchema,
  sessionsPerMonth: z
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .min(0, { error: 'tooSmall' })
    .max(OFFER_SESSIONS_MAX, { error: 'tooBig' }),
})
export type OfferCreate = z.infer<typeof OfferCreateSchema>

/** A price change applies to new subscriptions only; existing ones keep the price they agreed to. */
export const OfferUpdateSchema = z
  .strictObject({
    title: OfferCreateSchema.shape.title.optional(),
    description: z.string().trim().max(2000, { error: 'tooLong' }).optional(),
    priceClp: OfferPriceSchema.optional(),
    sessionsPerMonth: OfferCreateSchema.shape.sessionsPerMonth.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'nothingToChange', path: ['body'] })
export type OfferUpdate = z.infer<typeof OfferUpdateSchema>

export const OfferSchema = z.object({
  id: z.string(),
  trainerId: z.string(),
  title: z.string(),
  description: z.string(),
  priceClp: Money,
  sessionsPerMonth: z.number().int(),
  retired: z.boolean(),
  createdAt: z.string(),
})
export type Offer = z.infer<typeof OfferSchema>
export const OfferListSchema = z.object({ data: z.array(OfferSchema) })
export type OfferList = z.infer<typeof OfferListSchema>

/** GET /trainers/:trainerId/offers (public, for the app): active offers only. */
export const PublicOfferListSchema = z.object({
  trainer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  data: z.array(OfferSchema.omit({ retired: true, createdAt: true })),
})
export type PublicOfferList = z.infer<typeof PublicOfferListSchema>

// ---- Invitations (trainer) ----

export const ClientInvitationCreateSchema = z.strictObject({
  offerId: IdParam,
  email: EmailSchema,
})
export type ClientInvitationCreate = z.infer<typeof ClientInvitationCreateSchema>

export const InvitationStateSchema = z.enum(['pending', 'accepted', 'revoked', 'expired'])
export const ClientInvitationSchema = z.object({
  id: z.string(),
  offerId: z.string(),
  email: z.string(),
  state: InvitationStateSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
})
export type ClientInvitation = z.infer<typeof ClientInvitationSchema>

// ---- Clients (trainer) ----

export const ClientStateSchema = z.enum(['invited', 'active', 'past_due', 'cancelled'])
export type ClientState = z.infer<typeof ClientStateSchema>

/** One row per invitation still pending and per subscription. */
export const TrainerClientSchema = z.object({
  /** The subscription id, or the invitation id while `state` is invited. */
  id: z.string(),
  kind: z.enum(['invitation', 'subscription']),
  email: z.string(),
  name: z.string().nullable(),
  offerId: z.string(),
  offerTitle: z.string(),
  priceClp: Money,
  state: ClientStateSchema,
  /** The next charge (end of the paid period); null when nothing more will be charged. */
  nextChargeAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
})
export type TrainerClient = z.infer<typeof TrainerClientSchema>
export const TrainerClientListSchema = z.object({
  data: z.array(TrainerClientSchema),
  /** The plan's limit and what counts against it (pending invitations + active and past-due clients). */
  limit: z.number().int(),
  used: z.number().int(),
})
export type TrainerClientList = z.infer<typeof TrainerClientListSchema>

// ---- Payments, refunds, income (trainer) ----

export const PaymentStateSchema = z.enum(['paid', 'partially_refunded', 'refunded', 'disputed'])
export const PaymentSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  clientEmail: z.string(),
  offerTitle: z.string(),
  paidAt: z.string(),
  amountClp: Money,
  refundedClp: Money,
  /** The split stored when the payment was made (never recomputed). */
  trainerShareClp: Money,
  gymShareClp: Money,
  platformShareClp: Money,
  state: PaymentStateSchema,
})
export type Payment = z.infer<typeof PaymentSchema>
export const PaymentListSchema = z.object({ data: z.array(PaymentSchema) })
export type PaymentList = z.infer<typeof PaymentListSchema>

/** `from`/`to`: Chile calendar days, both included; default the last 12 months. */
export const DateRangeQuerySchema = z.strictObject({ from: Day.optional(), to: Day.optional() })
export type DateRangeQuery = z.infer<typeof DateRangeQuerySchema>

/** A refund: `amountClp` absent = everything still refundable. Never above what remains. */
export const RefundRequestSchema = z.strictObject({
  amountClp: z
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .min(1, { error: 'tooSmall' })
    .max(OFFER_PRICE_MAX_CLP, { error: 'tooBig' })
    .optional(),
})
export type RefundRequest = z.infer<typeof RefundRequestSchema>

/** One month of a trainer's income, net of refunds and disputes in that month. */
export const IncomeMonthSchema = z.object({
  month: Month,
  payments: z.number().int(),
  grossClp: Money,
  refundedClp: Money,
  platformCommissionClp: Money,
  gymShareClp: Money,
  netClp: Money,
})
export type IncomeMonth = z.infer<typeof IncomeMonthSchema>
export const IncomeSchema = z.object({ data: z.array(IncomeMonthSchema) })
export type Income = z.infer<typeof IncomeSchema>

// ---- Gym owner (central billing) ----

/**
 * One trainer's month at the gym, with the trainer's income figures' meanings (issue 23 point 3):
 * `grossClp` is what clients paid, before refunds; `refundedClp` what went back to them in the
 * month; the three shares are net of refunds and chargebacks.
 */
export const GymCommissionRowSchema = z.object({
  month: Month,
  trainerId: z.string(),
  trainerName: z.string(),
  payments: z.number().int(),
  grossClp: Money,
  refundedClp: Money,
  trainerShareClp: Money,
  gymShareClp: Money,
  platformShareClp: Money,
})
export type GymCommissionRow = z.infer<typeof GymCommissionRowSchema>
export const GymCommissionsSchema = z.object({ centralBilling: z.boolean(), data: z.array(GymCommissionRowSchema) })
export type GymCommissions = z.infer<typeof GymCommissionsSchema>

// ---- Client (Spanish screens and the mobile app) ----

/** The invitation token of the mailed link (`/invitacion/<token>`). */
export const InvitationTokenParamsSchema = z.object({
  token: z.string().trim().min(20, { error: 'invalidOrExpired' }).max(200, { error: 'invalidOrExpired' }),
})

export const InvitationDetailsSchema = z.object({
  trainer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  offer: OfferSchema.omit({ retired: true, createdAt: true }),
  /** The invited address, masked (a***@example.com): the code goes there. */
  emailHint: z.string(),
  expiresAt: z.string(),
})
export type InvitationDetails = z.infer<typeof InvitationDetailsSchema>

/** Confirms the invited e-mail: the code mailed by POST …/code. First/last name for a new account. */
export const InvitationConfirmSchema = z.strictObject({
  otp: z
    .string({ error: 'required' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'invalidOrExpired' }),
  firstName: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'tooLong' }).optional(),
  lastName: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'tooLong' }).optional(),
  /** Required with the names for a new account (issue 20: 16 or older). */
  birthDate: BirthDateSchema.optional(),
})
export type InvitationConfirm = z.infer<typeof InvitationConfirmSchema>
/** A session for the client (same shape as a login). */
export const InvitationConfirmedSchema = LoginResponseSchema
export type InvitationConfirmed = z.infer<typeof InvitationConfirmedSchema>

/** Redirects must be pages of this web app. */
export const ClientCheckoutRequestSchema = z.strictObject({
  successRedirect: z.string().trim().min(1, { error: 'required' }).max(2000),
  cancelRedirect: z.string().trim().min(1, { error: 'required' }).max(2000),
})
export type ClientCheckoutRequest = z.infer<typeof ClientCheckoutRequestSchema>
export const ClientCheckoutCreatedSchema = z.object({ url: z.string(), checkoutId: z.string() })
export type ClientCheckoutCreated = z.infer<typeof ClientCheckoutCreatedSchema>

export const MySubscriptionSchema = z.object({
  id: z.string(),
  trainer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  offerTitle: z.string(),
  priceClp: Money,
  state: z.enum(['active', 'past_due', 'cancelled']),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
  /** Until when the client may still withdraw with a full refund (decision 224); null when no longer possible. */
  withdrawableUntil: z.string().nullable(),
})
export type MySubscription = z.infer<typeof MySubscriptionSchema>
export const MySubscriptionListSchema = z.object({ data: z.array(MySubscriptionSchema) })
export type MySubscriptionList = z.infer<typeof MySubscriptionListSchema>

export const ClientPortalRequestSchema = z.strictObject({ returnUrl: z.string().trim().min(1, { error: 'required' }).max(2000) })
export const ClientPortalSessionSchema = z.object({ url: z.string() })
export type ClientPortalSession = z.infer<typeof ClientPortalSessionSchema>

export const RouteIdParamsSchema = z.object({ id: IdParam })
export const TrainerIdParamsSchema = z.object({ trainerId: IdParam })
