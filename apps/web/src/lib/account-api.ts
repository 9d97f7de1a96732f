import type {
  BillingPortalSession,
  OnboardingSetup,
  PayoutAccountStatus,
  PayoutLinkOwner,
  PayoutLinkStart,
  SubscriptionStatus,
} from '@app/contracts'
import { PAYOUT_COUNTRY } from '@app/contracts/constants'
import { api, type RequestOptions } from './api-client'
import { getSession } from './session'
import { getFlow } from './signup-flow'

/**
 * A trainer's subscription and payout calls, used by the sign-up flow and the trainer dashboard.
 * Auth: the signed-in session (refreshed on 401) when there is one; otherwise the signup token
 * the flow got at registration (docs/decisions/030).
 */
export function flowAuth(): RequestOptions {
  if (getSession()) return {}
  const token = getFlow().token
  return token ? { auth: false, bearer: token } : { auth: false }
}

const enc = encodeURIComponent

export const getSubscriptionStatus = () => api.get<SubscriptionStatus>('/payments/subscription-status')
/** One tap: the plan stops renewing, the period runs to its end (decision 224). */
export const cancelMyPlan = () => api.post<SubscriptionStatus>('/platform/subscriptions/cancel')
/** The 10-day withdrawal during the free trial: the plan ends now, nothing charged (decision 224). */
export const withdrawMyPlan = () => api.post<SubscriptionStatus>('/platform/subscriptions/withdrawal')
export const createPortalSession = (returnUrl: string) =>
  api.post<BillingPortalSession>('/payments/stripe/billing-portal-session', { returnUrl })
export const setupPayouts = (userId: string, email: string) =>
  api.post<OnboardingSetup>('/connect/onboarding/setup', { userId, email, country: PAYOUT_COUNTRY }, flowAuth())
/**
 * How often a screen asks for the payout status while the provider's tab is open, so it notices
 * the result by itself (issue 23, point 9).
 */
export const PAYOUT_POLL_MS = 3_000
export const getPayoutAccount = (userId: string) => api.get<PayoutAccountStatus>(`/connect/account/by-user/${enc(userId)}`, flowAuth())
/**
 * Starts linking a payout account when the provider in use links them (PayoutAccountStatus.setup
 * 'link', decision 213): the provider's consent page, which sends the person back to the return page.
 */
export const startPayoutLink = (owner: PayoutLinkOwner) => api.post<PayoutLinkStart>('/payout-links/start', { owner }, flowAuth())
