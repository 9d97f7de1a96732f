import type { ExerciseRecords } from '@app/contracts'

/**
 * Whether a set just stored beats the client's records from before it (decision 210): heavier than
 * anything lifted for as many reps or more, or a better estimated 1RM. The first time an exercise
 * is logged there is nothing to beat, so a first session does not celebrate every set.
 */
export function isNewRecord(
  before: ExerciseRecords | undefined,
  after: ExerciseRecords,
  set: { reps: number | null; loadKg: number | null },
) {
  if (!before || (!before.byReps.length && before.estimated1RmKg === null)) return false
  if (!set.reps || !set.loadKg) return false
  const best = Math.max(0, ...before.byReps.filter((r) => r.reps >= set.reps!).map((r) => r.loadKg))
  if (set.loadKg > best) return true
  return after.estimated1RmKg !== null && after.estimated1RmKg > (before.estimated1RmKg ?? 0) + 1e-9
}
