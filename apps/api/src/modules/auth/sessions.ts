import { randomUUID } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { TokenPair } from '@app/contracts'
import type { Tx } from '../../db/client.ts'
import { sessions, users } from '../../db/schema.ts'
import { unauthorized } from '../../errors.ts'
import { sessionsRevoked } from '../../plugins/session-cache.ts'
import { recordAudit, type AuditActor } from '../audit/service.ts'
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
  const { row, pair } = await newSession(tokens, user, ttlSeconds, ip)
  await db.insert(sessions).values(row)
  return pair
}

/** A new session's row and tokens, for a caller that writes the row as part of a larger statement. */
export async function newSession(tokens: TokenService, user: SessionUser, ttlSeconds: number, ip?: string) {
  // The id is chosen here so that the row is written once, with its first refresh generation.
  const sessionId = randomUUID()
  const refresh = await tokens.signRefresh({ sub: user.id, sid: sessionId })
  const row = {
    id: sessionId,
    userId: user.id,
    refreshJti: refresh.jti,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    ip,
  } satisfies typeof sessions.$inferInsert
  const token = await tokens.signAccess({ sub: user.id, sid: sessionId, role: user.role })
  return { row, pair: { token, refreshToken: refresh.token } satisfies TokenPair }
}

const buildRotation = (db: Tx) =>
  db
    .update(sessions)
    .set({ refreshJti: sql.placeholder('next') as unknown as string, lastUsedAt: sql.placeholder('now') as unknown as Date })
    .from(users)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        eq(sessions.refreshJti, sql.placeholder('jti')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.id, sessions.userId),
        eq(users.isActive, true),
      ),
    )
    .returning({ role: users.role })
    .prepare('rotate_session')

// Built once per database (the hottest write: every refresh); PostgreSQL prepares it once per connection.
const rotations = new WeakMap<Tx, ReturnType<typeof buildRotation>>()
function rotationOf(db: Tx) {
  let statement = rotations.get(db)
  if (!statement) rotations.set(db, (statement = buildRotation(db)))
  return statement
}

/**
 * Rotates the refresh token. A refresh token that is no longer the session's current one has been
 * used before: someone holds a copy, so the whole session is revoked.
 */
export async function rotateSession(db: Tx, tokens: TokenService, refreshToken: string): Promise<TokenPair> {
  const claims = await tokens.verifyRefresh(refreshToken)
  if (!claims) throw unauthorized('Invalid refresh token')
  const next = await tokens.signRefresh({ sub: claims.sub, sid: claims.sid })
  // One statement on the usual path: rotate only the current generation of a live session of an active user.
  const [rotated] = await rotationOf(db).execute({ sid: claims.sid, sub: claims.sub, jti: claims.jti, next: next.jti, now: new Date() })
  if (!rotated) {
    const [session] = await db.select().from(sessions).where(eq(sessions.id, claims.sid)).limit(1)
    const live = session && session.userId === claims.sub && !session.revokedAt && session.expiresAt > new Date()
    if (live && session.refreshJti !== claims.jti) {
      await revokeSession(db, session.id, 'refresh token reuse')
      throw unauthorized('Refresh token reuse detected; session revoked')
    }
    throw unauthorized('Session expired')
  }
  const token = await tokens.signAccess({ sub: claims.sub, sid: claims.sid, role: rotated.role })
  return { token, refreshToken: next.token }
}

export async function revokeSession(db: Tx, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  await sessionsRevoked(db, { sessionId })
}

/**
 * Ends every session of an account at once, in every process (session cache invalidation). With
 * `audit`, writes one `session.revoke_all` row (who asked, from where, why, how many sessions):
 * pass the caller's transaction so the revocation and its record commit together.
 */
export async function revokeUserSessions(db: Tx, userId: string, reason: string, audit?: { actor: AuditActor; ip: string | null }) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  await sessionsRevoked(db, { userId })
  if (audit) {
    await recordAudit(db, {
      action: 'session.revoke_all',
      actor: audit.actor,
      ip: audit.ip,
      subjectType: 'user',
      subjectId: userId,
      reason,
      after: { sessions: revoked.length },
    })
  }
}
