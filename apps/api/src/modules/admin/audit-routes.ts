import { AdminAuditExportQuerySchema, AdminAuditListQuerySchema, AdminAuditListSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AUDIT_CSV_COLUMNS, listAudit, toAuditCsv } from './audit-log.ts'
import { allPages, sendCsv } from './csv.ts'
import { adminBase, adminErrors, adminGuards, csvName } from './route-kit.ts'

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
        produces: ['text/csv'],
        querystring: AdminAuditExportQuerySchema,
        response: { ...adminErrors },
      },
      preHandler: guard.exportCsv,
    },
    async (request, reply) => {
      const query = request.query
      async function* rows() {
        for await (const entry of allPages((cursor) => listAudit(app.db, { ...query, cursor, limit: EXPORT_PAGE }))) yield toAuditCsv(entry)
      }
      return sendCsv(reply, csvName('audit-log'), [...AUDIT_CSV_COLUMNS], rows())
    },
  )
}
