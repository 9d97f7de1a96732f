import {
  ApiErrorSchema,
  CompletePayoutLinkRequestSchema,
  PayoutLinkNotificationReceiptSchema,
  PayoutLinkOwnerParamsSchema,
  PayoutLinkSchema,
  PayoutLinkStartSchema,
  StartPayoutLinkRequestSchema,
} from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { users } from '../../db/schema.ts'
import { forbidden, unauthorized } from '../../errors.ts'
import { completePayoutLink, myPayoutLink, receivePayoutLinkNotification, startPayoutLink, unlinkPayoutAccount } from './service.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 503: ApiErrorSchema }

/**
 * The caller, by session or (a trainer still in the sign-up flow, decision 030) by signup token:
 * its role from the account itself; only trainers and gym owners link (decision 213).
 */
async function linkerOf(app: FastifyInstance, request: FastifyRequest) {
  if (request.user) return request.user
  const flow = request.flowUser
  if (!flow) throw unauthorized()
  const [row] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, flow.id)).limit(1)
  if (!row || (row.role !== 'trainer' && row.role !== 'gym_owner')) throw forbidden('Your account cannot do this')
  return { id: flow.id, role: row.role }
}

/** Payout accounts linked by OAuth (decision 207); 404 while the provider in use onboards them instead. */
export default async function payoutLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const linkers = app.requireRole('trainer', 'gym_owner')
  // A trainer in the sign-up flow links from the onboarding page before their first sign-in.
  const flowLinkers = app.authenticateFlow
  const flowSecurity: Array<Record<string, string[]>> = [{ bearer: [] }, { signupToken: [] }]

  app.post(
    '/payout-links/start',
    {
      schema: {
        tags: ['connect'],
        summary: 'Start linking your payout account',
        operationId: 'requestPayoutLink',
        description:
          "Answers the payment provider's page where a trainer (owner trainer) or a gym's owner (owner gym) authorizes the platform to charge on their behalf. The page sends the person back to the web app with code and state; the state is bound to the caller, single-use and valid 10 minutes.",
        security: flowSecurity,
        body: StartPayoutLinkRequestSchema,
        response: { 200: PayoutLinkStartSchema, ...errors },
      },
      preHandler: [app.limit('payout-link-start', { max: 20, windowMs: 10 * 60_000 }), flowLinkers],
    },
    async (request) => startPayoutLink(app, await linkerOf(app, request), request.body.owner),
  )

  app.post(
    '/payout-links/complete',
    {
      schema: {
        tags: ['connect'],
        summary: 'Finish linking your payout account',
        operationId: 'completePayoutLink',
        description:
          "Sends on the code and state the provider's page returned. The state must have been started by the caller (403 otherwise) and be unused and fresh (422 state invalidOrExpired); a code the provider refuses answers 422 code invalidOrExpired; the provider not answering answers 503.",
        security: flowSecurity,
        body: CompletePayoutLinkRequestSchema,
        response: { 200: PayoutLinkSchema, ...errors },
      },
      preHandler: [app.limit('payout-link-complete', { max: 20, windowMs: 10 * 60_000 }), flowLinkers],
    },
    async (request) => completePayoutLink(app, await linkerOf(app, request), request.body),
  )

  app.get(
    '/payout-links/:owner',
    {
      schema: {
        tags: ['connect'],
        summary: 'Your linked payout account',
        operationId: 'getPayoutLink',
        description: "Whether the caller's own (owner trainer) or their gym's (owner gym) payout account is linked; never a token.",
        security: flowSecurity,
        params: PayoutLinkOwnerParamsSchema,
        response: { 200: PayoutLinkSchema, ...errors },
      },
      preHandler: flowLinkers,
    },
    async (request) => myPayoutLink(app, await linkerOf(app, request), request.params.owner),
  )

  app.delete(
    '/payout-links/:owner',
    {
      schema: {
        tags: ['connect'],
        summary: 'Unlink your payout account',
        operationId: 'deletePayoutLink',
        description:
          'Forgets the link and its tokens and answers the link as it now is (status none). Charging needs a linked account again.',
        security: [{ bearer: [] }],
        params: PayoutLinkOwnerParamsSchema,
        response: { 200: PayoutLinkSchema, ...errors },
      },
      preHandler: linkers,
    },
    (request) => unlinkPayoutAccount(app, request.user!, request.params.owner),
  )

  await app.register(async (signed) => {
    // The signature covers the exact bytes the provider sent.
    signed.removeContentTypeParser('application/json')
    signed.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body))
    signed.withTypeProvider<ZodTypeProvider>().post(
      '/payout-links/notifications',
      {
        schema: {
          tags: ['connect'],
          summary: 'Payment provider notifications about linked accounts (signed by the provider)',
          operationId: 'receivePayoutLinkNotification',
          description:
            'Called by the payment provider, not by apps: x-signature (ts, v1) over the documented manifest with the webhook secret, within 10 minutes. A notification delivered again is acknowledged and changes nothing; a revocation is checked with the provider before the link is marked revoked.',
          querystring: z.object({
            'data.id': z.string().max(200).optional(),
            type: z.string().max(60).optional(),
            topic: z.string().max(60).optional(),
          }),
          response: { 200: PayoutLinkNotificationReceiptSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 503: ApiErrorSchema },
        },
        config: { idempotency: false },
      },
      async (request) => {
        const { duplicate } = await receivePayoutLinkNotification(app, request.body, request.headers, request.query)
        request.log.info({ duplicate }, 'payout link notification')
        return { received: true as const }
      },
    )
  })
}
