import { and, eq, isNull } from 'drizzle-orm'
import type { TokenPair } from '@app/contracts'
import type { Tx } from '../../db/client.ts'
import { sessions } from '../../db/schema.ts'
import { unauthorized } from '../../errors.ts'
import type { TokenService } from './tokens.ts'

interface SessionUser {
  id: string
  role: string
}

/**
 * Starts a session (one per signed-in device) and answers its first token pair. `ip` is the
 * client address of the sign-in: a later login from it is not throttled per e-mail.
 */
export async function startSession(db: Tx, tokens: TokenService, user: SessionUser, ttlSeconds: number, ip?: string): Promise<TokenPair> {
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, refreshJti: 'pending', expiresAt: new Date(Date.now() + ttlSeconds * 1000), ip })
    .returning({ id: sessions.id })
  const refresh = await tokens.signRefresh({ sub: user.id, sid: session.id })
  await db.update(sessions).set({ refreshJti: refresh.jti }).where(eq(sessions.id, session.id))
  const token = await tokens.signAccess({ sub: user.id, sid: session.id, role: user.role })
  return { token, refreshToken: refresh.token }
}

/**
 * Rotates the refresh token. A refresh token that is no longer the session's current one has been
 * used before: someone holds a copy, so the whole session is revoked.
 */
export async function rotateSession(
  db: Tx,
  tokens: TokenService,
  refreshToken: string,
  roleOf: (userId: string) => Promise<{ role: string; isActive: boolean } | undefined>,
): Promise<TokenPair> {
  const claims = await tokens.verifyRefresh(refreshToken)
  if (!claims) throw unauthorized('Invalid refresh token')
  const [session] = await db.select().from(sessions).where(eq(sessions.id, claims.sid)).limit(1)
  if (!session || session.userId !== claims.sub || session.revokedAt || session.expiresAt < new Date()) {
    throw unauthorized('Session expired')
  }
  const user = await roleOf(session.userId)
  if (!user?.isActive) throw unauthorized('Session expired')

  const next = await tokens.signRefresh({ sub: session.userId, sid: session.id })
  const rotated = await db
    .update(sessions)
    .set({ refreshJti: next.jti, lastUsedAt: new Date() })
    .where(and(eq(sessions.id, session.id), eq(sessions.refreshJti, claims.jti), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  if (rotated.length === 0) {
    await revokeSession(db, session.id, 'refresh token reuse')
    throw unauthorized('Refresh token reuse detected; session revoked')
  }
  const token = await tokens.signAccess({ sub: session.userId, sid: session.id, role: user.role })
  return { token, refreshToken: next.token }
}

export async function revokeSession(db: Tx, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

export async function revokeUserSessions(db: Tx, userId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}
