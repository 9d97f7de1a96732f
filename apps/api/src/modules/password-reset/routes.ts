import { ApiErrorSchema, ForgotPasswordResponseSchema, ForgotPasswordSchema, OkSchema, ResetPasswordSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { emailAddressKey } from '../../plugins/rate-limit.ts'
import { FORGOT_PASSWORD_MESSAGE, requestPasswordReset, resetPassword } from './service.ts'

export default async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/auth/forgot/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the e-mail has an account)',
        operationId: 'requestPasswordReset',
        description:
          'Mails a password reset link, valid for a limited time. The answer is the same whether or not the e-mail has an account.',
        body: ForgotPasswordSchema,
        response: { 200: ForgotPasswordResponseSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: [
        app.limit('forgot-ip', { max: 20, windowMs: 60 * 60_000 }),
        // Per e-mail, the service's inbox ceiling drops extra mail instead of refusing the owner.
        app.limit('forgot-email-ip', { max: 5, windowMs: 60 * 60_000, key: emailAddressKey }),
      ],
    },
    async (request) => {
      await requestPasswordReset(app, request.body)
      return { ok: true as const, message: FORGOT_PASSWORD_MESSAGE }
    },
  )

  app.post(
    '/auth/reset/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the hash of a reset link; ends every session of the account',
        operationId: 'resetPassword',
        description: 'Sets a new password with the hash of a reset link; every session of the account ends.',
        body: ResetPasswordSchema,
        response: { 200: OkSchema, 422: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema },
      },
      preHandler: app.limit('reset-ip', { max: 20, windowMs: 60 * 60_000 }),
    },
    async (request) => {
      await resetPassword(app, request.body, request.ip)
      return { ok: true as const }
    },
  )
}
