import {
  AdminLeadDetailSchema,
  AdminLeadExportQuerySchema,
  AdminLeadListQuerySchema,
  AdminLeadListSchema,
  AdminLeadUpdateSchema,
  IdParamsSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { allPages, CSV_WORDS, readerLanguage, sendCsv } from '../../lib/csv.ts'
import { getLead, listLeads, updateLead } from './leads.ts'
import { adminCsvName, LEAD_COLUMNS, leadRow } from './csv-files.ts'
import { csvResponse } from '../../plugins/contract.ts'
import { adminBase, adminErrors, adminGuards, auditBulkRead, operatorOf } from './route-kit.ts'

const EXPORT_PAGE = 1000

export default async function leadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)

  app.get(
    '/admin/leads',
    {
      schema: {
        ...adminBase,
        summary: 'Free-access requests (leads): search, filters, cursor pages',
        operationId: 'listLeads',
        description:
          'Free-access requests sent from the public site, with full-text search, status and date filters, sorting and cursor pages.',
        querystring: AdminLeadListQuerySchema,
        response: { 200: AdminLeadListSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    async (request) => {
      await auditBulkRead(app.db, request, 'lead.list', 'leads', request.query)
      return listLeads(app.db, request.query)
    },
  )

  app.get(
    '/admin/leads/export.csv',
    {
      schema: {
        ...adminBase,
        summary: 'Leads as CSV (same filters as the list; streamed; formula-safe cells)',
        operationId: 'exportLeadsCsv',
        description: `Every lead matching the same filters as listLeads as a CSV file, streamed; formula-like cells are neutralised; the status in words. ${CSV_WORDS}`,
        querystring: AdminLeadExportQuerySchema,
        response: {
          200: csvResponse(
            'Leads, one per line (UTF-8, comma-separated, header first)',
            '"Recibida","Estado","Estado desde","Nombre","Correo","Teléfono","Ciudad","Asunto","Mensaje","ID"\n"2026-11-23T21:07:00-03:00","Nueva",,"Ana Pérez","ana@example.com","+56 9 1234 5678","Santiago","Acceso gratuito","…","0f3a…"\n',
          ),
          ...adminErrors,
        },
      },
      preHandler: guard.exportCsv,
    },
    async (request, reply) => {
      const query = request.query
      const language = await readerLanguage(app.db, request)
      async function* rows() {
        for await (const lead of allPages((cursor) => listLeads(app.db, { ...query, cursor, limit: EXPORT_PAGE })))
          yield leadRow(lead, language)
      }
      await auditBulkRead(app.db, request, 'admin.export', 'leads', query)
      return sendCsv(reply, adminCsvName('leads', language), { columns: LEAD_COLUMNS, language, rows: rows() })
    },
  )

  app.get(
    '/admin/leads/:id',
    {
      schema: {
        ...adminBase,
        summary: 'One lead and its history',
        operationId: 'getLead',
        description: 'One lead with its status history and notes.',
        params: IdParamsSchema,
        response: { 200: AdminLeadDetailSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => getLead(app.db, request.params.id),
  )

  app.patch(
    '/admin/leads/:id',
    {
      schema: {
        ...adminBase,
        summary: 'Move a lead along the pipeline and/or add a note (audited)',
        operationId: 'updateLead',
        description: 'Changes the pipeline status of a lead and/or adds a note; the change is written to the audit log.',
        params: IdParamsSchema,
        body: AdminLeadUpdateSchema,
        response: { 200: AdminLeadDetailSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => updateLead(app.db, operatorOf(request), request.params.id, request.body),
  )
}
