import type { Assignment, AssignmentInputSchema, AssignmentList, ProgramContent } from '@app/contracts'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { programAssignments, programVersions, users } from '../../db/schema.ts'
import { notFound, unprocessable } from '../../errors.ts'
import { addDays, isValidDay, santiagoToday } from '../bookings/zoned.ts'
import { clientsOfTrainer, dayDiff, type TrainerRow } from './access.ts'
import { programAssigned, queueRoutineMail } from './mails.ts'
import { ownProgram, versionOf } from './programs.ts'

/** A start may be up to a week back (to line a program up with a Monday just gone) and a year ahead. */
const START_WINDOW = { pastDays: 7, futureDays: 365 }

type AssignmentRow = typeof programAssignments.$inferSelect

export function toAssignment(row: AssignmentRow, version: { version: number; content: unknown }, clientName: string): Assignment {
  const weeks = (version.content as ProgramContent).weeks.length
  return {
    id: row.id,
    programId: row.programId,
    versionId: row.versionId,
    version: version.version,
    clientUserId: row.clientUserId,
    clientName,
    startDate: row.startDate,
    endDate: addDays(row.startDate, weeks * 7 - 1),
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Assigns a version (the current one unless named) to one or many of the trainer's clients from a
 * start day. All or nothing: one person who is not the trainer's client now answers 404 and
 * nothing is assigned.
 */
export async function assignProgram(
  app: FastifyInstance,
  trainer: TrainerRow,
  programId: string,
  input: z.output<typeof AssignmentInputSchema>,
): Promise<AssignmentList> {
  const program = await ownProgram(app.db, trainer.id, programId)
  const version = await versionOf(app.db, program.id, input.version ?? program.currentVersion)
  if (!isValidDay(input.startDate)) throw unprocessable({ startDate: 'invalid' })
  const offset = dayDiff(santiagoToday(), input.startDate)
  if (offset < -START_WINDOW.pastDays) throw unprocessable({ startDate: 'tooSmall' })
  if (offset > START_WINDOW.futureDays) throw unprocessable({ startDate: 'tooBig' })
  const mine = await clientsOfTrainer(app.db, trainer.id, input.clientUserIds)
  if (input.clientUserIds.some((id) => !mine.has(id))) throw notFound('Client not found', { clientUserIds: 'notFound' })
  const names = await clientNames(app.db, input.clientUserIds)
  const rows = await app.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(programAssignments)
      .values(
        input.clientUserIds.map((clientUserId) => ({
          programId: program.id,
          versionId: version.id,
          trainerId: trainer.id,
          clientUserId,
          startDate: input.startDate,
        })),
      )
      .returning()
    await mailAssigned(app, tx, trainer, program.title, version.content as ProgramContent, input)
    return inserted
  })
  return { data: rows.map((r) => toAssignment(r, version, names.get(r.clientUserId) ?? '')) }
}

/** Each client gets a mail in their own language: what, from whom, from when, and where "Hoy" is. */
async function mailAssigned(
  app: FastifyInstance,
  tx: Tx,
  trainer: TrainerRow,
  programTitle: string,
  content: ProgramContent,
  input: z.output<typeof AssignmentInputSchema>,
) {
  const people = await tx
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(inArray(users.id, input.clientUserIds))
  const trainerName = `${trainer.firstName} ${trainer.lastName}`.trim()
  for (const p of people) {
    const values = { firstName: p.firstName, trainerName, programTitle, startDate: input.startDate, weeks: content.weeks.length }
    await queueRoutineMail(app, tx, p, programAssigned, { ...values, appUrl: app.config.APP_URL })
  }
}

export async function clientNames(db: Tx, ids: string[]) {
  if (!ids.length) return new Map<string, string>()
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]))
}

/** Who follows the program (every version), newest first. */
export async function programAssignmentsOf(db: Tx, trainer: TrainerRow, programId: string): Promise<AssignmentList> {
  const program = await ownProgram(db, trainer.id, programId)
  const rows = await db
    .select({ assignment: programAssignments, version: programVersions.version, content: programVersions.content })
    .from(programAssignments)
    .innerJoin(programVersions, eq(programVersions.id, programAssignments.versionId))
    .where(and(eq(programAssignments.programId, program.id), eq(programAssignments.trainerId, trainer.id)))
    .orderBy(desc(programAssignments.createdAt))
    .limit(500)
  const names = await clientNames(db, [...new Set(rows.map((r) => r.assignment.clientUserId))])
  return { data: rows.map((r) => toAssignment(r.assignment, r, names.get(r.assignment.clientUserId) ?? '')) }
}
