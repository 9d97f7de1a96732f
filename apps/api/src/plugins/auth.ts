import type { Role } from '@app/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, unauthorized } from '../errors.ts'
import { createTokenService, type TokenService } from '../modules/auth/tokens.ts'

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

export default fp(
  async function auth(app: FastifyInstance) {
    app.decorate('tokens', createTokenService(app.config))

    const authenticate = async (request: FastifyRequest) => {
      const token = bearerOf(request)
      if (!token) throw unauthorized('Missing bearer token')
      const claims = await app.tokens.verifyAccess(token)
      if (!claims) throw unauthorized('Invalid or expired token')
      // Checked on every call so that logout and password resets take effect at once (plugins/session-cache.ts).
      const row = await app.sessionCache.lookup(claims)
      if (!row) throw unauthorized('Session expired')
      request.profile = row
      request.user = { id: row.id, email: row.email, role: row.role, sessionId: claims.sid }
    }

    app.decorate('authenticate', authenticate)
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      await authenticate(request)
      if (!roles.includes(request.user!.role)) throw forbidden('Your account cannot do this')
    })
  },
  { name: 'auth', dependencies: ['db', 'session-cache'] },
)
