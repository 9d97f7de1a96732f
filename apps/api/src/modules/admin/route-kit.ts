import { ApiErrorSchema } from '@app/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentUser } from '../../plugins/auth.ts'
import { actorOf, type Operator } from './actor.ts'
import { recordAudit } from '../audit/service.ts'
import type { Db } from '../../db/client.ts'

/** Error answers every admin route may give (the spec's error shape). */
export const adminErrors = {
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
}

/** OpenAPI tag and bearer security of every admin route. */
export const adminBase = { tags: ['admin'], security: [{ bearer: [] }] }

/**
 * The checks of the admin routes: platform_admin only (401 without a valid token, 403 for any
 * other role), then per-operator limits. Writes share one bucket; exports are heavier and rarer.
 */
export function adminGuards(app: FastifyInstance) {
  const platformAdmin = app.requireRole('platform_admin')
  const perOperator = (r: FastifyRequest) => r.user?.id
  return {
    read: [platformAdmin, app.limit('admin-read', { max: 600, windowMs: 60_000, key: perOperator })],
    write: [platformAdmin, app.limit('admin-write', { max: 120, windowMs: 60 * 60_000, key: perOperator })],
    exportCsv: [platformAdmin, app.limit('admin-export', { max: 30, windowMs: 60 * 60_000, key: perOperator })],
    mail: [
      platformAdmin,
      app.limit('admin-write', { max: 120, windowMs: 60 * 60_000, key: perOperator }),
      app.limit('admin-mail', { max: 30, windowMs: 60 * 60_000, key: perOperator }),
    ],
  }
}

export const operatorOf = (request: FastifyRequest): Operator => ({ actor: actorOf(currentUser(request)), ip: request.ip })

/**
 * Personal or money data read in bulk leaves an audit row (issue 19): every CSV export
 * (`admin.export`) and the leads list, the contact details of people who are not users
 * (`lead.list`). The row names what was read and with which filters, never the rows themselves.
 */
export async function auditBulkRead(db: Db, request: FastifyRequest, action: 'admin.export' | 'lead.list', what: string, filters: object) {
  const by = operatorOf(request)
  await recordAudit(db, { action, actor: by.actor, ip: by.ip, subjectType: what, after: { filters } })
}
