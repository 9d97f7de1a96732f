import { AdminAuditExportQuerySchema, AdminAuditListQuerySchema, AdminAuditListSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AUDIT_CSV_COLUMNS, listAudit, toAuditCsv } from './audit-log.ts'
import { allPages, sendCsv } from '../../lib/csv.ts'
import { csvResponse } from '../../plugins/contract.ts'
import { adminBase, adminErrors, adminGuards, auditBulkRead, csvName } from './route-kit.ts'

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
        description:
          'The audit entries matching the same filters as listAuditEntries as a CSV file, streamed; formula-like cells are neutralised.',
        querystring: AdminAuditExportQuerySchema,
        response: {
          200: csvResponse(
            'Audit entries, one per line (UTF-8, comma-separated, header first)',
            'id,at,action,actorId,actorEmail,actorRole,subjectType,subjectId,ip,reason,before,after\n7c1e…,2026-03-01T12:00:00.000Z,trainer.deactivate,2b9f…,ops@example.cl,platform_admin,user,5d4c…,203.0.113.7,Chargeback fraud,,\n',
          ),
          ...adminErrors,
        },
      },
      preHandler: guard.exportCsv,
    },
    async (request, reply) => {
      const query = request.query
      async function* rows() {
        for await (const entry of allPages((cursor) => listAudit(app.db, { ...query, cursor, limit: EXPORT_PAGE }))) yield toAuditCsv(entry)
      }
      await auditBulkRead(app.db, request, 'admin.export', 'audit_log', query)
      return sendCsv(reply, csvName('audit-log'), { columns: [...AUDIT_CSV_COLUMNS], rows: rows() })
    },
  )
}
