import { ApiErrorSchema, LoginResponseSchema, OtpRequestSchema, OtpSentSchema, OtpVerifySchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { emailAddressKey } from '../../plugins/rate-limit.ts'
import { loginWithClientCode, sendClientCode } from './service.ts'

/** Clients sign in with a one-time code mailed to them (they have no password they know). */
export default async function clientAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/auth/client/code',
    {
      schema: {
        tags: ['auth'],
        operationId: 'sendClientSignInCode',
        summary: 'Mail a client a six-digit sign-in code (no auth)',
        description:
          'First step of the client sign-in: mails a six-digit code, valid 10 minutes, when the e-mail has a client account. The answer is the same when it has none (nothing is sent), so it reveals no account.',
        body: OtpRequestSchema,
        response: { 200: OtpSentSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: [
        app.limit('client-code-ip', { max: 20, windowMs: 10 * 60_000 }),
        app.limit('client-code-email-ip', { max: 8, windowMs: 60 * 60_000, key: emailAddressKey }),
      ],
    },
    (request) => sendClientCode(app, request.body.email),
  )

  app.post(
    '/auth/client/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'loginWithClientCode',
        summary: 'Sign a client in with the mailed code (no auth)',
        description:
          'Checks the code of sendClientSignInCode and answers the session: access token, refresh token and user. A wrong or used code answers 422 with errors.otp = invalidOrExpired; five wrong tries void the code.',
        body: OtpVerifySchema,
        response: { 200: LoginResponseSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: [
        app.limit('client-login-ip', { max: 30, windowMs: 10 * 60_000 }),
        app.limit('client-login-email-ip', { max: 10, windowMs: 10 * 60_000, key: emailAddressKey }),
      ],
    },
    (request) => loginWithClientCode(app, request.body, request.ip),
  )
}
