import {
  ApiErrorSchema,
  OnboardingSetupRequestSchema,
  OnboardingSetupSchema,
  PayoutAccountStatusSchema,
  TrainerOnboardingStatusSchema,
  UserIdParamsSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { flowUserFor } from '../../plugins/auth.ts'
import { payoutAccountStatus, setupOnboarding, trainerOnboardingStatus } from './service.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema }

export default async function payoutOnboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/connect/onboarding/setup',
    {
      schema: {
        tags: ['connect'],
        summary: 'Create or reuse your payout account and get its onboarding link (signup token or session)',
        operationId: 'setupPayoutOnboarding',
        description:
          'Creates (or reuses) the payout account of the trainer named by userId, who must be the caller, and answers the provider onboarding link.',
        security: [{ bearer: [] }, { signupToken: [] }],
        body: OnboardingSetupRequestSchema,
        response: { 200: OnboardingSetupSchema, ...errors },
      },
      preHandler: [app.limit('connect-setup-ip', { max: 20, windowMs: 10 * 60_000 }), app.authenticateFlow],
    },
    (request) => setupOnboarding(app, flowUserFor(request, request.body.userId).id, request.body),
  )

  app.get(
    '/connect/account/by-user/:userId',
    {
      schema: {
        tags: ['connect'],
        summary: 'Your payout account status',
        operationId: 'getPayoutAccount',
        description: 'Whether the payout account of the caller (userId) can receive charges.',
        security: [{ bearer: [] }, { signupToken: [] }],
        params: UserIdParamsSchema,
        response: { 200: PayoutAccountStatusSchema, ...errors },
      },
      preHandler: app.authenticateFlow,
    },
    (request) => payoutAccountStatus(app, flowUserFor(request, request.params.userId).id),
  )

  app.get(
    '/trainers/by-user/:userId/onboarding-status',
    {
      schema: {
        tags: ['connect'],
        summary: 'Whether your payout onboarding is complete',
        operationId: 'getPayoutOnboardingStatus',
        description: 'Whether the caller (userId) completed payout onboarding with the payment provider.',
        security: [{ bearer: [] }, { signupToken: [] }],
        params: UserIdParamsSchema,
        response: { 200: TrainerOnboardingStatusSchema, ...errors },
      },
      preHandler: app.authenticateFlow,
    },
    (request) => trainerOnboardingStatus(app, flowUserFor(request, request.params.userId).id),
  )
}
