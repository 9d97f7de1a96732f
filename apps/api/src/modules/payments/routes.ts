import { ApiErrorSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { receivePayoutLinkNotification } from '../payout-links/service.ts'
import { receiveWebhook } from './webhook.ts'

const Received = z.object({ received: z.literal(true), duplicate: z.boolean() })

export default async function paymentWebhookRoutes(fastify: FastifyInstance) {
  // The webhook reads the raw body: the signature covers the exact bytes the provider sent.
  fastify.removeContentTypeParser('application/json')
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body))
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/payments/:provider/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Payment provider events (signed by the provider)',
        operationId: 'receivePaymentWebhook',
        description:
          'Called by the payment provider in use, not by apps: the events of checkouts, subscriptions, invoices, refunds, disputes and payout accounts, and notifications about linked payout accounts, with its signature. A repeated event is acknowledged as a duplicate; another provider answers 404.',
        params: z.object({ provider: z.string().min(1).max(40) }),
        response: { 200: Received, 400: ApiErrorSchema, 404: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => {
      // One notification URL for every topic at a provider that links payout accounts (decision 240).
      const linking = app.payoutLinking
      if (linking?.name === request.params.provider && Buffer.isBuffer(request.body) && linking.ownsNotification(request.body)) {
        const { duplicate } = await receivePayoutLinkNotification(app, request.body, request.headers, {})
        request.log.info({ duplicate }, 'payout link notification')
        return { received: true as const, duplicate }
      }
      const { event, duplicate } = await receiveWebhook(app, request.params.provider, request.body, request.headers)
      request.log.info({ eventId: event.id, type: event.type, duplicate }, 'payment webhook')
      return { received: true as const, duplicate }
    },
  )

  // The webhook's address before decision 091, kept so that endpoints registered there keep working: the provider in use answers.
  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Payment events at the earlier address (signed with the webhook secret)',
        operationId: 'receiveStripeWebhook',
        description:
          'The earlier address of the payment webhook (/payments/{provider}/webhook): the events of checkouts, subscriptions, invoices, refunds and payout accounts, signed with the configured webhook secret. A repeated event is acknowledged as a duplicate.',
        deprecated: true,
        response: { 200: Received, 400: ApiErrorSchema, 404: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => {
      const { event, duplicate } = await receiveWebhook(app, app.payments.name, request.body, request.headers)
      request.log.info({ eventId: event.id, type: event.type, duplicate }, 'payment webhook')
      return { received: true as const, duplicate }
    },
  )
}
