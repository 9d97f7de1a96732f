import type {
  BillingPortalSession,
  CheckoutCreated,
  CheckoutRequest,
  CheckoutStatus,
  MemberRegistered,
  MemberRegistration,
  OnboardingSetup,
  OtpSent,
  OtpVerified,
  PayoutAccountStatus,
  PlanList,
  SubscriptionStatus,
  TrainerOnboardingStatus,
  UserLookup,
} from '@app/contracts'
import { api, type RequestOptions } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { getFlow } from '../lib/flow-state'

/**
 * A signed-in trainer's session (refreshed on 401) when there is one; otherwise the signup token
 * the flow got at registration (docs/decisions/030).
 */
function flowAuth(): RequestOptions {
  if (getSession()) return {}
  const token = getFlow().token
  return token ? { auth: false, bearer: token } : { auth: false }
}

const enc = encodeURIComponent

export const lookupUserByEmail = (email: string) => api.get<UserLookup>(`/users/by-email?email=${enc(email)}`, { auth: false })
export const generateCode = (email: string) => api.post<OtpSent>('/auth/email/otp/generate', { email }, { auth: false })
export const resendCode = (email: string) => api.post<OtpSent>('/auth/email/otp/resend', { email }, { auth: false })
export const verifyCode = (email: string, otp: string) => api.post<OtpVerified>('/auth/email/otp/verify', { email, otp }, { auth: false })
export const registerMember = (input: MemberRegistration) => api.post<MemberRegistered>('/auth/email/register', input, { auth: false })
/** Ends the flow on the server: the signup token stops working (docs/decisions/030). */
export const completeSignup = () => api.post<{ ok: true }>('/auth/signup/complete', undefined, flowAuth())
export const getPlans = () => api.get<PlanList>('/plans', { auth: false })

export const startCheckout = (input: CheckoutRequest) => api.post<CheckoutCreated>('/platform/subscriptions/checkout', input, flowAuth())
export const verifyCheckout = (sessionId: string) => api.get<CheckoutStatus>(`/platform/checkout/verify/${enc(sessionId)}`, flowAuth())
export const getSubscriptionStatus = () => api.get<SubscriptionStatus>('/payments/subscription-status')
export const createPortalSession = (returnUrl: string) => api.post<BillingPortalSession>('/payments/stripe/billing-portal-session', { returnUrl })

export const setupPayouts = (userId: string, email: string) =>
  api.post<OnboardingSetup>('/connect/onboarding/setup', { userId, email, country: 'CL' }, flowAuth())
export const getPayoutAccount = (userId: string) => api.get<PayoutAccountStatus>(`/connect/account/by-user/${enc(userId)}`, flowAuth())
export const getOnboardingStatus = (userId: string) => api.get<TrainerOnboardingStatus>(`/trainers/by-user/${enc(userId)}/onboarding-status`, flowAuth())
