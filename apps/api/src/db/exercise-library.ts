import { LibraryExerciseSchema } from '@app/contracts'
import { sql } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import library from '../../seed/exercises.json' with { type: 'json' }
import type { Db } from './client.ts'
import { exerciseLibraryState, exercises } from './schema.ts'
import { searchTextOf } from './search-text.ts'

// The starter library (apps/api/seed/exercises.json, written by us) is loaded after the
// migrations, and again only when the file changes: rows are matched by slug, so ids stay.
// A database loaded by an older file (before the English cues, migration 0013) has another
// digest, so its next start fills `cues_en` too.

const digest = createHash('sha256').update(JSON.stringify(library)).digest('hex')

/** The parsed data file; a malformed row fails the start (and the test that reads it). */
export const libraryExercises = () => library.exercises.map((row) => LibraryExerciseSchema.parse(row))

export async function loadExerciseLibrary(db: Db) {
  const [state] = await db
    .select()
    .from(exerciseLibraryState)
    .where(sql`${exerciseLibraryState.key} = 'library'`)
  if (state?.digest === digest) return false
  const rows = libraryExercises().map((e) => ({
    slug: e.slug,
    source: 'library' as const,
    nameEs: e.es,
    nameEn: e.en,
    category: e.category,
    level: e.level,
    equipment: e.equipment,
    primaryMuscles: e.primary,
    secondaryMuscles: e.secondary,
    cues: e.cues,
    cuesEn: e.cuesEn,
    searchText: searchTextOf([e.es, e.en, ...e.aliases]),
  }))
  await db.transaction(async (tx) => {
    await tx
      .insert(exercises)
      .values(rows)
      .onConflictDoUpdate({
        target: exercises.slug,
        set: {
          nameEs: sql`excluded.name_es`,
          nameEn: sql`excluded.name_en`,
          category: sql`excluded.category`,
          level: sql`excluded.level`,
          equipment: sql`excluded.equipment`,
          primaryMuscles: sql`excluded.primary_muscles`,
          secondaryMuscles: sql`excluded.secondary_muscles`,
          cues: sql`excluded.cues`,
          cuesEn: sql`excluded.cues_en`,
          searchText: sql`excluded.search_text`,
          updatedAt: sql`now()`,
        },
      })
    await tx
      .insert(exerciseLibraryState)
      .values({ key: 'library', digest })
      .onConflictDoUpdate({ target: exerciseLibraryState.key, set: { digest, loadedAt: sql`now()` } })
  })
  return true
}
