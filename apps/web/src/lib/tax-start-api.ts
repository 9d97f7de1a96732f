import type { TaxStartStatus } from '@app/contracts'
import { api } from '@/lib/api-client'

/** Issue 27 (decision 222): the signed-in trainer's or gym owner's tax start, read by its card and by client billing. */
export type TaxStartOwner = 'trainer' | 'business'

export const taxStartKeys = { of: (owner: TaxStartOwner) => ['tax-start', owner] as const }

export const getTaxStart = (owner: TaxStartOwner) => api.get<TaxStartStatus>(`/${owner}/tax-start`)
