import type { AdminTaxStart, AdminTaxStartList } from '@app/contracts'
import { api } from '@/lib/api-client'

// Issue 27 (decision 222), operators: the tax-start review queue.
export type TaxStartQueue = 'pending' | 'approved' | 'rejected'

export const getTaxStartReviews = (status: TaxStartQueue) => api.get<AdminTaxStartList>(`/admin/tax-starts?status=${status}`)
export const approveTaxStart = (id: string) => api.post<AdminTaxStart>(`/admin/tax-starts/${id}/approve`)
export const rejectTaxStart = (id: string, reason: string) => api.post<AdminTaxStart>(`/admin/tax-starts/${id}/reject`, { reason })
