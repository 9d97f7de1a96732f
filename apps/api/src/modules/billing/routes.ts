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
import { webhookEvents } from '../../db/schema.ts'
import { badRequest, notFound } from '../../errors.ts'
import { currentUser, flowUserFor } from '../../plugins/auth.ts'
import { WebhookSignatureError, type ProviderEvent } from '../../plugins/payments.ts'
import type { Tx } from '../../db/client.ts'
import { applyAccountUpdate } from '../connect/service.ts'
import { applyClientEvent, runFollowUps } from '../client-billing/events.ts'
import {
  applyInvoicePaid,
  applyPaymentFailed,
  applySubscriptionChange,
  completeCheckout,
  createCheckout,
  createPortalSession,
  enforceOneTrial,
  reported,
  subscriptionStatus,
  verifyCheckout,
  type CheckoutCompletion,
} from './service.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema }

async function applyEvent(tx: Tx, provider: 'stripe', event: ProviderEvent): Promise<CheckoutCompletion | void> {
  switch (event.kind) {
    case 'checkout.completed':
      if (event.subscription) return completeCheckout(tx, event.sessionId, provider, reported(event.subscription), event.paymentStatus)
      return
    case 'subscription.changed':
      await applySubscriptionChange(tx, event.subscription)
      return
    case 'invoice.paid':
      await applyInvoicePaid(tx, event.subscriptionId, event.periodEnd)
      return
    case 'invoice.failed':
      await applyPaymentFailed(tx, event.subscriptionId)
      return
    case 'account.updated':
      await applyAccountUpdate(tx, event.accountId, event.chargesEnabled, event.detailsSubmitted)
      return
    case 'ignored':
      return
  }
}

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

  // The webhook reads the raw body: the signature covers the exact bytes Stripe sent.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body))
    scope.post(
      '/payments/stripe/webhook',
      {
        schema: {
          tags: ['billing'],
          summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
          operationId: 'receiveStripeWebhook',
          description:
            'Called by Stripe, not by apps: the events of checkouts, subscriptions, invoices, refunds and payout accounts, signed with STRIPE_WEBHOOK_SECRET. A repeated event is acknowledged as a duplicate.',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => {
        const provider = app.payments
        if (provider.name !== 'stripe' || !provider.parseWebhook) throw notFound('Webhooks need the Stripe provider')
        if (!Buffer.isBuffer(request.body)) throw badRequest('Expected a JSON body')
        let event: ProviderEvent
        try {
          event = await provider.parseWebhook(request.body, request.headers['stripe-signature'] as string | undefined)
        } catch (err) {
          if (err instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature')
          throw err
        }
        // Stripe may deliver an event twice: the event id is recorded in the same transaction
        // that applies it, so a second delivery (or a failed first one's retry) is decided once.
        const { duplicate, completion, followUps } = await app.db.transaction(async (tx) => {
          const fresh = await tx
            .insert(webhookEvents)
            .values({ id: event.id, provider: 'stripe', type: event.type })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id })
          if (fresh.length === 0) return { duplicate: true, completion: undefined, followUps: [] }
          const completion = await applyEvent(tx, 'stripe', event)
          // Client billing (issue 12): its payments and refunds post to the ledger in this same transaction.
          return { duplicate: false, completion, followUps: await applyClientEvent(app, tx, event) }
        })
        if (completion) await enforceOneTrial(app, completion)
        await runFollowUps(app, followUps)
        request.log.info({ eventId: event.id, type: event.type, duplicate }, 'stripe webhook')
        return { received: true as const, duplicate }
      },
    )
  })
}
