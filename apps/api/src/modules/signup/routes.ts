import {
  ApiErrorSchema,
  MemberRegisteredSchema,
  MemberRegistrationSchema,
  OtpRequestSchema,
  OtpSentSchema,
  OtpVerifiedSchema,
  OtpVerifySchema,
  UserLookupQuerySchema,
  UserLookupSchema,
} from '@app/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { HttpError } from '../../errors.ts'
import { findUserByEmail } from '../users/service.ts'
import { generateCode, registerMember, resendCode, verifyCode } from './service.ts'

const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined
}

export default async function signupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const errors = { 422: ApiErrorSchema, 429: ApiErrorSchema }
  const sendLimits = [
    app.limit('otp-send-ip', { max: 20, windowMs: 10 * 60_000 }),
    app.limit('otp-send-email', { max: 8, windowMs: 60 * 60_000, key: emailKey }),
  ]

  app.post(
    '/auth/email/otp/generate',
    { schema: { tags: ['signup'], summary: 'Mail a six-digit code to verify an e-mail (no auth)', body: OtpRequestSchema, response: { 200: OtpSentSchema, ...errors } }, preHandler: sendLimits },
    (request) => generateCode(app, request.body.email),
  )

  app.post(
    '/auth/email/otp/resend',
    { schema: { tags: ['signup'], summary: 'Mail a new code; 429 until 120 s after the last one (no auth)', body: OtpRequestSchema, response: { 200: OtpSentSchema, ...errors } }, preHandler: sendLimits },
    (request) => resendCode(app, request.body.email),
  )

  app.post(
    '/auth/email/otp/verify',
    {
      schema: { tags: ['signup'], summary: 'Check a code; five wrong tries void it (no auth)', body: OtpVerifySchema, response: { 200: OtpVerifiedSchema, ...errors } },
      preHandler: app.limit('otp-verify-ip', { max: 30, windowMs: 10 * 60_000 }),
    },
    (request) => verifyCode(app, request.body.email, request.body.otp),
  )

  app.post(
    '/auth/email/register',
    {
      schema: {
        tags: ['signup'],
        summary: 'Register a member whose e-mail was verified by a code in the last 30 minutes (no auth)',
        body: MemberRegistrationSchema,
        response: { 200: MemberRegisteredSchema, ...errors },
      },
      preHandler: app.limit('register-ip', { max: 10, windowMs: 10 * 60_000 }),
    },
    (request) => registerMember(app, request.body),
  )

  app.get(
    '/users/by-email',
    {
      schema: { tags: ['signup'], summary: 'Whether an e-mail is registered (no auth, rate-limited)', querystring: UserLookupQuerySchema, response: { 200: UserLookupSchema, 404: ApiErrorSchema, 429: ApiErrorSchema } },
      preHandler: app.limit('user-lookup-ip', { max: 30, windowMs: 60_000 }),
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.query.email)
      if (!user) throw new HttpError(404, 'No account is registered with this e-mail', { email: 'notFound' })
      return { id: user.id, isActive: user.isActive }
    },
  )
}
