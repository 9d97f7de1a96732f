import type { Role } from '@app/contracts'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { and, eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { forbidden, unauthorized } from '../errors.ts'
import { verifySignupToken } from '../modules/auth/signup-tokens.ts'
import { createTokenService, type TokenService } from '../modules/auth/tokens.ts'
import { withTraits } from './contract.ts'

export interface AuthUser {
  id: string
  email: string
  role: Role
  sessionId: string
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService
    /** preHandler: a valid access token of a live session of an active user. */
    authenticate: (request: FastifyRequest) => Promise<void>
    /** preHandler: authenticate, then require one of the roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    user?: AuthUser
  }
  interface FastifyInstance {
    /** Every route registered after the auth plugin, and whether it authenticates (tests enumerate it). */
    routeAuth: RouteAuth[]
  }
  interface FastifyInstance {
    /** preHandler of the sign-up flow's calls before the trainer signs in: a signup token or an access token. */
    authenticateFlow: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** The user the sign-up flow acts for: from a signup token or a signed-in session. */
    flowUser?: { id: string; email: string; via: 'signup' | 'session' }
  }
}

export interface RouteAuth {
  method: string
  url: string
  /** An authentication check runs in onRequest, before the body is parsed or validated. */
  authenticated: boolean
  /** The OpenAPI schema says the route takes a bearer token. */
  declaresBearer: boolean
}

const AUTH_CHECK = Symbol('authentication check')

/**
 * Marks a preHandler as an authentication check: the auth plugin moves it to onRequest, so that
 * a request without valid credentials answers 401 before its body or parameters are looked at.
 */
export function markAuth<T extends (request: FastifyRequest) => Promise<void>>(check: T): T {
  Object.defineProperty(check, AUTH_CHECK, { value: true })
  return withTraits(check, { authenticates: true })
}

const isAuthCheck = (fn: unknown) => typeof fn === 'function' && (fn as unknown as Record<symbol, unknown>)[AUTH_CHECK] === true
const hooksOf = (hook: unknown): unknown[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook])

/**
 * Route files name their checks in `preHandler` (`preHandler: [app.limit(…), owner]`); Fastify runs
 * preHandlers after parsing and validation, so a bad body would answer 422 before 401. Marked checks
 * move to the route's onRequest, in their order; the other preHandlers (limits keyed by the body
 * or by request.user) stay where they were and still see request.user.
 */
function hoistAuthChecks(route: RouteOptions): boolean {
  const pre = hooksOf(route.preHandler)
  const checks = pre.filter(isAuthCheck)
  if (checks.length) {
    route.onRequest = [...hooksOf(route.onRequest), ...checks] as RouteOptions['onRequest']
    const rest = pre.filter((fn) => !isAuthCheck(fn))
    route.preHandler = (rest.length ? rest : undefined) as RouteOptions['preHandler']
  }
  return hooksOf(route.onRequest).some(isAuthCheck)
}

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header?.startsWith('Bearer ')) return undefined
  return header.slice(7).trim() || undefined
}

/** The signed-in user; routes behind `authenticate` may call it without a check. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized()
  return request.user
}

/** The flow's user (behind `authenticateFlow`), who must be the one the request names. */
export function flowUserFor(request: FastifyRequest, userId: string) {
  const user = request.flowUser
  if (!user) throw unauthorized()
  if (user.id !== userId) throw forbidden('You can only act on your own account')
  return user
}

export default fp(
  async function auth(app: FastifyInstance) {
    app.decorate('tokens', createTokenService(app.config))
    app.decorate('routeAuth', [] as RouteAuth[])
    app.addHook('onRoute', (route) => {
      const authenticated = hoistAuthChecks(route)
      const security = (route.schema as { security?: unknown[] } | undefined)?.security
      for (const method of hooksOf(route.method) as string[]) {
        app.routeAuth.push({
          method,
          url: route.url,
          authenticated,
          declaresBearer: Array.isArray(security) && security.some((s) => 'bearer' in (s as object)),
        })
      }
    })

    const authenticate = markAuth(async (request: FastifyRequest) => {
      const token = bearerOf(request)
      if (!token) throw unauthorized('Missing bearer token')
      const claims = await app.tokens.verifyAccess(token)
      if (!claims) throw unauthorized('Invalid or expired token')
      // Checked on every call so that logout and password resets take effect at once (plugins/session-cache.ts).
      const row = await app.sessionCache.lookup(claims)
      if (!row) throw unauthorized('Session expired')
      request.profile = row
      request.user = { id: row.id, email: row.email, role: row.role, sessionId: claims.sid }
    })

    app.decorate('authenticate', authenticate)
    app.decorate('requireRole', (...roles: Role[]) =>
      withTraits(
        markAuth(async (request: FastifyRequest) => {
          await authenticate(request)
          if (!roles.includes(request.user!.role)) throw forbidden('Your account cannot do this')
        }),
        { checksRole: true },
      ),
    )

    // The bearer is a signup token (docs/decisions/030) or a normal access token.
    app.decorate(
      'authenticateFlow',
      withTraits(
        markAuth(async (request: FastifyRequest) => {
          const token = bearerOf(request)
          if (!token) throw unauthorized('Missing bearer token')
          const signup = await verifySignupToken(app, token)
          if (signup) {
            const [row] = await app.db
              .select({ id: users.id, email: users.email })
              .from(users)
              .where(and(eq(users.id, signup.userId), eq(users.isActive, true)))
              .limit(1)
            if (!row) throw unauthorized('Session expired')
            request.flowUser = { ...row, via: 'signup' }
            return
          }
          // A revoked or expired signup token fails here too: authenticate refuses it with 401.
          await authenticate(request)
          request.flowUser = { id: request.user!.id, email: request.user!.email, via: 'session' }
        }),
        { acceptsSignupToken: true },
      ),
    )
  },
  { name: 'auth', dependencies: ['db', 'session-cache'] },
)
