import { z } from 'zod'

// Issue 27 (decision 223): the platform's electronic tax documents to the person who paid: a
// boleta (39) or factura (33) for a plan charge or the commission on a client payment, and a
// credit note (61) for each refund of one. Amounts in whole CLP: net + IVA = total.

export const TAX_DOCUMENT_KINDS = ['factura', 'boleta', 'creditNote'] as const
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number]
export const TAX_DOCUMENT_KIND_OF: Record<33 | 39 | 61, TaxDocumentKind> = { 33: 'factura', 39: 'boleta', 61: 'creditNote' }

export const TaxDocumentSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(TAX_DOCUMENT_KINDS).meta({ description: 'factura (SII type 33), boleta (39) or creditNote (61)' }),
    dteType: z.union([z.literal(33), z.literal(39), z.literal(61)]),
    /** What it documents: a plan charge, the platform's commission on a client payment, or a refund of either. */
    source: z.enum(['planCharge', 'commission', 'refund']),
    /** pending: queued or waiting for the provider; failed: the provider refused it and an operator is on it. */
    status: z.enum(['pending', 'issued', 'failed']),
    folio: z.number().int().nullable(),
    description: z.string(),
    netClp: z.number().int(),
    ivaClp: z.number().int(),
    totalClp: z.number().int(),
    /** The document a credit note corrects. */
    correctsId: z.uuid().nullable(),
    issuedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({
    example: {
      id: '6f1c2a7e-3d4b-4c5a-9e8f-0a1b2c3d4e5f',
      kind: 'boleta',
      dteType: 39,
      source: 'planCharge',
      status: 'issued',
      folio: 1042,
      description: 'Plan Profesional, noviembre de 2026',
      netClp: 16798,
      ivaClp: 3192,
      totalClp: 19990,
      correctsId: null,
      issuedAt: '2026-11-23T12:00:00.000Z',
      createdAt: '2026-11-23T11:59:58.000Z',
    },
  })
export type TaxDocument = z.infer<typeof TaxDocumentSchema>

export const TaxDocumentListSchema = z.object({ data: z.array(TaxDocumentSchema) })
export type TaxDocumentList = z.infer<typeof TaxDocumentListSchema>
