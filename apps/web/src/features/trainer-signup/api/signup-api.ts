import type {
  CheckoutCreated,
  OtpVerified,
  CheckoutRequest,
  CheckoutStatus,
  MemberRegistered,
  MemberRegistration,
  OtpSent,
  SignupCompleted,
  UserLookup,
} from '@app/contracts'
import { flowAuth } from '@/lib/account-api'
import { api } from '@/lib/api-client'

const enc = encodeURIComponent

export const lookupUserByEmail = (email: string) => api.get<UserLookup>(`/users/by-email?email=${enc(email)}`, { auth: false })
export const generateCode = (email: string) => api.post<OtpSent>('/auth/email/otp/generate', { email }, { auth: false })
export const resendCode = (email: string) => api.post<OtpSent>('/auth/email/otp/resend', { email }, { auth: false })
export const verifyCode = (email: string, otp: string) => api.post<OtpVerified>('/auth/email/otp/verify', { email, otp }, { auth: false })
export const registerMember = (input: MemberRegistration) => api.post<MemberRegistered>('/auth/email/register', input, { auth: false })
/**
 * Ends the flow on the server: the signup token stops working (docs/decisions/030) and, sent with
 * that token, is exchanged for a session (issue 23, point 9). The flow's own token goes first, so
 * the session is the one of the person who just signed up.
 */
export const completeSignup = (token: string | null) =>
  api.post<SignupCompleted>('/auth/signup/complete', undefined, token ? { auth: false, bearer: token } : flowAuth())

export const startCheckout = (input: CheckoutRequest) => api.post<CheckoutCreated>('/platform/subscriptions/checkout', input, flowAuth())
export const verifyCheckout = (sessionId: string) => api.get<CheckoutStatus>(`/platform/checkout/verify/${enc(sessionId)}`, flowAuth())
