import type {
  DuplicateProgramSchema,
  ExerciseRef,
  Program,
  ProgramContent,
  ProgramContentInputSchema,
  ProgramInputSchema,
  ProgramList,
  ProgramSummary,
} from '@app/contracts'
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { exercises, programAssignments, programs, programVersions } from '../../db/schema.ts'
import { notFound, unprocessable, type FieldErrors } from '../../errors.ts'
import { visibleTo, type ExerciseOwner } from '../exercises/service.ts'
import type { TrainerRow } from './access.ts'

type ContentInput = z.output<typeof ProgramContentInputSchema>
type ProgramRow = typeof programs.$inferSelect
type VersionRow = typeof programVersions.$inferSelect

/** The stored shape: days in order, every item named by its place (w1d2e3), defaults filled in. */
export function normalizeContent(input: ContentInput): ProgramContent {
  return {
    weeks: input.weeks.map((week, w) => ({
      days: [...week.days]
        .sort((a, b) => a.day - b.day)
        .map((day) => ({
          day: day.day,
          title: day.title,
          items: day.items.map((item, i) => ({
            key: `w${w + 1}d${day.day}e${i + 1}`,
            exerciseId: item.exerciseId,
            sets: item.sets,
            reps: item.reps,
            seconds: item.seconds,
            load: item.load,
            restSeconds: item.restSeconds,
            tempo: item.tempo,
            notes: item.notes,
            group: item.group,
          })),
        })),
    })),
  }
}

/** JSON with sorted keys: jsonb does not keep the order it was given. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

export const exerciseIdsOf = (content: ProgramContent) => [
  ...new Set(content.weeks.flatMap((w) => w.days.flatMap((d) => d.items.map((i) => i.exerciseId)))),
]

/** Every exercise of the content must be one the trainer may use (library, theirs, their gym's). */
async function checkExercises(db: Tx, owner: ExerciseOwner, input: ContentInput) {
  const ids = [...new Set(input.weeks.flatMap((w) => w.days.flatMap((d) => d.items.map((i) => i.exerciseId))))]
  const found = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(inArray(exercises.id, ids), visibleTo(owner)))
  const known = new Set(found.map((r) => r.id))
  const errors: FieldErrors = {}
  input.weeks.forEach((week, w) =>
    week.days.forEach((day, d) =>
      day.items.forEach((item, i) => {
        if (!known.has(item.exerciseId)) errors[`content.weeks.${w}.days.${d}.items.${i}.exerciseId`] = 'notFound'
      }),
    ),
  )
  if (Object.keys(errors).length) throw unprocessable(errors, 'Unknown exercise')
}

export async function exerciseRefs(db: Tx, ids: string[]): Promise<Map<string, ExerciseRef>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({
      id: exercises.id,
      nameEs: exercises.nameEs,
      nameEn: exercises.nameEn,
      cues: exercises.cues,
      videoUrl: exercises.videoUrl,
      imageUrl: exercises.imageUrl,
    })
    .from(exercises)
    .where(inArray(exercises.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}

/** An exercise removed since the version was saved still has a place (no names). */
export const missingExercise = (id: string): ExerciseRef => ({ id, nameEs: '', nameEn: '', cues: [], videoUrl: null, imageUrl: null })

export async function ownProgram(db: Tx, trainerId: string, id: string, lock = false): Promise<ProgramRow> {
  const query = db
    .select()
    .from(programs)
    .where(and(eq(programs.id, id), eq(programs.trainerId, trainerId), isNull(programs.archivedAt)))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Program not found')
  return row
}

export async function versionOf(db: Tx, programId: string, version: number): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(programVersions)
    .where(and(eq(programVersions.programId, programId), eq(programVersions.version, version)))
    .limit(1)
  if (!row) throw notFound('Version not found', { version: 'notFound' })
  return row
}

async function activeAssignmentsOf(db: Tx, programId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(programAssignments)
    .where(and(eq(programAssignments.programId, programId), isNull(programAssignments.endedAt)))
  return row.n
}

function toSummary(row: ProgramRow, weeks: number, activeAssignments: number): ProgramSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    isTemplate: row.isTemplate,
    currentVersion: row.currentVersion,
    weeks,
    activeAssignments,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

async function toProgram(db: Tx, row: ProgramRow, version: VersionRow): Promise<Program> {
  const content = version.content as ProgramContent
  const current =
    version.version === row.currentVersion ? content : ((await versionOf(db, row.id, row.currentVersion)).content as ProgramContent)
  const ids = exerciseIdsOf(content)
  const refs = await exerciseRefs(db, ids)
  return {
    ...toSummary(row, current.weeks.length, await activeAssignmentsOf(db, row.id)),
    version: version.version,
    versionId: version.id,
    versionCreatedAt: version.createdAt.toISOString(),
    content,
    exercises: ids.map((id) => refs.get(id) ?? missingExercise(id)),
  }
}

const ownerOf = (trainer: TrainerRow): ExerciseOwner => ({ trainerId: trainer.id, gymId: trainer.gymId })

export async function createProgram(app: FastifyInstance, trainer: TrainerRow, input: z.output<typeof ProgramInputSchema>) {
  await checkExercises(app.db, ownerOf(trainer), input.content)
  const content = normalizeContent(input.content)
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programs)
      .values({
        trainerId: trainer.id,
        title: input.title,
        description: input.description,
        isTemplate: input.isTemplate,
        currentVersion: 1,
      })
      .returning()
    const [version] = await tx.insert(programVersions).values({ programId: row.id, version: 1, content }).returning()
    return toProgram(tx, row, version)
  })
}

export async function listPrograms(db: Tx, trainer: TrainerRow, template?: boolean): Promise<ProgramList> {
  const where = [eq(programs.trainerId, trainer.id), isNull(programs.archivedAt)]
  if (template !== undefined) where.push(eq(programs.isTemplate, template))
  const rows = await db
    .select({
      program: programs,
      weeks: sql<number>`jsonb_array_length(${programVersions.content} -> 'weeks')`.mapWith(Number),
      active:
        sql<number>`(select count(*) from ${programAssignments} where ${programAssignments.programId} = ${programs.id} and ${programAssignments.endedAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(programs)
    .innerJoin(programVersions, and(eq(programVersions.programId, programs.id), eq(programVersions.version, programs.currentVersion)))
    .where(and(...where))
    .orderBy(desc(programs.updatedAt))
    .limit(500)
  return { data: rows.map((r) => toSummary(r.program, r.weeks, r.active)) }
}

export async function getProgram(db: Tx, trainer: TrainerRow, id: string, version?: number): Promise<Program> {
  const row = await ownProgram(db, trainer.id, id)
  return toProgram(db, row, await versionOf(db, row.id, version ?? row.currentVersion))
}

/**
 * Replaces title, description and template flag; new content becomes a new version (the old one
 * stays as it was: assignments and logs keep pointing at theirs). Same content: no new version.
 */
export async function updateProgram(app: FastifyInstance, trainer: TrainerRow, id: string, input: z.output<typeof ProgramInputSchema>) {
  await ownProgram(app.db, trainer.id, id)
  await checkExercises(app.db, ownerOf(trainer), input.content)
  const content = normalizeContent(input.content)
  return app.db.transaction(async (tx) => {
    const row = await ownProgram(tx, trainer.id, id, true)
    const current = await versionOf(tx, row.id, row.currentVersion)
    let version = current
    if (canonical(current.content) !== canonical(content)) {
      ;[version] = await tx
        .insert(programVersions)
        .values({ programId: row.id, version: row.currentVersion + 1, content })
        .returning()
    }
    const [updated] = await tx
      .update(programs)
      .set({ title: input.title, description: input.description, isTemplate: input.isTemplate, currentVersion: version.version })
      .where(eq(programs.id, row.id))
      .returning()
    return toProgram(tx, updated, version)
  })
}

/** A new program (version 1) with the current version's content. */
export async function duplicateProgram(
  app: FastifyInstance,
  trainer: TrainerRow,
  id: string,
  input: z.output<typeof DuplicateProgramSchema>,
) {
  const source = await ownProgram(app.db, trainer.id, id)
  const content = (await versionOf(app.db, source.id, source.currentVersion)).content as ProgramContent
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programs)
      .values({
        trainerId: trainer.id,
        title: input.title ?? source.title,
        description: source.description,
        isTemplate: input.isTemplate ?? source.isTemplate,
        currentVersion: 1,
      })
      .returning()
    const [version] = await tx.insert(programVersions).values({ programId: row.id, version: 1, content }).returning()
    return toProgram(tx, row, version)
  })
}
