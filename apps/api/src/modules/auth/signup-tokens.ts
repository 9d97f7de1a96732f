import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Tx } from '../../db/client.ts'
import { JWT_ISSUER } from '../../brand.ts'
import { signupTokens } from '../../db/schema.ts'

/** How long a freshly registered trainer may finish checkout and payout set-up before signing in. */
export const SIGNUP_TOKEN_TTL_SECONDS = 2 * 3600
const AUDIENCE = 'trainer-signup'

const keyOf = (app: FastifyInstance) => new TextEncoder().encode(`${app.config.JWT_ACCESS_SECRET}:signup`)

/**
 * A signed, short-lived token naming the user who just registered (docs/decisions/030). Its id
 * (jti) is a signup_tokens row, so it can be revoked before it expires.
 */
export async function signSignupToken(app: FastifyInstance, userId: string, db: Tx = app.db) {
  const expiresAt = new Date(Date.now() + SIGNUP_TOKEN_TTL_SECONDS * 1000)
  const [row] = await db.insert(signupTokens).values({ userId, expiresAt }).returning({ id: signupTokens.id })
  const token = await new SignJWT({ typ: 'signup' })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(row.id)
    .setSubject(userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(app))
  return { token, expiresAt }
}

/** Revokes every live signup token of a user: a login, a password reset or the end of the flow. */
export async function revokeSignupTokens(db: Tx, userId: string, reason: string) {
  await revokeSignupTokensQuery(db, userId, reason)
}

/** The update behind `revokeSignupTokens`, for a caller that sends it as part of a larger statement. */
export const revokeSignupTokensQuery = (db: Tx, userId: string, reason: string) =>
  db
    .update(signupTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(signupTokens.userId, userId), isNull(signupTokens.revokedAt)))

/** The token's { user id, token id } when it is a signup token that is neither expired nor revoked. */
export async function verifySignupToken(app: FastifyInstance, token: string): Promise<{ userId: string; tokenId: string } | null> {
  let claims: { sub: string; jti: string }
  try {
    const { payload } = await jwtVerify(token, keyOf(app), { issuer: JWT_ISSUER, audience: AUDIENCE, algorithms: ['HS256'] })
    if (payload.typ !== 'signup' || !payload.sub || !payload.jti) return null
    claims = { sub: payload.sub, jti: payload.jti }
  } catch (err) {
    if (err instanceof errors.JOSEError) return null
    throw err
  }
  // A jti that is not a uuid cannot name a row (and must not reach a uuid comparison).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.jti)) return null
  const [row] = await app.db
    .select({ id: signupTokens.id })
    .from(signupTokens)
    .where(
      and(
        eq(signupTokens.id, claims.jti),
        eq(signupTokens.userId, claims.sub),
        isNull(signupTokens.revokedAt),
        gt(signupTokens.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return row ? { userId: claims.sub, tokenId: row.id } : null
}
