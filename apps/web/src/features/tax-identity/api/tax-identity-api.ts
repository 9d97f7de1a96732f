import type { BusinessTaxIdentity, BusinessTaxIdentityInput, TrainerTaxIdentity, TrainerTaxIdentityInput } from '@app/contracts'
import { api } from '@/lib/api-client'

/** Issue 27 (decision 214): the signed-in trainer's or gym owner's tax identity (RUT; razón social and giro for a business). */
export type TaxOwner = 'trainer' | 'business'
export type TaxIdentity = TrainerTaxIdentity & Partial<Omit<BusinessTaxIdentity, 'rut'>>

export const taxIdentityKeys = { of: (owner: TaxOwner) => ['tax-identity', owner] as const }

export const getTaxIdentity = (owner: TaxOwner) => api.get<TaxIdentity>(`/${owner}/tax-identity`)
export const updateTaxIdentity = (owner: TaxOwner, body: TrainerTaxIdentityInput | BusinessTaxIdentityInput) =>
  api.put<TaxIdentity>(`/${owner}/tax-identity`, body)
