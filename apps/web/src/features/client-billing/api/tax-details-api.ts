import type { ClientTaxIdentity, ClientTaxIdentityInput } from '@app/contracts'
import { api } from '@/lib/api-client'

/** Issue 27 (decision 237): the signed-in client's details for a factura (RUT, razón social, giro). */
export const taxDetailsKey = ['client-billing', 'tax-details'] as const

export const getTaxDetails = () => api.get<ClientTaxIdentity>('/client/tax-identity')
export const saveTaxDetails = (body: ClientTaxIdentityInput) => api.put<ClientTaxIdentity>('/client/tax-identity', body)
export const clearTaxDetails = () => api.delete<ClientTaxIdentity>('/client/tax-identity')
