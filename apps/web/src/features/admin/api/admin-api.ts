import {
  AdminAuditListSchema,
  AdminBackupStatusSchema,
  AdminBusinessDetailSchema,
  AdminBusinessListSchema,
  AdminLeadDetailSchema,
  AdminLeadListSchema,
  AdminMoneySummarySchema,
  AdminMoneyTransactionsSchema,
  AdminSystemStatusSchema,
  LedgerReconciliationSchema,
  AdminResendMailResultSchema,
  AdminTrainerDetailSchema,
  AdminTrainerListSchema,
  type AdminBusinessUpdate,
  type AdminLeadUpdate,
  type AdminResendMail,
} from '@app/contracts'
import { api, ApiError, API_BASE, refreshSession } from '@/lib/api-client'
import { getSession } from '@/lib/session'

/** Query parameters of a list: empty values are left out (the API reads '' as "not given" too). */
export type ListParams = Record<string, string | number | undefined>

export function queryString(params: ListParams): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

// Responses are read through the contracts' schemas: a changed API fails loudly here, not in a cell.
export const getLeads = async (params: ListParams) => AdminLeadListSchema.parse(await api.get(`/admin/leads${queryString(params)}`))
export const getLead = async (id: string) => AdminLeadDetailSchema.parse(await api.get(`/admin/leads/${encodeURIComponent(id)}`))
export const updateLead = async (id: string, body: AdminLeadUpdate) => api.patch(`/admin/leads/${encodeURIComponent(id)}`, body)

export const getTrainers = async (params: ListParams) =>
  AdminTrainerListSchema.parse(await api.get(`/admin/trainers${queryString(params)}`))
export const getTrainer = async (id: string) => AdminTrainerDetailSchema.parse(await api.get(`/admin/trainers/${encodeURIComponent(id)}`))
export const setTrainerActive = (id: string, active: boolean, reason: string) =>
  api.post(`/admin/trainers/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, { reason })
export const resendTrainerMail = async (id: string, body: AdminResendMail) =>
  AdminResendMailResultSchema.parse(await api.post(`/admin/trainers/${encodeURIComponent(id)}/resend-mail`, body))

export const getBusinesses = async (params: ListParams) =>
  AdminBusinessListSchema.parse(await api.get(`/admin/businesses${queryString(params)}`))
export const getBusiness = async (id: string) =>
  AdminBusinessDetailSchema.parse(await api.get(`/admin/businesses/${encodeURIComponent(id)}`))
export const updateBusiness = (id: string, body: AdminBusinessUpdate) => api.patch(`/admin/businesses/${encodeURIComponent(id)}`, body)

export const setCentralBilling = (id: string, approved: boolean, reason: string) =>
  api.put(`/admin/businesses/${encodeURIComponent(id)}/central-billing`, { approved, reason })
export const getReconciliation = async () => LedgerReconciliationSchema.parse(await api.get('/admin/money/reconciliation'))
export const getMoneySummary = async () => AdminMoneySummarySchema.parse(await api.get('/admin/money/summary'))
export const getMoneyTransactions = async (params: ListParams) =>
  AdminMoneyTransactionsSchema.parse(await api.get(`/admin/money/transactions${queryString(params)}`))
export const getBackupStatus = async () => AdminBackupStatusSchema.parse(await api.get('/admin/backups'))
export const createBackup = async () => AdminBackupStatusSchema.parse(await api.post('/admin/backups'))
export const getAudit = async (params: ListParams) => AdminAuditListSchema.parse(await api.get(`/admin/audit${queryString(params)}`))

/**
 * A CSV export (`/admin/leads/export.csv`, `/admin/audit/export.csv`) with the list's filters,
 * saved as a file. The bearer token cannot ride on a plain link, so the file is fetched and handed
 * to the browser as a blob; an expired token is refreshed once, like every other call.
 */
export async function downloadCsv(path: string, params: ListParams, fileName: string) {
  const url = `${API_BASE}${path}${queryString(params)}`
  const send = (token: string | undefined) =>
    fetch(url, { headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) } })
  let response = await send(getSession()?.token)
  if (response.status === 401) response = await send(await refreshSession())
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null)
    const message = (data as { message?: unknown } | null)?.message
    throw new ApiError(typeof message === 'string' ? message : `Request failed: ${response.status}`, response.status, data)
  }
  const blob = await response.blob()
  const href = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

export const getSystemStatus = async () => AdminSystemStatusSchema.parse(await api.get('/admin/system'))
