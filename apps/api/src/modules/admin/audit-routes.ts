import { AdminAuditExportQuerySchema, AdminAuditListQuerySchema, AdminAuditListSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { listAudit } from './audit-log.ts'
import { adminCsvName, AUDIT_COLUMNS, auditRow } from './csv-files.ts'
import { allPages, CSV_WORDS, readerLanguage, sendCsv } from '../../lib/csv.ts'
import { csvResponse } from '../../plugins/contract.ts'
import { adminBase, adminErrors, adminGuards, auditBulkRead } from './route-kit.ts'

const EXPORT_PAGE = 1000

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)

  app.get(
    '/admin/audit',
    {
      schema: {
        ...adminBase,
        summary: 'The audit log: operator actions and security events, newest first',
        operationId: 'listAuditEntries',
        description:
          'Operator actions and security events (logins refused, sessions revoked, …), newest first, with filters and cursor pages.',
        querystring: AdminAuditListQuerySchema,
        response: { 200: AdminAuditListSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => listAudit(app.db, request.query),
  )

  app.get(
    '/admin/audit/export.csv',
    {
      schema: {
        ...adminBase,
        summary: 'The audit log as CSV (same filters; streamed; formula-safe cells)',
        operationId: 'exportAuditLogCsv',
        description: `The audit entries matching the same filters as listAuditEntries as a CSV file, streamed; formula-like cells are neutralised. Actions, roles, subject types and the server's own reasons in words, who and what by name, with the codes and ids beside them. ${CSV_WORDS}`,
        querystring: AdminAuditExportQuerySchema,
        response: {
          200: csvResponse(
            'Audit entries, one per line (UTF-8, comma-separated, header first)',
            '"Fecha","Acción","Quién","Rol","Correo de quién","Objeto","Tipo de objeto","Dirección IP","Motivo","Antes (JSON)","Después (JSON)","Código de acción","ID de quién","ID del objeto","ID"\n"2026-11-23T21:07:00-03:00","Cuenta desactivada","Olga Operadora","Operador","ops@example.cl","Ana Pérez","Usuario","203.0.113.7","Fraude con contracargos","{""isActive"":true}","{""isActive"":false}","user.deactivate","2b9f…","5d4c…","7c1e…"\n',
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
        for await (const entry of allPages((cursor) => listAudit(app.db, { ...query, cursor, limit: EXPORT_PAGE })))
          yield auditRow(entry, language)
      }
      await auditBulkRead(app.db, request, 'admin.export', 'audit_log', query)
      return sendCsv(reply, adminCsvName('audit', language), { columns: AUDIT_COLUMNS, language, rows: rows() })
    },
  )
}
