import type { TaxDocument } from '@app/contracts'
import { TAX_DOCUMENT_KIND_OF } from '@app/contracts'
import { and, desc, eq, getTableColumns } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { taxDocuments } from '../../db/schema/tax-documents.ts'
import { notFound } from '../../errors.ts'
import { pdfFileName, type DteTypeNumber } from './texts.ts'

type Row = typeof taxDocuments.$inferSelect
const SOURCE = { plan_charge: 'planCharge', commission: 'commission', credit_note: 'refund' } as const

const toContract = (row: Omit<Row, 'pdf' | 'xml'>): TaxDocument => ({
  id: row.id,
  kind: TAX_DOCUMENT_KIND_OF[row.dteType as DteTypeNumber],
  dteType: row.dteType as DteTypeNumber,
  source: SOURCE[row.sourceKind],
  status: row.status,
  folio: row.folio,
  description: row.description,
  netClp: row.netClp,
  ivaClp: row.ivaClp,
  totalClp: row.totalClp,
  correctsId: row.referencesId,
  issuedAt: row.issuedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

/** The documents issued to this person, newest first (at most 500: five years of monthly charges and refunds). */
export async function listMyTaxDocuments(db: Tx, userId: string): Promise<TaxDocument[]> {
  // The files stay in the database until one is asked for.
  const { pdf: _pdf, xml: _xml, ...columns } = getTableColumns(taxDocuments)
  const rows = await db
    .select(columns)
    .from(taxDocuments)
    .where(eq(taxDocuments.recipientUserId, userId))
    .orderBy(desc(taxDocuments.createdAt), desc(taxDocuments.id))
    .limit(500)
  return rows.map(toContract)
}

/** The PDF of one of this person's issued documents; anyone else's (or one not issued yet) is not found. */
export async function myTaxDocumentPdf(db: Tx, userId: string, id: string) {
  const [row] = await db
    .select({ pdf: taxDocuments.pdf, folio: taxDocuments.folio, dteType: taxDocuments.dteType })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.id, id), eq(taxDocuments.recipientUserId, userId), eq(taxDocuments.status, 'issued')))
    .limit(1)
  if (!row?.pdf || !row.folio) throw notFound('No such tax document')
  return { pdf: row.pdf, filename: pdfFileName(row.dteType as DteTypeNumber, row.folio) }
}
