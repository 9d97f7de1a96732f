import type {
  ClientWorkoutList,
  ExerciseRef,
  NextSession,
  ProgramContent,
  ProgramDay,
  ProgramItem,
  RecordList,
  SessionDoneInputSchema,
  SessionState,
  SetLog,
  SetLogAnswer,
  SetLogInputSchema,
  Today,
  WorkoutSession,
} from '@app/contracts'
import { and, asc, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { exercises, programAssignments, programs, programVersions, setLogs, trainers, workoutSessions } from '../../db/schema.ts'
import { notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { addDays, santiagoDayOf, santiagoToday } from '../bookings/zoned.ts'
import { dayDiff, isClientOf, type TrainerRow } from './access.ts'
import { exerciseRefs, missingExercise } from './programs.ts'
import { exerciseRecords, personalRecords } from './records.ts'

type SessionRow = typeof workoutSessions.$inferSelect
type SetLogRow = typeof setLogs.$inferSelect

/** A phone clock may run a little ahead; a set more than this in the future is refused. */
const CLOCK_SKEW_MS = 5 * 60_000

const num = (v: string | null) => (v === null ? null : Number(v))

export function toSetLog(row: SetLogRow): SetLog {
  return {
    id: row.id,
    sessionId: row.sessionId,
    exerciseId: row.exerciseId,
    itemKey: row.itemKey,
    setNumber: row.setNumber,
    reps: row.reps,
    loadKg: num(row.loadKg),
    seconds: row.seconds,
    done: row.done,
    idempotencyKey: row.idempotencyKey,
    performedAt: row.performedAt.toISOString(),
  }
}

const toSessionState = (row: SessionRow): SessionState => ({
  sessionId: row.id,
  assignmentId: row.assignmentId,
  week: row.week,
  day: row.day,
  scheduledOn: row.scheduledOn,
  completedAt: row.completedAt?.toISOString() ?? null,
  comment: row.comment,
  trainerReply: row.trainerReply,
})

const dayOf = (content: ProgramContent, week: number, day: number): ProgramDay | undefined =>
  content.weeks[week - 1]?.days.find((d) => d.day === day)

/** The client's own assignment with its version's content; 404 for anyone else's. */
async function clientAssignment(db: Tx, clientUserId: string, assignmentId: string) {
  const [row] = await db
    .select({ assignment: programAssignments, content: programVersions.content })
    .from(programAssignments)
    .innerJoin(programVersions, eq(programVersions.id, programAssignments.versionId))
    .where(and(eq(programAssignments.id, assignmentId), eq(programAssignments.clientUserId, clientUserId)))
    .limit(1)
  if (!row) throw notFound('Assignment not found', { assignmentId: 'notFound' })
  return { assignment: row.assignment, content: row.content as ProgramContent }
}

/** A training day of the assignment that has come (today or before, Santiago). */
function trainingDay(assignment: typeof programAssignments.$inferSelect, content: ProgramContent, week: number, day: number) {
  const programDay = dayOf(content, week, day)
  if (!programDay) throw unprocessable({ day: 'notFound' }, 'No training on that day')
  const scheduledOn = addDays(assignment.startDate, (week - 1) * 7 + day - 1)
  if (scheduledOn > santiagoToday()) throw unprocessable({ day: 'invalid' }, 'That day has not come yet')
  return { programDay, scheduledOn }
}

/** The session row of a day, made on first use (parallel first uses meet on the unique index). */
async function sessionFor(db: Tx, clientUserId: string, assignmentId: string, week: number, day: number, scheduledOn: string) {
  await db
    .insert(workoutSessions)
    .values({ assignmentId, clientUserId, week, day, scheduledOn })
    .onConflictDoNothing({ target: [workoutSessions.assignmentId, workoutSessions.week, workoutSessions.day] })
  const [row] = await db
    .select()
    .from(workoutSessions)
    .where(and(eq(workoutSessions.assignmentId, assignmentId), eq(workoutSessions.week, week), eq(workoutSessions.day, day)))
    .limit(1)
  return row
}

async function storedSet(db: Tx, clientUserId: string, key: string) {
  const [row] = await db
    .select()
    .from(setLogs)
    .where(and(eq(setLogs.clientUserId, clientUserId), eq(setLogs.idempotencyKey, key)))
    .limit(1)
  return row
}

/**
 * Logs one set. The phone's key makes it once-only: a replay (an offline queue syncing again, two
 * parallel sends) answers the stored set and writes nothing (unique (client, key) in the database).
 */
export async function logSet(app: FastifyInstance, user: AuthUser, input: z.output<typeof SetLogInputSchema>): Promise<SetLogAnswer> {
  const before = await storedSet(app.db, user.id, input.idempotencyKey)
  if (before) return { setLog: toSetLog(before), replayed: true, records: await exerciseRecords(app.db, user.id, before.exerciseId) }
  const performedAt = input.performedAt ? new Date(input.performedAt) : new Date()
  if (performedAt.getTime() > Date.now() + CLOCK_SKEW_MS) throw unprocessable({ performedAt: 'invalid' }, 'A set from the future')
  const { assignment, content } = await clientAssignment(app.db, user.id, input.assignmentId)
  const { programDay, scheduledOn } = trainingDay(assignment, content, input.week, input.day)
  const item = programDay.items.find((i) => i.key === input.itemKey)
  if (!item) throw unprocessable({ itemKey: 'notFound' }, 'No such exercise on that day')
  const { row, replayed } = await app.db.transaction(async (tx) => {
    const session = await sessionFor(tx, user.id, assignment.id, input.week, input.day, scheduledOn)
    const [inserted] = await tx
      .insert(setLogs)
      .values({
        clientUserId: user.id,
        sessionId: session.id,
        exerciseId: item.exerciseId,
        itemKey: item.key,
        setNumber: input.setNumber,
        reps: input.reps,
        loadKg: input.loadKg === null ? null : input.loadKg.toFixed(2),
        seconds: input.seconds,
        done: input.done,
        idempotencyKey: input.idempotencyKey,
        performedAt,
      })
      .onConflictDoNothing({ target: [setLogs.clientUserId, setLogs.idempotencyKey] })
      .returning()
    if (inserted) return { row: inserted, replayed: false }
    return { row: (await storedSet(tx, user.id, input.idempotencyKey))!, replayed: true }
  })
  return { setLog: toSetLog(row), replayed, records: await exerciseRecords(app.db, user.id, row.exerciseId) }
}

/** Marks a training day done (once: the first time stays) with an optional comment for the trainer. */
export async function markDone(
  app: FastifyInstance,
  user: AuthUser,
  input: z.output<typeof SessionDoneInputSchema>,
): Promise<SessionState> {
  const { assignment, content } = await clientAssignment(app.db, user.id, input.assignmentId)
  const { scheduledOn } = trainingDay(assignment, content, input.week, input.day)
  return app.db.transaction(async (tx) => {
    const session = await sessionFor(tx, user.id, assignment.id, input.week, input.day, scheduledOn)
    const [row] = await tx
      .update(workoutSessions)
      .set({
        completedAt: sql`coalesce(${workoutSessions.completedAt}, now())`,
        ...(input.comment !== undefined ? { comment: input.comment || null } : {}),
      })
      .where(eq(workoutSessions.id, session.id))
      .returning()
    return toSessionState(row)
  })
}

/** The figures of the last session (other than `exclude`) in which the client logged each exercise. */
async function lastTimes(db: Tx, clientUserId: string, exerciseIds: string[], exclude: string[]) {
  const result = new Map<string, NonNullable<WorkoutSession['items'][number]['lastTime']>>()
  if (!exerciseIds.length) return result
  const where: SQL[] = [eq(setLogs.clientUserId, clientUserId), inArray(setLogs.exerciseId, exerciseIds), eq(setLogs.done, true)]
  if (exclude.length) where.push(notInArray(setLogs.sessionId, exclude))
  const latest = await db
    .selectDistinctOn([setLogs.exerciseId], { exerciseId: setLogs.exerciseId, sessionId: setLogs.sessionId })
    .from(setLogs)
    .where(and(...where))
    .orderBy(asc(setLogs.exerciseId), desc(setLogs.performedAt))
  if (!latest.length) return result
  const rows = await db
    .select()
    .from(setLogs)
    .where(
      and(
        eq(setLogs.clientUserId, clientUserId),
        eq(setLogs.done, true),
        sql`(${setLogs.sessionId}, ${setLogs.exerciseId}) in (${sql.join(
          latest.map((l) => sql`(${l.sessionId}::uuid, ${l.exerciseId}::uuid)`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(setLogs.setNumber), asc(setLogs.performedAt))
  for (const row of rows) {
    const entry = result.get(row.exerciseId) ?? { on: santiagoDayOf(row.performedAt), sets: [] }
    entry.sets.push({ setNumber: row.setNumber, reps: row.reps, loadKg: num(row.loadKg), seconds: row.seconds })
    result.set(row.exerciseId, entry)
  }
  return result
}

/** The first training day after `date` of the assignments (a program that starts later included), or null. */
function nextSession(
  assigned: { assignment: typeof programAssignments.$inferSelect; content: unknown; title: string }[],
  date: string,
): NextSession | null {
  let best: NextSession | null = null
  for (const a of assigned) {
    const content = a.content as ProgramContent
    const from = Math.max(dayDiff(a.assignment.startDate, date) + 1, 0)
    for (let offset = from; offset < content.weeks.length * 7; offset++) {
      const programDay = dayOf(content, Math.floor(offset / 7) + 1, (offset % 7) + 1)
      if (!programDay) continue
      const on = addDays(a.assignment.startDate, offset)
      if (!best || on < best.date) best = { date: on, title: programDay.title, programTitle: a.title }
      break
    }
  }
  return best
}

/**
 * Today's training days (America/Santiago) of the client's current assignments, each exercise with
 * the sets logged today and the figures of the last time. A rest day is not listed.
 */
export async function today(db: Tx, user: AuthUser, now = new Date()): Promise<Today> {
  const date = santiagoToday(now)
  const assigned = await db
    .select({
      assignment: programAssignments,
      version: programVersions.version,
      content: programVersions.content,
      title: programs.title,
      trainerFirst: trainers.firstName,
      trainerLast: trainers.lastName,
    })
    .from(programAssignments)
    .innerJoin(programVersions, eq(programVersions.id, programAssignments.versionId))
    .innerJoin(programs, eq(programs.id, programAssignments.programId))
    .innerJoin(trainers, eq(trainers.id, programAssignments.trainerId))
    .where(and(eq(programAssignments.clientUserId, user.id), isNull(programAssignments.endedAt)))
    .orderBy(asc(programAssignments.createdAt))
  const next = nextSession(assigned, date)
  const started = assigned.filter((a) => a.assignment.startDate <= date)
  const due = started.flatMap((a) => {
    const offset = dayDiff(a.assignment.startDate, date)
    const week = Math.floor(offset / 7) + 1
    const day = (offset % 7) + 1
    const programDay = dayOf(a.content as ProgramContent, week, day)
    return programDay ? [{ ...a, week, day, programDay }] : []
  })
  if (!due.length) return { date, data: [], next }
  const sessions = await db
    .select()
    .from(workoutSessions)
    .where(
      sql`(${workoutSessions.assignmentId}, ${workoutSessions.week}, ${workoutSessions.day}) in (${sql.join(
        due.map((d) => sql`(${d.assignment.id}::uuid, ${d.week}::smallint, ${d.day}::smallint)`),
        sql`, `,
      )})`,
    )
  const sessionOf = new Map(sessions.map((s) => [`${s.assignmentId}/${s.week}/${s.day}`, s]))
  const sessionIds = sessions.map((s) => s.id)
  const logged = sessionIds.length
    ? await db
        .select()
        .from(setLogs)
        .where(inArray(setLogs.sessionId, sessionIds))
        .orderBy(asc(setLogs.setNumber), asc(setLogs.performedAt))
    : []
  const exerciseIds = [...new Set(due.flatMap((d) => d.programDay.items.map((i) => i.exerciseId)))]
  const [refs, last] = await Promise.all([exerciseRefs(db, exerciseIds), lastTimes(db, user.id, exerciseIds, sessionIds)])
  return {
    date,
    next,
    data: due.map((d): WorkoutSession => {
      const session = sessionOf.get(`${d.assignment.id}/${d.week}/${d.day}`)
      return {
        sessionId: session?.id ?? null,
        assignmentId: d.assignment.id,
        programId: d.assignment.programId,
        programTitle: d.title,
        version: d.version,
        trainerName: `${d.trainerFirst} ${d.trainerLast}`.trim(),
        week: d.week,
        day: d.day,
        title: d.programDay.title,
        scheduledOn: date,
        completedAt: session?.completedAt?.toISOString() ?? null,
        comment: session?.comment ?? null,
        trainerReply: session?.trainerReply ?? null,
        items: d.programDay.items.map((item: ProgramItem) => ({
          ...item,
          exercise: refs.get(item.exerciseId) ?? missingExercise(item.exerciseId),
          logged: session ? logged.filter((l) => l.sessionId === session.id && l.itemKey === item.key).map(toSetLog) : [],
          lastTime: last.get(item.exerciseId) ?? null,
        })),
      }
    }),
  }
}

/** 404 unless the person is the trainer's client now (a past client is nobody's business). */
async function requireClient(db: Tx, trainer: TrainerRow, clientUserId: string) {
  if (!(await isClientOf(db, trainer.id, clientUserId))) throw notFound('Client not found')
}

/** The trainer answers a client's session (their comment): on the trainer's assignment, to a client of theirs now. */
export async function replyToSession(app: FastifyInstance, trainer: TrainerRow, sessionId: string, reply: string): Promise<SessionState> {
  const [found] = await app.db
    .select({ session: workoutSessions })
    .from(workoutSessions)
    .innerJoin(programAssignments, eq(programAssignments.id, workoutSessions.assignmentId))
    .where(and(eq(workoutSessions.id, sessionId), eq(programAssignments.trainerId, trainer.id)))
    .limit(1)
  if (!found) throw notFound('Session not found')
  await requireClient(app.db, trainer, found.session.clientUserId)
  const [row] = await app.db.update(workoutSessions).set({ trainerReply: reply }).where(eq(workoutSessions.id, sessionId)).returning()
  return toSessionState(row)
}

/** A client's sessions on the trainer's programs, newest first, with the sets and the version's day title. */
export async function clientWorkouts(db: Tx, trainer: TrainerRow, clientUserId: string): Promise<ClientWorkoutList> {
  await requireClient(db, trainer, clientUserId)
  const rows = await db
    .select({
      session: workoutSessions,
      programId: programs.id,
      programTitle: programs.title,
      version: programVersions.version,
      content: programVersions.content,
    })
    .from(workoutSessions)
    .innerJoin(programAssignments, eq(programAssignments.id, workoutSessions.assignmentId))
    .innerJoin(programVersions, eq(programVersions.id, programAssignments.versionId))
    .innerJoin(programs, eq(programs.id, programAssignments.programId))
    .where(and(eq(workoutSessions.clientUserId, clientUserId), eq(programAssignments.trainerId, trainer.id)))
    .orderBy(desc(workoutSessions.scheduledOn), desc(workoutSessions.createdAt))
    .limit(60)
  const ids = rows.map((r) => r.session.id)
  const sets = ids.length
    ? await db
        .select({ log: setLogs, nameEs: exercises.nameEs, nameEn: exercises.nameEn })
        .from(setLogs)
        .innerJoin(exercises, eq(exercises.id, setLogs.exerciseId))
        .where(inArray(setLogs.sessionId, ids))
        .orderBy(asc(setLogs.itemKey), asc(setLogs.setNumber), asc(setLogs.performedAt))
    : []
  return {
    data: rows.map((r) => ({
      ...toSessionState(r.session),
      programId: r.programId,
      programTitle: r.programTitle,
      version: r.version,
      title: dayOf(r.content as ProgramContent, r.session.week, r.session.day)?.title ?? '',
      sets: sets
        .filter((s) => s.log.sessionId === r.session.id)
        .map((s) => ({ ...toSetLog(s.log), exerciseNameEs: s.nameEs, exerciseNameEn: s.nameEn })),
    })),
  }
}

/** Records with the exercise's names (personalRecords decides what counts). */
export async function recordList(db: Tx, clientUserId: string): Promise<RecordList> {
  const records = await personalRecords(db, clientUserId)
  const refs: Map<string, ExerciseRef> = await exerciseRefs(
    db,
    records.map((r) => r.exerciseId),
  )
  return { data: records.map((r) => ({ ...r, exercise: refs.get(r.exerciseId) ?? missingExercise(r.exerciseId) })) }
}

export async function clientRecords(db: Tx, trainer: TrainerRow, clientUserId: string) {
  await requireClient(db, trainer, clientUserId)
  return recordList(db, clientUserId)
}
