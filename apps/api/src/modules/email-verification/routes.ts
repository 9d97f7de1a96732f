import { ApiErrorSchema, EmailVerificationConfirmSchema, OtpSentSchema, UserSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import { confirmVerificationCode, sendVerificationCode } from './service.ts'

const errors = { 401: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema }

/** The signed-in user verifies their own address with a code (business owners, before mailing others). */
export default async function emailVerificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const byUser = { key: (r: { user?: { id: string } }) => r.user?.id }
  const base = { tags: ['auth'], security: [{ bearer: [] }] }

  app.post(
    '/auth/email/verification/send',
    {
      schema: {
        ...base,
        summary: 'Mail a six-digit code to your own address; 429 until 120 s after the last one',
        operationId: 'sendEmailVerificationCode',
        description: "Mails a six-digit code to the signed-in account's own address; 429 until 120 seconds after the previous one.",
        response: { 200: OtpSentSchema, ...errors },
      },
      preHandler: [app.authenticate, app.limit('verification-send-user', { max: 8, windowMs: 60 * 60_000, ...byUser })],
    },
    (request) => sendVerificationCode(app, currentUser(request).id),
  )

  app.post(
    '/auth/email/verification/confirm',
    {
      schema: {
        ...base,
        summary: 'Verify your address with the code; releases the mail held until then',
        operationId: 'confirmEmailVerification',
        description: "Verifies the signed-in account's address with the code; mail held until then is released.",
        body: EmailVerificationConfirmSchema,
        response: { 200: UserSchema, ...errors },
      },
      preHandler: [app.authenticate, app.limit('verification-confirm-user', { max: 20, windowMs: 10 * 60_000, ...byUser })],
    },
    (request) => confirmVerificationCode(app, currentUser(request).id, request.body.otp),
  )
}
