import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errors, jwtVerify, SignJWT } from 'jose'
import { users } from '../../db/schema.ts'
import { forbidden, unauthorized } from '../../errors.ts'
import { bearerOf, markAuth } from '../../plugins/auth.ts'

/** How long a freshly registered trainer may finish checkout and payout set-up before signing in. */
export const SIGNUP_TOKEN_TTL_SECONDS = 2 * 3600
const ISSUER = 'fitness-platform'
const AUDIENCE = 'trainer-signup'

declare module 'fastify' {
  interface FastifyRequest {
    /** The user the sign-up flow acts for: from a signup token or a signed-in session. */
    flowUser?: { id: string; email: string; via: 'signup' | 'session' }
  }
}

const keyOf = (app: FastifyInstance) => new TextEncoder().encode(`${app.config.JWT_ACCESS_SECRET}:signup`)

/** A signed, short-lived token naming the user who just registered (docs/decisions/030). */
export async function signSignupToken(app: FastifyInstance, userId: string) {
  const expiresAt = new Date(Date.now() + SIGNUP_TOKEN_TTL_SECONDS * 1000)
  const token = await new SignJWT({ typ: 'signup' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(app))
  return { token, expiresAt }
}

async function verifySignupToken(app: FastifyInstance, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(app), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] })
    return payload.typ === 'signup' && payload.sub ? payload.sub : null
  } catch (err) {
    if (err instanceof errors.JOSEError) return null
    throw err
  }
}

/**
 * preHandler of the calls the sign-up flow makes before the trainer signs in: the bearer is
 * either a signup token or a normal access token.
 */
export function authenticateFlow(app: FastifyInstance) {
  return markAuth(async (request: FastifyRequest) => {
    const token = bearerOf(request)
    if (!token) throw unauthorized('Missing bearer token')
    const userId = await verifySignupToken(app, token)
    if (userId) {
      const [row] = await app.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isActive, true)))
        .limit(1)
      if (!row) throw unauthorized('Session expired')
      request.flowUser = { ...row, via: 'signup' }
      return
    }
    await app.authenticate(request)
    request.flowUser = { id: request.user!.id, email: request.user!.email, via: 'session' }
  })
}

/** The flow's user, who must be the one the request names. */
export function flowUserFor(request: FastifyRequest, userId: string) {
  const user = request.flowUser
  if (!user) throw unauthorized()
  if (user.id !== userId) throw forbidden('You can only act on your own account')
  return user
}
