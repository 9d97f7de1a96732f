import { AdminBusinessListQuerySchema, AdminBusinessListSchema, AdminBusinessSchema, AdminBusinessUpdateSchema, ApiErrorSchema, IdParamsSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import { listBusinesses, updateBusiness } from './service.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema }

/**
 * Platform operators only (role platform_admin, created with `npm run admin:create`). The
 * business roles (gym_owner, admin) cannot reach these routes and platform_admin gets no
 * business area.
 */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const platformAdmin = app.requireRole('platform_admin')
  const base = { tags: ['admin'], security: [{ bearer: [] }] }

  app.get(
    '/admin/businesses',
    { schema: { ...base, summary: 'Businesses, newest first (paginated)', querystring: AdminBusinessListQuerySchema, response: { 200: AdminBusinessListSchema, ...errors } }, preHandler: platformAdmin },
    (request) => listBusinesses(app, request.query),
  )

  app.patch(
    '/admin/businesses/:id',
    {
      schema: {
        ...base,
        summary: 'Change a business plan or commission split; written to the audit log with the reason',
        params: IdParamsSchema,
        body: AdminBusinessUpdateSchema,
        response: { 200: AdminBusinessSchema, ...errors },
      },
      preHandler: [platformAdmin, app.limit('admin-write', { max: 120, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    (request) => updateBusiness(app, currentUser(request), request.ip, request.params.id, request.body),
  )
}
