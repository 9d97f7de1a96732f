import {
  ApiErrorSchema,
  BillingPortalRequestSchema,
  BillingPortalSessionSchema,
  CheckoutCreatedSchema,
  CheckoutRequestSchema,
  CheckoutStatusSchema,
  SubscriptionStatusSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser, flowUserFor } from '../../plugins/auth.ts'
import { createCheckout, createPortalSession, subscriptionStatus, verifyCheckout } from './service.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema }

export default async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/platform/subscriptions/checkout',
    {
      schema: {
        tags: ['billing'],
        summary: 'Start a checkout for a purchasable plan (signup token or session)',
        operationId: 'createSubscriptionCheckout',
        description:
          "Starts the payment provider checkout of a purchasable plan for the caller (userId) and answers its URL; the plan and price are the server's.",
        security: [{ bearer: [] }, { signupToken: [] }],
        body: CheckoutRequestSchema,
        response: { 200: CheckoutCreatedSchema, ...errors },
      },
      preHandler: [app.limit('checkout-ip', { max: 20, windowMs: 10 * 60_000 }), app.authenticateFlow],
    },
    (request) => createCheckout(app, flowUserFor(request, request.body.userId).id, request.body),
  )

  app.get(
    '/platform/checkout/verify/:sessionId',
    {
      schema: {
        tags: ['billing'],
        summary: 'Whether one of your checkouts was paid (signup token or session)',
        operationId: 'verifyCheckout',
        description: "Whether one of the caller's checkout sessions was paid, after the provider redirected back.",
        security: [{ bearer: [] }, { signupToken: [] }],
        params: z.object({ sessionId: z.string().min(1).max(200) }),
        response: { 200: CheckoutStatusSchema, ...errors },
      },
      preHandler: app.authenticateFlow,
    },
    (request) => verifyCheckout(app, request.flowUser!.id, request.params.sessionId),
  )

  app.get(
    '/payments/subscription-status',
    {
      schema: {
        tags: ['billing'],
        summary: 'Your subscription (a trial counts as active)',
        operationId: 'getSubscriptionStatus',
        description: 'Whether the caller has an active subscription to the platform; a trial counts as active.',
        security: [{ bearer: [] }, { signupToken: [] }],
        response: { 200: SubscriptionStatusSchema, 401: ApiErrorSchema },
      },
      preHandler: app.authenticateFlow,
    },
    (request) => subscriptionStatus(app, request.flowUser!.id),
  )

  app.post(
    '/payments/stripe/billing-portal-session',
    {
      schema: {
        tags: ['billing'],
        summary: 'Open the billing portal (signed-in users only)',
        operationId: 'createBillingPortalSession',
        description:
          'Opens the payment provider billing portal for the signed-in user and answers its URL; returnUrl must be on this site.',
        security: [{ bearer: [] }],
        body: BillingPortalRequestSchema,
        response: { 200: BillingPortalSessionSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    (request) => createPortalSession(app, currentUser(request).id, request.body.returnUrl),
  )
}
