import type { ProgramContent, WeekAdherence } from '@app/contracts'
import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { programAssignments, programVersions, workoutSessions } from '../../db/schema.ts'
import { addDays, santiagoDayOf, santiagoToday, weekdayOf } from '../bookings/zoned.ts'

/** Whose adherence: a client's, on every assignment or on one trainer's assignments only. */
export interface AdherenceScope {
  clientUserId: string
  /** Only this trainer's assignments (a trainer, or a gym owner looking at one of their trainers). */
  trainerId?: string
}

/** The Monday (Santiago weeks run Monday to Sunday) of the week of `day`. */
export const mondayOf = (day: string) => addDays(day, 1 - weekdayOf(day))

const rateOf = (done: number, assigned: number) => (assigned ? Math.round((done / assigned) * 100) / 100 : null)

/**
 * Sessions done / assigned per Santiago week, for the `weeks` weeks that end with the current one
 * (oldest first). Assigned: the training days the assignments schedule in the week (start day +
 * (week − 1) × 7 + day − 1), none after an assignment ended; done: those of them marked done,
 * counted in the week they were scheduled. The one function every adherence figure comes from
 * (decision 209).
 */
export async function weeklyAdherence(db: Tx, scopes: AdherenceScope[], weeks: number, now = new Date()): Promise<WeekAdherence[][]> {
  const today = santiagoToday(now)
  const lastMonday = mondayOf(today)
  const first = addDays(lastMonday, -7 * (weeks - 1))
  const last = addDays(lastMonday, 6)
  const mondays = Array.from({ length: weeks }, (_, i) => addDays(first, 7 * i))
  const empty = () => mondays.map((weekStart) => ({ weekStart, assigned: 0, due: 0, done: 0 }))
  if (!scopes.length) return []
  const clientIds = [...new Set(scopes.map((s) => s.clientUserId))]
  const assignments = await db
    .select({
      id: programAssignments.id,
      clientUserId: programAssignments.clientUserId,
      trainerId: programAssignments.trainerId,
      startDate: programAssignments.startDate,
      endedAt: programAssignments.endedAt,
      content: programVersions.content,
    })
    .from(programAssignments)
    .innerJoin(programVersions, eq(programVersions.id, programAssignments.versionId))
    .where(and(inArray(programAssignments.clientUserId, clientIds), lte(programAssignments.startDate, last)))
  const done = new Set<string>()
  if (assignments.length) {
    const sessions = await db
      .select({ assignmentId: workoutSessions.assignmentId, week: workoutSessions.week, day: workoutSessions.day })
      .from(workoutSessions)
      .where(
        and(
          inArray(
            workoutSessions.assignmentId,
            assignments.map((a) => a.id),
          ),
          isNotNull(workoutSessions.completedAt),
          gte(workoutSessions.scheduledOn, first),
          lte(workoutSessions.scheduledOn, last),
        ),
      )
    for (const s of sessions) done.add(`${s.assignmentId}/${s.week}/${s.day}`)
  }
  // Each assignment's scheduled days in the range, once.
  const scheduled = new Map<string, { on: string; done: boolean }[]>()
  for (const a of assignments) {
    const endedOn = a.endedAt ? santiagoDayOf(a.endedAt) : null
    const days: { on: string; done: boolean }[] = []
    ;(a.content as ProgramContent).weeks.forEach((week, w) => {
      for (const d of week.days) {
        const on = addDays(a.startDate, w * 7 + d.day - 1)
        if (on < first || on > last || (endedOn && on > endedOn)) continue
        days.push({ on, done: done.has(`${a.id}/${w + 1}/${d.day}`) })
      }
    })
    scheduled.set(a.id, days)
  }
  return scopes.map((scope) => {
    const result = empty()
    for (const a of assignments) {
      if (a.clientUserId !== scope.clientUserId || (scope.trainerId && a.trainerId !== scope.trainerId)) continue
      for (const day of scheduled.get(a.id)!) {
        const week = result[Math.floor((Date.parse(day.on) - Date.parse(first)) / (7 * 86_400_000))]
        week.assigned++
        if (day.on <= today) week.due++
        if (day.done) week.done++
      }
    }
    return result.map((w) => ({ ...w, rate: rateOf(w.done, w.assigned) }))
  })
}
