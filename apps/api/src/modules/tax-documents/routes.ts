import { ApiErrorSchema, IdParamsSchema, TaxDocumentListSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../../plugins/auth.ts'
import { listMyTaxDocuments, myTaxDocumentPdf } from './service.ts'

const security = [{ bearer: [] }]
const tags = ['tax documents']
const errors = { 401: ApiErrorSchema, 429: ApiErrorSchema }

/** Issue 27 (decision 223): the payer's own tax documents and their PDFs. */
export default async function taxDocumentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const reads = app.limit('tax-document-read', { max: 120, windowMs: 60_000, key: (r) => r.user?.id })

  app.get(
    '/tax-documents',
    {
      schema: {
        operationId: 'listMyTaxDocuments',
        tags,
        summary: 'My tax documents',
        description:
          'The electronic tax documents the platform issued to the signed-in account (any role; a client has none): a boleta (39) or, with a RUT, razón social and giro on file, a factura (33) for each plan charge and for the platform commission on each client payment; a credit note (61) for each refund of one. Newest first; `pending` until the provider answers.',
        security,
        response: { 200: TaxDocumentListSchema, ...errors },
      },
      preHandler: [app.authenticate, reads],
    },
    async (request) => ({ data: await listMyTaxDocuments(app.db, currentUser(request).id) }),
  )

  app.get(
    '/tax-documents/:id/pdf',
    {
      schema: {
        operationId: 'getMyTaxDocumentPdf',
        tags,
        summary: 'Download one of my tax documents (PDF)',
        description:
          'The PDF of an issued document of the signed-in account, as the provider stamped it. Anyone else’s document, or one not issued yet: 404.',
        security,
        params: IdParamsSchema,
        response: {
          200: {
            description: 'The document as a PDF',
            content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          404: ApiErrorSchema,
          422: ApiErrorSchema,
          ...errors,
        },
      },
      preHandler: [app.authenticate, reads],
    },
    async (request, reply) => {
      const { pdf, filename } = await myTaxDocumentPdf(app.db, currentUser(request).id, request.params.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf)
    },
  )
}
