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
  return recordsOf(rows.map((r) => ({ ...r, reps: r.reps!, loadKg: Number(r.loadKg) })))
}

/** One stored set that may count: the heaviest of its exercise and rep count, earliest first among equals. */
export interface RecordRow {
  exerciseId: string
  reps: number
  loadKg: number
  performedAt: Date
}

/** Records from the heaviest set of each exercise and rep count (rows ordered by exercise, then reps). */
export function recordsOf(rows: RecordRow[]): ExerciseRecords[] {
  const byExercise = new Map<string, ExerciseRecords & { best?: { value: number; at: Date } }>()
  for (const { exerciseId, reps, loadKg, performedAt } of rows) {
    let entry = byExercise.get(exerciseId)
    if (!entry) {
      entry = { exerciseId, byReps: [], estimated1RmKg: null, estimated1RmOn: null }
      byExercise.set(exerciseId, entry)
    }
    entry.byReps.push({ reps, loadKg, on: santiagoDayOf(performedAt) })
    // The heaviest set of each rep count carries that count's best estimate.
    if (reps <= E1RM_MAX_REPS) {
      const value = epley(loadKg, reps)
      if (!entry.best || value > entry.best.value || (value === entry.best.value && performedAt < entry.best.at))
        entry.best = { value, at: performedAt }
    }
  }
  return [...byExercise.values()].map(({ best, ...records }) => ({
    ...records,
    estimated1RmKg: best?.value ?? null,
    estimated1RmOn: best ? santiagoDayOf(best.at) : null,
  }))
}

/**
 * The heaviest set per rep count of one exercise with `set` taken into account, as if it had been
 * stored with them (the rows were read in the statement that stored it, which cannot see it).
 */
export function withSet(rows: RecordRow[], set: RecordRow | null): RecordRow[] {
  if (!set || set.reps < 1 || !(set.loadKg > 0)) return rows
  const same = rows.find((r) => r.reps === set.reps)
  if (!same) return [...rows, set].sort((a, b) => a.reps - b.reps)
  const beats = set.loadKg > same.loadKg || (set.loadKg === same.loadKg && set.performedAt < same.performedAt)
  return beats ? rows.map((r) => (r === same ? set : r)) : rows
}

const emptyRecords = (exerciseId: string): ExerciseRecords => ({ exerciseId, byReps: [], estimated1RmKg: null, estimated1RmOn: null })

/** The records of one exercise (empty when nothing counts yet). */
export async function exerciseRecords(db: Tx, clientUserId: string, exerciseId: string): Promise<ExerciseRecords> {
  const [records] = await personalRecords(db, clientUserId, [exerciseId])
  return records ?? emptyRecords(exerciseId)
}

/** The records of one exercise from its rows (see withSet). */
export const exerciseRecordsOf = (exerciseId: string, rows: RecordRow[]): ExerciseRecords => recordsOf(rows)[0] ?? emptyRecords(exerciseId)
