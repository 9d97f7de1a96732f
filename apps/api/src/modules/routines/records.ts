import { E1RM_MAX_REPS, type ExerciseRecords } from '@app/contracts'
import { and, asc, desc, eq, gt, gte, inArray, type SQL } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { setLogs } from '../../db/schema.ts'
import { santiagoDayOf } from '../bookings/zoned.ts'

/** Epley: load × (1 + reps / 30); one rep is the one-rep max itself. Rounded to 0.1 kg. */
export function epley(loadKg: number, reps: number): number {
  const estimate = reps === 1 ? loadKg : loadKg * (1 + reps / 30)
  return Math.round(estimate * 10) / 10
}

/**
 * Personal records from the client's logged sets (done, with reps and a load): the heaviest load
 * for each rep count (first day it was lifted) and the best estimated one-rep max (Epley, sets of
 * 1–12 reps). The one function every answer that shows records uses (decision 132).
 */
export async function personalRecords(db: Tx, clientUserId: string, exerciseIds?: string[]): Promise<ExerciseRecords[]> {
  if (exerciseIds && !exerciseIds.length) return []
  const where: SQL[] = [eq(setLogs.clientUserId, clientUserId), eq(setLogs.done, true), gte(setLogs.reps, 1), gt(setLogs.loadKg, '0')]
  if (exerciseIds) where.push(inArray(setLogs.exerciseId, exerciseIds))
  // For each rep count the heaviest set, earliest first among equals.
  const rows = await db
    .selectDistinctOn([setLogs.exerciseId, setLogs.reps], {
      exerciseId: setLogs.exerciseId,
      reps: setLogs.reps,
      loadKg: setLogs.loadKg,
      performedAt: setLogs.performedAt,
    })
    .from(setLogs)
    .where(and(...where))
    .orderBy(asc(setLogs.exerciseId), asc(setLogs.reps), desc(setLogs.loadKg), asc(setLogs.performedAt))
  const byExercise = new Map<string, ExerciseRecords & { best?: { value: number; at: Date } }>()
  for (const row of rows) {
    const reps = row.reps!
    const loadKg = Number(row.loadKg)
    let entry = byExercise.get(row.exerciseId)
    if (!entry) {
      entry = { exerciseId: row.exerciseId, byReps: [], estimated1RmKg: null, estimated1RmOn: null }
      byExercise.set(row.exerciseId, entry)
    }
    entry.byReps.push({ reps, loadKg, on: santiagoDayOf(row.performedAt) })
    // The heaviest set of each rep count carries that count's best estimate.
    if (reps <= E1RM_MAX_REPS) {
      const value = epley(loadKg, reps)
      if (!entry.best || value > entry.best.value || (value === entry.best.value && row.performedAt < entry.best.at))
        entry.best = { value, at: row.performedAt }
    }
  }
  return [...byExercise.values()].map(({ best, ...records }) => ({
    ...records,
    estimated1RmKg: best?.value ?? null,
    estimated1RmOn: best ? santiagoDayOf(best.at) : null,
  }))
}

/** The records of one exercise (empty when nothing counts yet). */
export async function exerciseRecords(db: Tx, clientUserId: string, exerciseId: string): Promise<ExerciseRecords> {
  const [records] = await personalRecords(db, clientUserId, [exerciseId])
  return records ?? { exerciseId, byReps: [], estimated1RmKg: null, estimated1RmOn: null }
}
