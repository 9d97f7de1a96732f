import { and, eq, gte, inArray, isNotNull, lte, or } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { bookings, clientPayments, programAssignments, workoutSessions } from '../../db/schema.ts'

export { withdrawableUntil, withinWithdrawal } from './window.ts'

/**
 * Whether the trainer already gave the client a service since the subscription began (decision
 * 224): a booked session attended, or confirmed and already started, or a workout of one of the
 * trainer's programs logged as done. After that the law's exclusion applies ("servicio ya
 * prestado"): the client may still cancel at the period's end, not withdraw.
 */
export async function clientServiceGiven(
  tx: Tx,
  sub: { clientUserId: string; trainerId: string; createdAt: Date },
  now: Date,
): Promise<boolean> {
  const [session] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientUserId, sub.clientUserId),
        eq(bookings.trainerId, sub.trainerId),
        gte(bookings.startsAt, sub.createdAt),
        or(eq(bookings.state, 'attended'), and(eq(bookings.state, 'confirmed'), lte(bookings.startsAt, now))),
      ),
    )
    .limit(1)
  if (session) return true
  const [workout] = await tx
    .select({ id: workoutSessions.id })
    .from(workoutSessions)
    .innerJoin(programAssignments, eq(programAssignments.id, workoutSessions.assignmentId))
    .where(
      and(
        eq(workoutSessions.clientUserId, sub.clientUserId),
        eq(programAssignments.trainerId, sub.trainerId),
        isNotNull(workoutSessions.completedAt),
        gte(workoutSessions.completedAt, sub.createdAt),
      ),
    )
    .limit(1)
  return Boolean(workout)
}

/**
 * Whether the platform already served the trainer's plan (decision 224): a client paid the
 * trainer through it since the plan began. Until then the plan was only set up, not used.
 */
export async function planServiceGiven(tx: Tx, trainerIds: string[], since: Date): Promise<boolean> {
  if (trainerIds.length === 0) return false
  const [payment] = await tx
    .select({ id: clientPayments.id })
    .from(clientPayments)
    .where(and(inArray(clientPayments.trainerId, trainerIds), gte(clientPayments.paidAt, since)))
    .limit(1)
  return Boolean(payment)
}
