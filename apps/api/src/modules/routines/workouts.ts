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
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { exercises, programAssignments, programs, programVersions, setLogs, trainers, workoutSessions } from '../../db/schema.ts'
import { notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { addDays, santiagoDayOf, santiagoToday } from '../bookings/zoned.ts'
import { dayDiff, isClientOf, type TrainerRow } from './access.ts'
import { exerciseRefs, missingExercise } from './programs.ts'
import { exerciseRecords, exerciseRecordsOf, personalRecords, withSet, type RecordRow } from './records.ts'

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

/** A version's training days as item key → exercise id; versions never change (decision 132). */
type DayIndex = Map<string, Map<string, string>>
const versionDays = new Map<string, DayIndex>()
const VERSION_CACHE_MAX = 2_000

/** The day index of a version, from memory after the first read (oldest out beyond the cap). */
async function daysOfVersion(db: Tx, versionId: string): Promise<DayIndex> {
  const cached = versionDays.get(versionId)
  if (cached) return cached
  const [row] = await db.select({ content: programVersions.content }).from(programVersions).where(eq(programVersions.id, versionId))
  const index: DayIndex = new Map()
  ;(row.content as ProgramContent).weeks.forEach((week, w) => {
    for (const d of week.days) index.set(`${w + 1}/${d.day}`, new Map(d.items.map((i) => [i.key, i.exerciseId])))
  })
  if (versionDays.size >= VERSION_CACHE_MAX) versionDays.delete(versionDays.keys().next().value!)
  versionDays.set(versionId, index)
  return index
}

interface SetContext {
  stored_id: string | null
  assignment_id: string | null
  version_id: string | null
  start_date: string | null
  session_id: string | null
}

interface StoredAndBest {
  inserted: number
  reps: number | null
  load_kg: string | null
  at_ms: number | null
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** The stored set and its exercise's records: a replay's answer. */
async function replayAnswer(db: Tx, row: SetLogRow): Promise<SetLogAnswer> {
  return { setLog: toSetLog(row), replayed: true, records: await exerciseRecords(db, row.clientUserId, row.exerciseId) }
}

/**
 * Logs one set. The phone's key makes it once-only: a replay (an offline queue syncing again, two
 * parallel sends) answers the stored set and writes nothing (unique (client, key) in the database).
 *
 * Two statements for a set of a day already begun (decision 221): one reads the key, the
 * assignment and the day's session; one stores the set and, in the same statement, reads the
 * exercise's heaviest set per rep count before it, to which the new set is added here. The
 * version's days come from memory. No transaction: each statement is atomic on its own.
 */
export async function logSet(app: FastifyInstance, user: AuthUser, input: z.output<typeof SetLogInputSchema>): Promise<SetLogAnswer> {
  const [ctx] = rowsOf<SetContext>(
    await app.db.execute(sql`
      select
        (select s.id from set_logs s where s.client_user_id = ${user.id} and s.idempotency_key = ${input.idempotencyKey}) as stored_id,
        a.id as assignment_id, a.version_id, a.start_date::text as start_date,
        (select w.id from workout_sessions w where w.assignment_id = a.id and w.week = ${input.week} and w.day = ${input.day}) as session_id
      from (values (1)) as one (x)
      left join program_assignments a on a.id = ${input.assignmentId} and a.client_user_id = ${user.id}`),
  )
  if (ctx.stored_id) return replayAnswer(app.db, (await storedSet(app.db, user.id, input.idempotencyKey))!)
  const performedAt = input.performedAt ? new Date(input.performedAt) : new Date()
  if (performedAt.getTime() > Date.now() + CLOCK_SKEW_MS) throw unprocessable({ performedAt: 'invalid' }, 'A set from the future')
  if (!ctx.assignment_id) throw notFound('Assignment not found', { assignmentId: 'notFound' })
  const items = (await daysOfVersion(app.db, ctx.version_id!)).get(`${input.week}/${input.day}`)
  if (!items) throw unprocessable({ day: 'notFound' }, 'No training on that day')
  const scheduledOn = addDays(ctx.start_date!, (input.week - 1) * 7 + input.day - 1)
  if (scheduledOn > santiagoToday()) throw unprocessable({ day: 'invalid' }, 'That day has not come yet')
  const exerciseId = items.get(input.itemKey)
  if (!exerciseId) throw unprocessable({ itemKey: 'notFound' }, 'No such exercise on that day')
  // The first set of a day makes its session (parallel first sets meet on the unique index).
  const sessionId = ctx.session_id ?? (await sessionFor(app.db, user.id, ctx.assignment_id, input.week, input.day, scheduledOn)).id
  const row: SetLogRow = {
    id: randomUUID(),
    clientUserId: user.id,
    sessionId,
    exerciseId,
    itemKey: input.itemKey,
    setNumber: input.setNumber,
    reps: input.reps,
    loadKg: input.loadKg === null ? null : input.loadKg.toFixed(2),
    seconds: input.seconds,
    done: input.done,
    idempotencyKey: input.idempotencyKey,
    performedAt,
    createdAt: new Date(),
  }
  // The exercise's heaviest set per rep count before this one (earliest among equals), as personalRecords reads them.
  const result = rowsOf<StoredAndBest>(
    await app.db.execute(sql`
      with ins as (
        insert into set_logs (id, client_user_id, session_id, exercise_id, item_key, set_number, reps, load_kg, seconds, done, idempotency_key, performed_at, created_at)
        values (${row.id}, ${row.clientUserId}, ${row.sessionId}, ${row.exerciseId}, ${row.itemKey}, ${row.setNumber}, ${row.reps},
          ${row.loadKg}, ${row.seconds}, ${row.done}, ${row.idempotencyKey}, ${row.performedAt.toISOString()}::timestamptz, ${row.createdAt.toISOString()}::timestamptz)
        on conflict (client_user_id, idempotency_key) do nothing
        returning 1
      )
      select (select count(*) from ins)::int as inserted, best.reps, best.load_kg::text as load_kg, best.at_ms
      from (values (1)) as one (x)
      left join lateral (
        select distinct on (s.reps) s.reps, s.load_kg, (extract(epoch from s.performed_at) * 1000)::float8 as at_ms
        from set_logs s
        where s.client_user_id = ${user.id} and s.exercise_id = ${exerciseId} and s.done and s.reps >= 1 and s.load_kg > 0
        order by s.reps, s.load_kg desc, s.performed_at
      ) best on true`),
  )
  // Another send of the same key stored it between the two statements: answer that one.
  if (!result[0].inserted) return replayAnswer(app.db, (await storedSet(app.db, user.id, input.idempotencyKey))!)
  const before: RecordRow[] = result
    .filter((r) => r.reps !== null)
    .map((r) => ({ exerciseId, reps: r.reps!, loadKg: Number(r.load_kg), performedAt: new Date(r.at_ms!) }))
  const counts = row.done && row.reps !== null && row.loadKg !== null
  const mine = counts ? { exerciseId, reps: row.reps!, loadKg: Number(row.loadKg), performedAt } : null
  return { setLog: toSetLog(row), replayed: false, records: exerciseRecordsOf(exerciseId, withSet(before, mine)) }
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
