import { ApiErrorSchema, BusinessRegisterResponseSchema, BusinessRegisterSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { registerBusiness } from './service.ts'

export default async function businessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/auth/business/register',
    {
      schema: {
        tags: ['business'],
        summary: 'Register a gym owner account and its business (no auth); answers a signed-in session',
        operationId: 'registerBusiness',
        description:
          'Creates a gym owner account and its business, and answers a signed-in session (access and refresh token) so that the owner goes straight to the dashboard.',
        body: BusinessRegisterSchema,
        response: { 200: BusinessRegisterResponseSchema, 422: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema },
      },
      preHandler: app.limit('business-register', { max: 10, windowMs: 60 * 60_000 }),
    },
    (request) => registerBusiness(app, request.body),
  )
}
