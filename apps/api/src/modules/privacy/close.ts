import { CLOSED_ACCOUNT_RETENTION_DAYS, type AccountClosed } from '@app/contracts'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientSubscriptions, gyms, privacyRequests, trainers, users } from '../../db/schema.ts'
import { trainerProfiles } from '../../db/schema/booking.ts'
import { notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit, type AuditActor } from '../audit/service.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { cancelPlatformSubscription } from '../billing/cancel.ts'
import { cancelMySubscription } from '../client-billing/client.ts'
import { cancelClientByTrainer } from '../client-billing/trainer.ts'
import { findUserById, verifyPassword } from '../users/service.ts'
import { consumeAccountCode } from './codes.ts'
import { queuePrivacyMail } from './mails.ts'

const DAY_MS = 86_400_000
export const purgeAfterOf = (closedAt: Date) => new Date(closedAt.getTime() + CLOSED_ACCOUNT_RETENTION_DAYS * DAY_MS)

export interface CloseRequest {
  actor: AuditActor
  ip: string | null
  by: 'self' | 'operator'
  reason?: string
  /** An operator acting on a recorded privacy request: that request is marked handled instead of a new one opened. */
  requestId?: string
  /** Self-service: the password or a fresh code, checked before anything changes. */
  proof?: { password?: string; otp?: string }
}

/**
 * Closes an account (decision 175): subscriptions cancelled at the provider through the billing
 * services, every session revoked, login refused until the person reopens it (within 90 days),
 * a deletion request opened with the purge date as deadline, audited, mailed. Idempotent.
 */
export async function closeAccount(app: FastifyInstance, userId: string, req: CloseRequest): Promise<AccountClosed> {
  const user = await findUserById(app.db, userId)
  if (!user || user.purgedAt) throw notFound('No such account', { id: 'notFound' })
  if (req.proof) {
    const { password, otp } = req.proof
    if (password !== undefined) {
      if (!(await verifyPassword(user.passwordHash, password))) throw unprocessable({ password: 'incorrectPassword' }, 'Incorrect password')
    } else if (otp !== undefined) await consumeAccountCode(app, user.email, otp)
    else throw unprocessable({ password: 'required' }, 'Confirm with the password or a code')
  }
  if (user.role === 'platform_admin' || user.role === 'admin')
    throw unprocessable({ role: 'invalid' }, 'Operator accounts are closed by another operator')
  if (user.closedAt)
    return {
      ok: true,
      closedAt: user.closedAt.toISOString(),
      purgeAfter: purgeAfterOf(user.closedAt).toISOString(),
      cancelledSubscriptions: 0,
    }

  // Provider calls first (outside any transaction): each one is applied and stored by the billing services.
  const as: AuthUser = { id: user.id, email: user.email, role: user.role, sessionId: '' }
  let cancelled = 0
  const ownAsClient = await app.db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(
      and(
        eq(clientSubscriptions.clientUserId, user.id),
        ne(clientSubscriptions.state, 'cancelled'),
        eq(clientSubscriptions.cancelAtPeriodEnd, false),
      ),
    )
  for (const sub of ownAsClient) {
    await cancelMySubscription(app, as, sub.id)
    cancelled++
  }
  const [trainer] = await app.db.select().from(trainers).where(eq(trainers.userId, user.id)).limit(1)
  const toldClients: Array<{ email: string; firstName: string }> = []
  if (trainer) {
    const clients = await app.db
      .select({ id: clientSubscriptions.id, email: users.email, firstName: users.firstName })
      .from(clientSubscriptions)
      .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
      .where(and(eq(clientSubscriptions.trainerId, trainer.id), ne(clientSubscriptions.state, 'cancelled')))
    for (const c of clients) {
      await cancelClientByTrainer(app, as, c.id, req.ip ?? '')
      toldClients.push(c)
      cancelled++
    }
  }
  if (await cancelPlatformSubscription(app, user.id)) cancelled++

  const closedAt = new Date()
  const purgeAfter = purgeAfterOf(closedAt)
  await app.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(users)
      .set({ closedAt, closedBy: req.by, isActive: false })
      .where(and(eq(users.id, user.id), isNull(users.closedAt)))
      .returning({ id: users.id })
    if (!closed) return
    await revokeUserSessions(tx, user.id, 'account closed')
    if (trainer) {
      await tx.update(trainerProfiles).set({ published: false, listed: false }).where(eq(trainerProfiles.trainerId, trainer.id))
      await tx.update(trainers).set({ isActive: false }).where(eq(trainers.id, trainer.id))
    }
    // Decision 176: a gym owner's gym closes with the account; its trainers stay, as independents.
    const [gym] = await tx.select().from(gyms).where(eq(gyms.ownerId, user.id)).limit(1)
    if (gym) {
      await tx.update(gyms).set({ isActive: false }).where(eq(gyms.id, gym.id))
      const detached = await tx
        .update(trainers)
        .set({ gymId: null })
        .where(eq(trainers.gymId, gym.id))
        .returning({ email: trainers.email, firstName: trainers.firstName })
      for (const t of detached) await queuePrivacyMail(app, tx, 'gymClosed', t.email, { firstName: t.firstName, gymName: gym.name })
    }
    if (req.requestId) {
      // The operator answers a recorded request: handled now, by them; the reason joins its note.
      await tx
        .update(privacyRequests)
        .set({
          status: 'done',
          handledBy: req.actor.id,
          handledAt: closedAt,
          note: sql`case when ${privacyRequests.note} is null then ${req.reason ?? null} else ${privacyRequests.note} || E'\n' || ${req.reason ?? ''} end`,
        })
        .where(and(eq(privacyRequests.id, req.requestId), eq(privacyRequests.status, 'open')))
    } else
      await tx.insert(privacyRequests).values({
        userId: user.id,
        kind: 'deletion',
        source: req.by,
        dueAt: purgeAfter,
        note: req.reason ?? null,
        ...(req.by === 'operator' ? { status: 'done' as const, handledBy: req.actor.id, handledAt: closedAt } : {}),
      })
    await recordAudit(tx, {
      action: 'account.close',
      actor: req.actor,
      ip: req.ip,
      subjectType: 'user',
      subjectId: user.id,
      reason: req.reason ?? null,
      after: {
        by: req.by,
        purgeAfter: purgeAfter.toISOString(),
        cancelledSubscriptions: cancelled,
        ...(req.requestId ? { requestId: req.requestId } : {}),
      },
    })
    const trainerName = `${user.firstName} ${user.lastName}`
    for (const c of toldClients) await queuePrivacyMail(app, tx, 'trainerClosed', c.email, { firstName: c.firstName, trainerName })
    if (req.by === 'self') await queuePrivacyMail(app, tx, 'closed', user.email, { firstName: user.firstName, closedAt, purgeAfter })
    else
      await queuePrivacyMail(app, tx, 'closedByOperator', user.email, {
        firstName: user.firstName,
        closedAt,
        purgeAfter,
        reason: req.reason ?? '',
      })
  })
  return { ok: true, closedAt: closedAt.toISOString(), purgeAfter: purgeAfter.toISOString(), cancelledSubscriptions: cancelled }
}
