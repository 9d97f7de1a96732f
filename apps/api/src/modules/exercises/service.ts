import type { Exercise, ExerciseInputSchema, ExerciseList, ExerciseQuerySchema } from '@app/contracts'
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { exercises, gyms, trainers } from '../../db/schema.ts'
import { normalizeSearch, searchTextOf } from '../../db/search-text.ts'
import { forbidden, notFound } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { removeExerciseImage, setExerciseImage } from './images.ts'

type Row = typeof exercises.$inferSelect
type Query = z.output<typeof ExerciseQuerySchema>

/** Whose private exercises a caller sees and writes: a trainer's own and their gym's; an owner's gym's. */
export interface ExerciseOwner {
  trainerId: string | null
  gymId: string | null
}

export async function exerciseOwnerOf(db: Tx, user: AuthUser): Promise<ExerciseOwner> {
  if (user.role === 'trainer') {
    const [trainer] = await db
      .select({ id: trainers.id, gymId: trainers.gymId })
      .from(trainers)
      .where(eq(trainers.userId, user.id))
      .limit(1)
    if (!trainer) throw forbidden('Your account has no trainer profile')
    return { trainerId: trainer.id, gymId: trainer.gymId }
  }
  const [gym] = await db.select({ id: gyms.id }).from(gyms).where(eq(gyms.ownerId, user.id)).limit(1)
  if (!gym) throw forbidden('You have no gym yet')
  return { trainerId: null, gymId: gym.id }
}

function privateTo(owner: ExerciseOwner): SQL {
  const mine: SQL[] = []
  if (owner.trainerId) mine.push(eq(exercises.trainerId, owner.trainerId))
  if (owner.gymId) mine.push(eq(exercises.gymId, owner.gymId))
  return mine.length ? or(...mine)! : sql`false`
}

/** The exercises a caller may use: the library and imports, and their own private ones. */
export const visibleTo = (owner: ExerciseOwner) => or(and(isNull(exercises.trainerId), isNull(exercises.gymId)), privateTo(owner))!

export function toExercise(row: Row, owner?: ExerciseOwner): Exercise {
  return {
    id: row.id,
    source: row.source,
    scope: row.trainerId ? (owner?.trainerId === row.trainerId ? 'mine' : 'gym') : row.gymId ? 'gym' : null,
    nameEs: row.nameEs,
    nameEn: row.nameEn,
    category: row.category,
    level: row.level,
    equipment: row.equipment,
    primaryMuscles: row.primaryMuscles,
    secondaryMuscles: row.secondaryMuscles,
    cues: row.cues,
    // A private (or imported) exercise has its cues in one language, as typed: they serve both.
    cuesEn: row.cuesEn.length ? row.cuesEn : row.cues,
    videoUrl: row.videoUrl,
    imageUrl: row.imageUrl,
    attribution: row.attribution,
  }
}

/** How close a query word must be to a word of the names (pg_trgm word_similarity, 0–1). */
const WORD_SIMILARITY = 0.45

/**
 * Search: every word of the query must be in the names (unaccented, lower case) or close to one
 * of their words (typos: "sentadila bulgra"); best matches first. Without words: by name.
 */
export async function searchExercises(db: Tx, owner: ExerciseOwner, query: Query): Promise<ExerciseList> {
  const words = normalizeSearch(query.q ?? '')
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 6)
  const where: SQL[] = [query.mine ? privateTo(owner) : visibleTo(owner)]
  if (query.muscle)
    where.push(
      sql`(${query.muscle}::text = any(${exercises.primaryMuscles}) or ${query.muscle}::text = any(${exercises.secondaryMuscles}))`,
    )
  if (query.equipment) where.push(sql`${query.equipment}::text = any(${exercises.equipment})`)
  for (const word of words)
    where.push(
      sql`(${exercises.searchText} like ${`%${word}%`} or word_similarity(${word}, ${exercises.searchText}) >= ${WORD_SIMILARITY})`,
    )
  const score = sql.join(
    words.map((w) => sql`word_similarity(${w}, ${exercises.searchText})`),
    sql` + `,
  )
  const phrase = sql`(${exercises.searchText} like ${`%${words.join(' ')}%`})`
  // The whole phrase first, then the closest words, then the shortest name ("press banca" → "Press banca con barra").
  const order = words.length
    ? [desc(phrase), desc(score), asc(sql`length(${exercises.nameEs})`), asc(exercises.nameEs)]
    : [asc(exercises.nameEs)]
  const rows = await db
    .select()
    .from(exercises)
    .where(and(...where))
    .orderBy(...order)
    .limit(query.limit)
  return { data: rows.map((r) => toExercise(r, owner)) }
}

export async function getExercise(db: Tx, owner: ExerciseOwner, id: string): Promise<Exercise> {
  const [row] = await db
    .select()
    .from(exercises)
    .where(and(eq(exercises.id, id), visibleTo(owner)))
    .limit(1)
  if (!row) throw notFound('Exercise not found')
  return toExercise(row, owner)
}

/** A trainer's private exercise (an owner's: one for the gym's trainers). */
export async function createExercise(app: FastifyInstance, owner: ExerciseOwner, input: z.output<typeof ExerciseInputSchema>) {
  const nameEn = input.nameEn ?? input.nameEs
  const [row] = await app.db
    .insert(exercises)
    .values({
      source: 'trainer',
      trainerId: owner.trainerId,
      gymId: owner.trainerId ? null : owner.gymId,
      nameEs: input.nameEs,
      nameEn,
      category: input.category,
      level: input.level,
      equipment: input.equipment,
      primaryMuscles: input.primaryMuscles,
      secondaryMuscles: input.secondaryMuscles,
      cues: input.cues,
      videoUrl: input.videoUrl ?? null,
      searchText: searchTextOf([input.nameEs, nameEn]),
    })
    .returning()
  return toExercise(row, owner)
}

/** The caller's own private exercise (a gym owner's: the gym's), or 404. */
async function ownExerciseId(app: FastifyInstance, owner: ExerciseOwner, id: string) {
  const own = owner.trainerId
    ? eq(exercises.trainerId, owner.trainerId)
    : and(isNull(exercises.trainerId), eq(exercises.gymId, owner.gymId!))
  const [row] = await app.db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(eq(exercises.id, id), own))
    .limit(1)
  if (!row) throw notFound('Exercise not found')
  return row.id
}

/** Only the one who made a private exercise removes it; one used in a program stays (409). */
export async function deleteExercise(app: FastifyInstance, owner: ExerciseOwner, id: string) {
  await ownExerciseId(app, owner, id)
  await app.db.delete(exercises).where(eq(exercises.id, id))
  return { ok: true as const }
}

/** A private exercise's photo, resized now (images.ts); its author only. */
export async function setExercisePhoto(app: FastifyInstance, owner: ExerciseOwner, id: string, body: Buffer) {
  await ownExerciseId(app, owner, id)
  await setExerciseImage(app.db, id, 'upload', Buffer.isBuffer(body) ? body : Buffer.alloc(0))
  return getExercise(app.db, owner, id)
}

export async function deleteExercisePhoto(app: FastifyInstance, owner: ExerciseOwner, id: string) {
  await ownExerciseId(app, owner, id)
  await removeExerciseImage(app.db, id)
  return getExercise(app.db, owner, id)
}
