import type { TaxDocument, TaxDocumentList } from '@app/contracts'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

// Issue 27 (decision 223): the tax documents the platform issued to this account.
export const taxDocumentKeys = { list: ['account', 'tax-documents'] as const }

export const listMyTaxDocuments = () => api.get<TaxDocumentList>('/tax-documents')

const FILE_PREFIX: Record<TaxDocument['kind'], string> = {
  boleta: 'boleta_electronica',
  factura: 'factura_electronica',
  creditNote: 'nota_de_credito',
}

/** The document's PDF, named as the API names it (`boleta_electronica_1042.pdf`). */
export const downloadTaxDocument = (doc: TaxDocument) =>
  downloadFile(`/tax-documents/${doc.id}/pdf`, `${FILE_PREFIX[doc.kind]}_${doc.folio ?? doc.id}.pdf`, 'application/pdf')
