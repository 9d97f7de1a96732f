import type {
  AccountClosed,
  AccountProfile,
  AccountProfileUpdate,
  ConsentList,
  DataExportQueued,
  LoginResponse,
  Role,
} from '@app/contracts'
import { api } from '@/lib/api-client'
import { saveFile } from '@/lib/download'

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

const todaysFileName = () => `mis-datos-${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date())}.json`

/** What asking for my data gave: the file (saved), or the note that a link will be mailed (decision 206). */
export type MyDataAnswer = { kind: 'downloaded' } | { kind: 'queued'; queued: DataExportQueued }

/** The export as a file named by today's date in Chile; a large one answers 202 and is mailed as a link. */
export async function downloadMyData(): Promise<MyDataAnswer> {
  const file = await api.file('/account/export', 'application/json')
  if (file.status === 202) return { kind: 'queued', queued: JSON.parse(await file.blob.text()) as DataExportQueued }
  saveFile(file.blob, file.fileName ?? todaysFileName())
  return { kind: 'downloaded' }
}

/** The file of a mailed link: the link's token and the signed-in person's session together. */
export async function downloadMyDataExport(token: string) {
  const file = await api.file(`/account/export/download?token=${encodeURIComponent(token)}`, 'application/json')
  saveFile(file.blob, file.fileName ?? todaysFileName())
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
