import type { TaxStartStatus, TaxStartSubmissionInput } from '@app/contracts'
import { api } from '@/lib/api-client'
import type { TaxStartOwner } from '@/lib/tax-start-api'

export { getTaxStart, taxStartKeys, type TaxStartOwner } from '@/lib/tax-start-api'
export const submitTaxStart = (owner: TaxStartOwner, body: TaxStartSubmissionInput) => api.post<TaxStartStatus>(`/${owner}/tax-start`, body)

/** The file's bytes in base64, as the API takes the proof. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsDataURL(file)
  })
}
