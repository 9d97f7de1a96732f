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
  AdminAccountClosedSchema,
  PrivacyRequestListSchema,
  PrivacyRequestSchema,
  type AdminPrivacyRequestCreate,
  type AdminBusinessUpdate,
  type AdminLeadUpdate,
  type AdminResendMail,
  AdminDisputesSchema,
  AdminPaymentReplayResultSchema,
  type AdminPaymentReplay,
} from '@app/contracts'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

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
export const getDisputes = async () => AdminDisputesSchema.parse(await api.get('/admin/money/disputes'))
export const replayPayment = async (body: AdminPaymentReplay) =>
  AdminPaymentReplayResultSchema.parse(await api.post('/admin/money/replay', body))
export const getMoneySummary = async () => AdminMoneySummarySchema.parse(await api.get('/admin/money/summary'))
export const getMoneyTransactions = async (params: ListParams) =>
  AdminMoneyTransactionsSchema.parse(await api.get(`/admin/money/transactions${queryString(params)}`))
export const getBackupStatus = async () => AdminBackupStatusSchema.parse(await api.get('/admin/backups'))
export const createBackup = async () => AdminBackupStatusSchema.parse(await api.post('/admin/backups'))
export const getAudit = async (params: ListParams) => AdminAuditListSchema.parse(await api.get(`/admin/audit${queryString(params)}`))

/** A CSV export (`/admin/leads/export.csv`, `/admin/audit/export.csv`) with the list's filters, saved as a file. */
export const downloadCsv = (path: string, params: ListParams, fileName: string) => downloadFile(`${path}${queryString(params)}`, fileName)

export const getSystemStatus = async () => AdminSystemStatusSchema.parse(await api.get('/admin/system'))

// Issue 20: privacy requests with their legal deadline; closing an account on a deletion request.
export const getPrivacyRequests = async (params: ListParams) =>
  PrivacyRequestListSchema.parse(await api.get(`/admin/privacy-requests${queryString(params)}`))
export const recordPrivacyRequest = async (body: AdminPrivacyRequestCreate) =>
  PrivacyRequestSchema.parse(await api.post('/admin/privacy-requests', body))
export const handlePrivacyRequest = async (id: string, note?: string) =>
  PrivacyRequestSchema.parse(await api.post(`/admin/privacy-requests/${encodeURIComponent(id)}/handled`, note ? { note } : {}))
export const closeAccountOnRequest = async (id: string, reason: string) =>
  AdminAccountClosedSchema.parse(await api.post(`/admin/privacy-requests/${encodeURIComponent(id)}/close-account`, { reason }))
