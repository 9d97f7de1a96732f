import { ApiErrorSchema, EmailChangeConfirmedSchema, EmailChangeConfirmSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { confirmEmailChange } from './service.ts'

export default async function emailChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/auth/email-change/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm a new login e-mail with the token of the link mailed to it (no auth)',
        operationId: 'confirmEmailChange',
        description: 'Makes the new e-mail the login e-mail, with the token of the link mailed to it.',
        body: EmailChangeConfirmSchema,
        response: { 200: EmailChangeConfirmedSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: app.limit('email-change-confirm-ip', { max: 20, windowMs: 10 * 60_000 }),
    },
    (request) => confirmEmailChange(app, request.body.token),
  )
}
