import {
  PROGRESS_LIMITS,
  type Adherence,
  type ClientProgress,
  type ClientProgressList,
  type GymAdherence,
  type ProgressRangeQuery,
} from '@app/contracts'
import { and, asc, eq, inArray, max } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { gyms, programAssignments, setLogs, trainers, workoutSessions } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { addDays, santiagoDayOf, santiagoToday } from '../bookings/zoned.ts'
import { isClientOf, type TrainerRow } from '../routines/access.ts'
import { clientNames } from '../routines/assignments.ts'
import { assignableClients } from '../routines/clients.ts'
import { recordList } from '../routines/workouts.ts'
import { weeklyAdherence } from './adherence.ts'
import { consentGiven } from './consent.ts'
import { listMeasurements } from './measurements.ts'
import { listPhotos } from './photos.ts'
import { rangeOf } from './range.ts'

export async function myAdherence(db: Tx, clientUserId: string, weeks: number): Promise<Adherence> {
  const [result] = await weeklyAdherence(db, [{ clientUserId }], weeks)
  return { weeks: result }
}

/** The last set logged or session done of each client on the trainer's assignments. */
async function lastWorkouts(db: Tx, trainerId: string, clientUserIds: string[]) {
  const last = new Map<string, Date>()
  if (!clientUserIds.length) return last
  const mine = and(eq(programAssignments.trainerId, trainerId), inArray(workoutSessions.clientUserId, clientUserIds))
  const [done, logged] = await Promise.all([
    db
      .select({ clientUserId: workoutSessions.clientUserId, at: max(workoutSessions.completedAt) })
      .from(workoutSessions)
      .innerJoin(programAssignments, eq(programAssignments.id, workoutSessions.assignmentId))
      .where(mine)
      .groupBy(workoutSessions.clientUserId),
    db
      .select({ clientUserId: workoutSessions.clientUserId, at: max(setLogs.performedAt) })
      .from(setLogs)
      .innerJoin(workoutSessions, eq(workoutSessions.id, setLogs.sessionId))
      .innerJoin(programAssignments, eq(programAssignments.id, workoutSessions.assignmentId))
      .where(mine)
      .groupBy(workoutSessions.clientUserId),
  ])
  for (const row of [...done, ...logged]) {
    if (!row.at) continue
    const at = new Date(row.at)
    const before = last.get(row.clientUserId)
    if (!before || at > before) last.set(row.clientUserId, at)
  }
  return last
}

/**
 * The trainer's clients now (the assignment rule of routines/access.ts), each with the last
 * workout on the trainer's programs, this week's adherence on them and a flag for no workout in
 * the last PROGRESS_LIMITS.inactiveDays days (Santiago days, today included), by name.
 */
export async function trainerClientProgress(db: Tx, trainer: TrainerRow, now = new Date()): Promise<ClientProgressList> {
  const clients = (await assignableClients(db, trainer)).data
  const ids = clients.map((c) => c.userId)
  const [last, weeks, consenting] = await Promise.all([
    lastWorkouts(db, trainer.id, ids),
    weeklyAdherence(
      db,
      ids.map((clientUserId) => ({ clientUserId, trainerId: trainer.id })),
      1,
      now,
    ),
    consentGiven(db, ids),
  ])
  const firstActiveDay = addDays(santiagoToday(now), 1 - PROGRESS_LIMITS.inactiveDays)
  return {
    data: clients.map((c, i) => {
      const at = last.get(c.userId)
      return {
        clientUserId: c.userId,
        name: c.name,
        email: c.email,
        lastWorkoutAt: at?.toISOString() ?? null,
        inactive: !at || santiagoDayOf(at) < firstActiveDay,
        thisWeek: weeks[i][0],
        healthConsent: consenting.has(c.userId),
      }
    }),
  }
}

/**
 * One client's progress for their trainer now (404 for anyone else): measurements and photos
 * only while the client consents, records, and adherence on the trainer's programs.
 */
export async function clientProgressForTrainer(
  app: FastifyInstance,
  trainer: TrainerRow,
  clientUserId: string,
  query: ProgressRangeQuery & { weeks: number },
): Promise<ClientProgress> {
  if (!(await isClientOf(app.db, trainer.id, clientUserId))) throw notFound('Client not found', { clientUserId: 'notFound' })
  const range = rangeOf(query)
  const consenting = (await consentGiven(app.db, [clientUserId])).has(clientUserId)
  const [names, measurements, photos, records, [adherence]] = await Promise.all([
    clientNames(app.db, [clientUserId]),
    consenting ? listMeasurements(app.db, clientUserId, range) : null,
    consenting ? listPhotos(app, app.db, clientUserId, range) : null,
    recordList(app.db, clientUserId),
    weeklyAdherence(app.db, [{ clientUserId, trainerId: trainer.id }], query.weeks),
  ])
  return {
    clientUserId,
    name: names.get(clientUserId) ?? '',
    healthConsent: consenting,
    ...range,
    measurements: measurements?.data ?? [],
    photos: photos?.data ?? [],
    records: records.data,
    adherence,
  }
}

/**
 * A gym owner's view: for each trainer of their gym, each client of that trainer now, with
 * adherence on that trainer's programs. Never measurements or photos (decision 209).
 */
export async function gymClientAdherence(db: Tx, ownerUserId: string, weeks: number): Promise<GymAdherence> {
  const gymTrainers = await db
    .select({ trainer: trainers })
    .from(trainers)
    .innerJoin(gyms, eq(gyms.id, trainers.gymId))
    .where(eq(gyms.ownerId, ownerUserId))
    .orderBy(asc(trainers.firstName), asc(trainers.lastName), asc(trainers.id))
  const pairs: { trainer: TrainerRow; clientUserId: string; clientName: string }[] = []
  for (const { trainer } of gymTrainers) {
    for (const client of (await assignableClients(db, trainer)).data)
      pairs.push({ trainer, clientUserId: client.userId, clientName: client.name })
  }
  const adherence = await weeklyAdherence(
    db,
    pairs.map((p) => ({ clientUserId: p.clientUserId, trainerId: p.trainer.id })),
    weeks,
  )
  return {
    data: pairs.map((p, i) => ({
      trainerId: p.trainer.id,
      trainerName: `${p.trainer.firstName} ${p.trainer.lastName}`.trim(),
      clientUserId: p.clientUserId,
      clientName: p.clientName,
      weeks: adherence[i],
    })),
  }
}
