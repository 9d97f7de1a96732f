import { ApiErrorSchema, LoginResponseSchema, LoginSchema, OkSchema, TokenPairSchema, UserSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { bearerOf, currentUser } from '../../plugins/auth.ts'
import { unauthorized } from '../../errors.ts'
import { emailAddressKey } from '../../plugins/rate-limit.ts'
import { findUserById, toUser } from '../users/service.ts'
import { login } from './service.ts'
import { revokeSession, revokeUserSessions, rotateSession } from './sessions.ts'

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const loginLimits = [
    app.limit('login-ip', { max: 30, windowMs: 10 * 60_000 }),
    // Per e-mail across addresses: a delay and a ceiling that spares known addresses (login-limits.ts).
    app.limit('login-email-ip', { max: 10, windowMs: 10 * 60_000, key: emailAddressKey }),
  ]
  const loginSchema = (operationId: string, summary: string, description: string) => ({
    tags: ['auth'],
    operationId,
    summary,
    description,
    body: LoginSchema,
    response: { 200: LoginResponseSchema, 422: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema },
  })

  app.post(
    '/auth/email/login',
    {
      schema: loginSchema(
        'loginWithEmail',
        'Sign in (trainers, members)',
        'Signs in a trainer, member or client with e-mail and password and answers the session: access token, refresh token and user. Wrong credentials answer 422 with errors.email = notFound or errors.password = incorrectPassword; repeated failures are slowed down and limited.',
      ),
      preHandler: loginLimits,
    },
    (request) => login(app, request.body, 'email', request.ip),
  )

  app.post(
    '/auth/business/login',
    {
      schema: loginSchema(
        'loginToBusiness',
        'Sign in to the business area',
        'Signs in a gym owner (business account) with e-mail and password and answers the session: access token, refresh token and user. Errors as in loginWithEmail.',
      ),
      preHandler: loginLimits,
    },
    (request) => login(app, request.body, 'business', request.ip),
  )

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (sent as the bearer token)',
        security: [{ refreshToken: [] }],
        operationId: 'refreshTokens',
        description:
          'Exchanges the refresh token (sent as the bearer token) for a new access and refresh token pair; the old refresh token stops working. Reusing a rotated token ends the session.',
        response: { 200: TokenPairSchema, 401: ApiErrorSchema },
      },
      preHandler: app.limit('refresh', { max: 60, windowMs: 60_000 }),
    },
    async (request) => {
      const refreshToken = bearerOf(request)
      if (!refreshToken) throw unauthorized('Missing refresh token')
      return rotateSession(app.db, app.tokens, refreshToken)
    },
  )

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        operationId: 'getMe',
        description: 'The account of the access token: id, names, e-mail, role.',
        security: [{ bearer: [] }],
        response: { 200: UserSchema, 401: ApiErrorSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      if (request.profile) return request.profile
      const user = await findUserById(app.db, currentUser(request).id)
      if (!user) throw unauthorized('Session expired')
      return toUser(user)
    },
  )

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        operationId: 'logout',
        description: 'Ends the session of the access token; its refresh token stops working.',
        security: [{ bearer: [] }],
        response: { 200: OkSchema, 401: ApiErrorSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      await revokeSession(app.db, currentUser(request).sessionId, 'logout')
      return { ok: true as const }
    },
  )

  app.post(
    '/auth/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of this account (all devices); audited',
        operationId: 'logoutAllSessions',
        description: 'Ends every session of the signed-in account on every device; written to the audit log.',
        security: [{ bearer: [] }],
        response: { 200: OkSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: [app.authenticate, app.limit('logout-all', { max: 10, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    async (request) => {
      const user = currentUser(request)
      await app.db.transaction((tx) =>
        revokeUserSessions(tx, user.id, 'logout-all', { actor: { id: user.id, email: user.email, role: user.role }, ip: request.ip }),
      )
      return { ok: true as const }
    },
  )
}
