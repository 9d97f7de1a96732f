import type { AccountClosed, AccountProfile, AccountProfileUpdate, ConsentList, LoginResponse, Role } from '@app/contracts'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

// The person's own account (issue 20): the same calls the mobile app makes.
export const accountKeys = { profile: ['account', 'profile'] as const, consents: ['account', 'consents'] as const }

export const getAccountProfile = () => api.get<AccountProfile>('/account/profile')
export const updateAccountProfile = (body: AccountProfileUpdate) => api.patch<AccountProfile>('/account/profile', body)
export const getConsents = () => api.get<ConsentList>('/account/consents')
export const setMarketingConsent = (accepted: boolean) =>
  api.post<ConsentList>('/account/consents', { document: 'marketing', accepted, screen: 'account' })
export const sendCloseCode = () => api.post<{ ok: true }>('/account/close/code', {})
export const closeAccount = (proof: { password: string } | { otp: string }) => api.post<AccountClosed>('/account/close', proof)
export const sendReopenCode = (email: string) => api.post<{ ok: true }>('/account/reopen/code', { email }, { auth: false })
export const reopenAccount = (body: { email: string; password?: string; otp?: string }) =>
  api.post<LoginResponse>('/account/reopen', body, { auth: false })

/** The export as a file named by today's date in Chile. */
export function downloadMyData() {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date())
  return downloadFile('/account/export', `mis-datos-${day}.json`, 'application/json')
}

/** Where each kind of account lives after signing in. */
export function homeOf(role: Role) {
  switch (role) {
    case 'trainer':
      return '/dashboard'
    case 'gym_owner':
      return '/business/dashboard'
    case 'admin':
    case 'platform_admin':
      return '/admin'
    default:
      return '/cliente'
  }
}
