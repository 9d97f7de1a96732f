import { and, count, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { clientSubscriptions, trainers } from '../../db/schema.ts'
import { COUNTED_STATES } from '../client-billing/trainer.ts'

/**
 * Active clients per trainer (user id), for the console's "clients vs plan limit" column: one
 * grouped count of the client subscriptions in the states that hold a place against the plan's
 * limit (client billing's rule: active and past due). Pending invitations also hold a place in
 * client billing, but they are not clients yet, so they are not counted here.
 */
export async function countActiveClients(db: Tx, trainerIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(trainerIds.map((id) => [id, 0]))
  if (!trainerIds.length) return counts
  const rows = await db
    .select({ userId: trainers.userId, n: count() })
    .from(clientSubscriptions)
    .innerJoin(trainers, eq(trainers.id, clientSubscriptions.trainerId))
    .where(and(inArray(trainers.userId, [...trainerIds]), inArray(clientSubscriptions.state, [...COUNTED_STATES])))
    .groupBy(trainers.userId)
  for (const r of rows) if (r.userId) counts.set(r.userId, Number(r.n))
  return counts
}
