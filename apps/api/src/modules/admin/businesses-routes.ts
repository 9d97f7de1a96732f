import {
  AdminBusinessDetailSchema,
  AdminBusinessListQuerySchema,
  AdminBusinessListSchema,
  AdminBusinessSchema,
  AdminBusinessUpdateSchema,
  AdminCentralBillingUpdateSchema,
  IdParamsSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { getBusiness, listBusinesses, updateBusiness, updateCentralBilling } from './businesses.ts'
import { adminBase, adminErrors, adminGuards, operatorOf } from './route-kit.ts'

export default async function businessesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)

  app.get(
    '/admin/businesses',
    {
      schema: {
        ...adminBase,
        summary: 'Businesses (gyms): owner, plan, split, trainers vs limit; newest first',
        operationId: 'listBusinesses',
        description:
          'Business accounts with their owner, plan, commission split and trainers against the plan limit, newest first, in cursor pages.',
        querystring: AdminBusinessListQuerySchema,
        response: { 200: AdminBusinessListSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => listBusinesses(app.db, request.query),
  )

  app.get(
    '/admin/businesses/:id',
    {
      schema: {
        ...adminBase,
        summary: 'One business and its audit rows',
        operationId: 'getBusiness',
        description: 'One business account with its audit rows.',
        params: IdParamsSchema,
        response: { 200: AdminBusinessDetailSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => getBusiness(app.db, request.params.id),
  )

  app.patch(
    '/admin/businesses/:id',
    {
      schema: {
        ...adminBase,
        summary: 'Change a business plan or commission split with a required reason; audited with before and after',
        operationId: 'updateBusiness',
        description:
          'Changes the plan or the commission split of a business. A reason is required; the audit log keeps the values before and after.',
        params: IdParamsSchema,
        body: AdminBusinessUpdateSchema,
        response: { 200: AdminBusinessSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => updateBusiness(app.db, operatorOf(request), request.params.id, request.body),
  )

  app.put(
    '/admin/businesses/:id/central-billing',
    {
      schema: {
        ...adminBase,
        summary: "Allow or stop a gym's trainers charging clients through central billing (audited)",
        operationId: 'updateBusinessCentralBilling',
        description:
          "Turns on or off the operator's approval of a gym's central billing, with a required reason; audited. The gym's trainers may charge clients only while it is approved and the owner's e-mail is verified.",
        params: IdParamsSchema,
        body: AdminCentralBillingUpdateSchema,
        response: { 200: AdminBusinessSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => updateCentralBilling(app.db, operatorOf(request), request.params.id, request.body),
  )
}
