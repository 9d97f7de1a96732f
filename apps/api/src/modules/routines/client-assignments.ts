import type { ClientAssignmentList, ProgramContent } from '@app/contracts'
import { and, desc, eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { programAssignments, programs, programVersions } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { isClientOf, type TrainerRow } from './access.ts'
import { clientNames, toAssignment } from './assignments.ts'

/**
 * What a client follows from this trainer (every assignment, newest first), for the trainer's
 * client page: 404 unless the person is the trainer's client now, as the other client routes.
 */
export async function clientAssignments(db: Tx, trainer: TrainerRow, clientUserId: string): Promise<ClientAssignmentList> {
  if (!(await isClientOf(db, trainer.id, clientUserId))) throw notFound('Client not found', { clientUserId: 'notFound' })
  const rows = await db
    .select({
      assignment: programAssignments,
      version: programVersions.version,
      content: programVersions.content,
      programTitle: programs.title,
    })
    .from(programAssignments)
    .innerJoin(programVersions, eq(programVersions.id, programAssignments.versionId))
    .innerJoin(programs, eq(programs.id, programAssignments.programId))
    .where(and(eq(programAssignments.trainerId, trainer.id), eq(programAssignments.clientUserId, clientUserId)))
    .orderBy(desc(programAssignments.startDate), desc(programAssignments.createdAt))
    .limit(100)
  const names = await clientNames(db, [clientUserId])
  return {
    data: rows.map((r) => {
      const content = r.content as ProgramContent
      return {
        ...toAssignment(r.assignment, r, names.get(clientUserId) ?? ''),
        programTitle: r.programTitle,
        weeks: content.weeks.length,
        days: (content.weeks[0]?.days ?? []).map((d) => ({ day: d.day, title: d.title, exercises: d.items.length })),
      }
    }),
  }
}
