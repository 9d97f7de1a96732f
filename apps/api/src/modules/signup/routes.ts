import {
  ApiErrorSchema,
  MemberRegisteredSchema,
  MemberRegistrationSchema,
  OtpRequestSchema,
  OtpSentSchema,
  OtpVerifiedSchema,
  OtpVerifySchema,
  SignupCompletedSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { emailAddressKey } from '../../plugins/rate-limit.ts'
import { flowUserFor } from '../../plugins/auth.ts'
import { completeSignup, generateCode, registerMember, resendCode, verifyCode } from './service.ts'

export default async function signupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const errors = { 422: ApiErrorSchema, 429: ApiErrorSchema }
  const sendLimits = [
    app.limit('otp-send-ip', { max: 20, windowMs: 10 * 60_000 }),
    // Per (e-mail, address) only: per e-mail, the inbox ceiling in the service drops extra mail instead of refusing.
    app.limit('otp-send-email-ip', { max: 8, windowMs: 60 * 60_000, key: emailAddressKey }),
  ]

  app.post(
    '/auth/email/otp/generate',
    {
      schema: {
        tags: ['signup'],
        summary: 'Mail a six-digit code to verify an e-mail (no auth)',
        operationId: 'sendSignupCode',
        description: 'First step of the trainer sign-up: mails a six-digit code, valid 10 minutes, to the e-mail.',
        body: OtpRequestSchema,
        response: { 200: OtpSentSchema, ...errors },
      },
      preHandler: sendLimits,
    },
    (request) => generateCode(app, request.body.email),
  )

  app.post(
    '/auth/email/otp/resend',
    {
      schema: {
        tags: ['signup'],
        summary: 'Mail a new code; 429 until 120 s after the last one (no auth)',
        operationId: 'resendSignupCode',
        description: 'Mails a new sign-up code; 429 until 120 seconds after the previous one.',
        body: OtpRequestSchema,
        response: { 200: OtpSentSchema, ...errors },
      },
      preHandler: sendLimits,
    },
    (request) => resendCode(app, request.body.email),
  )

  app.post(
    '/auth/email/otp/verify',
    {
      schema: {
        tags: ['signup'],
        summary: 'Check a code; five wrong tries void it (no auth)',
        operationId: 'verifySignupCode',
        description: 'Checks the sign-up code and answers a verification token for registerMember; five wrong tries void the code.',
        body: OtpVerifySchema,
        response: { 200: OtpVerifiedSchema, ...errors },
      },
      preHandler: app.limit('otp-verify-ip', { max: 30, windowMs: 10 * 60_000 }),
    },
    (request) => verifyCode(app, request.body.email, request.body.otp),
  )

  app.post(
    '/auth/email/register',
    {
      schema: {
        tags: ['signup'],
        summary: 'Register a member with the verification token of otp/verify (no auth)',
        operationId: 'registerMember',
        description:
          'Creates the account with the verification token of verifySignupCode and answers its id and a sign-up token for the checkout and payout calls.',
        body: MemberRegistrationSchema,
        response: { 200: MemberRegisteredSchema, ...errors, 503: ApiErrorSchema },
      },
      preHandler: app.limit('register-ip', { max: 10, windowMs: 10 * 60_000 }),
    },
    (request) => registerMember(app, request.body, request.ip),
  )

  app.post(
    '/auth/signup/complete',
    {
      schema: {
        tags: ['signup'],
        summary: 'End the sign-up flow: its signup token is exchanged for a session (signup token or session)',
        operationId: 'completeSignup',
        description:
          'Ends the sign-up flow: its sign-up token stops working. Called with that token, it answers a session, so the trainer reaches the dashboard signed in; called with a session, session is null. Call it when the trainer reaches the end of onboarding.',
        security: [{ bearer: [] }, { signupToken: [] }],
        response: { 200: SignupCompletedSchema, 401: ApiErrorSchema },
      },
      preHandler: app.authenticateFlow,
    },
    (request) => completeSignup(app, flowUserFor(request, request.flowUser?.id ?? ''), request.ip),
  )
}
