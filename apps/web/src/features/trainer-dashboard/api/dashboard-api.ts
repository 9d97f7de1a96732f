import type { BillingPortalSession, OnboardingSetup, PayoutAccountStatus, SubscriptionStatus } from '@app/contracts'
import { api } from '@/lib/api-client'

const enc = encodeURIComponent

export const getSubscriptionStatus = () => api.get<SubscriptionStatus>('/payments/subscription-status')
export const getPayoutAccount = (userId: string) => api.get<PayoutAccountStatus>(`/connect/account/by-user/${enc(userId)}`)
export const createPortalSession = (returnUrl: string) => api.post<BillingPortalSession>('/payments/stripe/billing-portal-session', { returnUrl })
export const setupPayouts = (userId: string, email: string) => api.post<OnboardingSetup>('/connect/onboarding/setup', { userId, email, country: 'CL' })
