import { ApiErrorSchema, MySubscriptionSchema, RouteIdParamsSchema, SubscriptionStatusSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import { withdrawMySubscription } from './client.ts'
import { cancelMyPlan, withdrawMyPlan } from './platform.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema }
const bearer = [{ bearer: [] }]

/**
 * Issue 27 (decision 224): the withdrawal right and the one-tap cancel of the trainer's or gym's
 * plan. The client's cancel is `POST /client/subscriptions/:id/cancel` (client-billing).
 */
export default async function withdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/client/subscriptions/:id/withdrawal',
    {
      schema: {
        tags: ['client billing: client'],
        summary: 'Withdraw from one of my subscriptions within 10 days, refunded in full',
        operationId: 'withdrawMySubscription',
        description:
          "The client's right of withdrawal (Ley 19.496 art. 3 bis): within 10 days of subscribing (Chile's calendar, to the end of the 10th day) and before the trainer gave a session or a workout, every peso paid is refunded and the subscription ends now; a confirmation is mailed. Later, or after a service, 422 with `withdrawalExpired` or `serviceStarted`; an ended one 409 `alreadyCancelled`; another person's 404.",
        security: bearer,
        params: RouteIdParamsSchema,
        response: { 200: MySubscriptionSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    (request) => withdrawMySubscription(app, currentUser(request), request.params.id, request.ip),
  )

  app.post(
    '/platform/subscriptions/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel my plan at the end of the current period',
        operationId: 'cancelMyPlan',
        description:
          "Stops the caller's plan from renewing: it stays live to the end of the trial or paid period; a confirmation is mailed. Asked again it changes nothing. 404 without a live plan.",
        security: bearer,
        response: { 200: SubscriptionStatusSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    (request) => cancelMyPlan(app, currentUser(request)),
  )

  app.post(
    '/platform/subscriptions/withdrawal',
    {
      schema: {
        tags: ['billing'],
        summary: 'Withdraw from my plan within 10 days, refunded in full',
        operationId: 'withdrawMyPlan',
        description:
          "The plan's right of withdrawal: within 10 days of contracting and before any client paid through the platform, the plan ends now; a plan that started paid is refunded in full at the provider and gets its credit note; a confirmation is mailed. Otherwise 422 with `withdrawalExpired`, `serviceStarted` or `refundUnavailable` (a charge not recorded yet, or made at another provider), 409 `alreadyCancelled`, 404 without a plan; 503 when the provider cannot be reached (nothing changed, retry).",
        security: bearer,
        response: { 200: SubscriptionStatusSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    (request) => withdrawMyPlan(app, currentUser(request)),
  )
}
