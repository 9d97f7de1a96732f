// Business constants (spec §9) with no zod: the web app's first download imports this module
// (`@app/contracts/constants`) without pulling the schemas in.
import type { Role } from './auth.ts'
import type { SubscriptionPlan } from './business.ts'
import type { SubscriptionState } from './billing.ts'

/** Free trial of every plan, in days. */
export const TRIAL_DAYS = 30
/** The consumer's withdrawal right (Ley 19.496 art. 3 bis, Ley 21.398): days after contracting, decision 224. */
export const WITHDRAWAL_DAYS = 10
/** A trial's end and each renewal are announced by mail this many days before the charge (decision 224). */
export const RENEWAL_NOTICE_DAYS = 5

/** Roles that may use the business area. */
export const BUSINESS_ROLES: readonly Role[] = ['gym_owner', 'admin']

/** Minimum password length of a business account (registration and reset, spec §9). */
export const BUSINESS_PASSWORD_MIN = 6
/** Minimum length of a new password set through a reset link (the business minimum). */
export const RESET_PASSWORD_MIN = BUSINESS_PASSWORD_MIN
/** How long a reset link stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 60
/** Minimum length of a trainer's self-service sign-up password (spec §5, §9). */
export const SIGNUP_PASSWORD_MIN = 8
/** Minimum length of a password the owner types for a trainer (else one is generated). */
export const TRAINER_PASSWORD_MIN = 8

/** A one-time code: six digits, valid 10 minutes, resend after 120 s (spec §9). */
export const OTP_LENGTH = 6
export const OTP_TTL_SECONDS = 10 * 60
export const OTP_RESEND_COOLDOWN_SECONDS = 120
export const OTP_MAX_ATTEMPTS = 5
/** Registration must follow a verified code within this window. */
export const OTP_VERIFIED_WINDOW_SECONDS = 30 * 60

/** Payouts are set up for Chile only (spec §9). */
export const PAYOUT_COUNTRY = 'CL'

/**
 * Where the payout provider sends the trainer back: the web onboarding page, with `?volver=1`
 * marking the provider's own tab, which closes itself or sends the person back to the first tab
 * (issue 23, point 9); `?refresh=1` when the provider's link expired.
 */
export const PAYOUT_ONBOARDING_PATH = '/auth/stripe/onboarding'
export const PAYOUT_RETURN_PARAM = 'volver'

/** Trainers a gym may hold on each business plan (spec §9). */
export const TRAINER_LIMITS: Record<SubscriptionPlan, number> = { business: 10, enterprise: 50 }

/** Default commission split of a transaction (spec §9): trainer 60%, gym 35%, platform 5%. */
export const DEFAULT_COMMISSION_RATES = { trainer: 0.6, gym: 0.35, platform: 0.05 } as const

/** Every state a subscription can be in (the payment provider's names). */
export const SUBSCRIPTION_STATES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const
/** States that give access: a trial counts; past_due does not (the trainer sees the failed payment at once). */
export const LIVE_SUBSCRIPTION_STATES = ['trialing', 'active'] as const satisfies readonly SubscriptionState[]
/** How a subscription state reads on the Spanish screens (trainer dashboard, the built-in provider's portal). */
export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  trialing: 'En periodo de prueba',
  active: 'Activa',
  past_due: 'Pago pendiente',
  unpaid: 'Impaga',
  canceled: 'Cancelada',
  incomplete: 'Incompleta',
  incomplete_expired: 'Expirada',
  paused: 'En pausa',
}
