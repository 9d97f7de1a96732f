import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { clientSubscriptions, coachingLinks, trainers } from '../../db/schema.ts'
import { forbidden } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { COUNTED_STATES } from '../client-billing/trainer.ts'

export type TrainerRow = typeof trainers.$inferSelect

/** The caller's trainer row (routes let only trainers in; an account without one is refused). */
export async function myTrainer(db: Tx, user: AuthUser): Promise<TrainerRow> {
  const [row] = await db.select().from(trainers).where(eq(trainers.userId, user.id)).limit(1)
  if (!row) throw forbidden('Your account has no trainer profile')
  return row
}

/**
 * Which of `clientUserIds` are the trainer's clients now: an active or past-due subscription with
 * them, or an active coaching link (a client who pays outside the platform). Everyone else is not.
 */
export async function clientsOfTrainer(db: Tx, trainerId: string, clientUserIds: string[]): Promise<Set<string>> {
  if (!clientUserIds.length) return new Set()
  const [subscribed, linked] = await Promise.all([
    db
      .select({ id: clientSubscriptions.clientUserId })
      .from(clientSubscriptions)
      .where(
        and(
          eq(clientSubscriptions.trainerId, trainerId),
          inArray(clientSubscriptions.clientUserId, clientUserIds),
          inArray(clientSubscriptions.state, [...COUNTED_STATES]),
        ),
      ),
    db
      .select({ id: coachingLinks.clientUserId })
      .from(coachingLinks)
      .where(
        and(eq(coachingLinks.trainerId, trainerId), inArray(coachingLinks.clientUserId, clientUserIds), isNull(coachingLinks.endedAt)),
      ),
  ])
  return new Set([...subscribed, ...linked].map((r) => r.id))
}

export async function isClientOf(db: Tx, trainerId: string, clientUserId: string) {
  return (await clientsOfTrainer(db, trainerId, [clientUserId])).has(clientUserId)
}

/** Whole days from `from` to `to` (Santiago calendar days, YYYY-MM-DD). */
export const dayDiff = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
