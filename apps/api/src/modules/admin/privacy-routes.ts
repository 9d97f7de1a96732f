import {
  AdminAccountClosedSchema,
  AdminAccountCloseSchema,
  AdminPrivacyRequestCreateSchema,
  AdminPrivacyRequestHandleSchema,
  AdminPrivacyRequestListQuerySchema,
  IdParamsSchema,
  PrivacyRequestListSchema,
  PrivacyRequestSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { closeAccountOnRequest, handlePrivacyRequest, listPrivacyRequests, recordPrivacyRequest } from './privacy-requests.ts'
import { adminBase, adminErrors, adminGuards, operatorOf } from './route-kit.ts'

/** Issue 20, operators: privacy requests with their legal deadline, and closing an account on request. */
export default async function privacyRequestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)

  app.get(
    '/admin/privacy-requests',
    {
      schema: {
        ...adminBase,
        summary: 'Privacy requests (export, deletion, rectification) with their legal deadline, nearest first',
        operationId: 'listPrivacyRequests',
        description:
          'Requests under the data-protection law, made by the person on their own screen or recorded by an operator, with the deadline to answer them (nearest first), who handled them and when; filter open or done; cursor pages.',
        querystring: AdminPrivacyRequestListQuerySchema,
        response: { 200: PrivacyRequestListSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => listPrivacyRequests(app.db, request.query),
  )

  app.post(
    '/admin/privacy-requests',
    {
      schema: {
        ...adminBase,
        summary: 'Record a privacy request that arrived by e-mail (audited)',
        operationId: 'createPrivacyRequest',
        description:
          'Records a request that arrived by e-mail or phone for the account with that e-mail; due PRIVACY_REQUEST_DAYS (30) after the day it arrived (Chile). An open request of the same kind for the same person recorded again is answered as it is (200) rather than doubled; a new one is 201. Audited as privacy.request.',
        body: AdminPrivacyRequestCreateSchema,
        response: { 200: PrivacyRequestSchema, 201: PrivacyRequestSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    async (request, reply) => {
      const { created, request: recorded } = await recordPrivacyRequest(app.db, operatorOf(request), request.body)
      return reply.code(created ? 201 : 200).send(recorded)
    },
  )

  app.post(
    '/admin/privacy-requests/:id/handled',
    {
      schema: {
        ...adminBase,
        summary: 'Mark a privacy request handled (who and when; audited)',
        operationId: 'markPrivacyRequestHandled',
        description:
          'Marks the request handled by the signed-in operator, now, with an optional note; audited as privacy.handled. A request already handled is answered as it is.',
        params: IdParamsSchema,
        body: AdminPrivacyRequestHandleSchema,
        response: { 200: PrivacyRequestSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => handlePrivacyRequest(app.db, operatorOf(request), request.params.id, request.body.note),
  )

  app.post(
    '/admin/privacy-requests/:id/close-account',
    {
      schema: {
        ...adminBase,
        summary: "Close the person's account on a deletion request (audited)",
        operationId: 'completeDeletionRequest',
        description:
          "Closes the account of a deletion request's person as the person's own closing does (subscriptions cancelled at the provider, every session revoked, the 90-day purge), but by the operator: signing in cannot reopen it. The person is mailed the reason; audited as account.close; the request is marked handled. A request of another kind → 409 kind invalid; one answered without closing → 409 status alreadyAnswered. Again on a closed request: the same answer.",
        params: IdParamsSchema,
        body: AdminAccountCloseSchema,
        response: { 200: AdminAccountClosedSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => closeAccountOnRequest(app, operatorOf(request), request.params.id, request.body.reason),
  )
}
