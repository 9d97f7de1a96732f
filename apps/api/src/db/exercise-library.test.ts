import { LibraryExerciseSchema } from '@app/contracts'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { libraryExercises } from './exercise-library.ts'

// Issue 23 point 5: every library exercise has its coaching cues in English too, one for each Spanish cue.
const file = JSON.parse(readFileSync(new URL('../../seed/exercises.json', import.meta.url), 'utf8')) as {
  exercises: { slug: string; cues: string[]; cuesEn?: string[] }[]
}

describe('the exercise library data file', () => {
  it('has English cues for every exercise, as many as the Spanish ones, none left in Spanish', () => {
    expect(file.exercises.length).toBeGreaterThanOrEqual(200)
    for (const e of file.exercises) {
      expect(Array.isArray(e.cuesEn), e.slug).toBe(true)
      expect(e.cuesEn!.length, e.slug).toBe(e.cues.length)
      for (const [i, cue] of e.cuesEn!.entries()) {
        expect(cue.trim().length, `${e.slug} #${i}`).toBeGreaterThanOrEqual(2)
        expect(cue, `${e.slug} #${i}`).not.toBe(e.cues[i])
        // Spanish giveaways: accents, ñ, inverted marks.
        expect(cue, `${e.slug} #${i}`).not.toMatch(/[áéíóúñ¿¡]/i)
      }
    }
    expect(libraryExercises()).toHaveLength(file.exercises.length)
  })

  it('refuses a row whose English cues do not match the Spanish ones one for one', () => {
    const row = file.exercises[0]!
    expect(LibraryExerciseSchema.safeParse(row).success).toBe(true)
    expect(LibraryExerciseSchema.safeParse({ ...row, cuesEn: row.cuesEn!.slice(0, -1) }).success).toBe(false)
    const { cuesEn: _, ...withoutEnglish } = row
    expect(LibraryExerciseSchema.safeParse(withoutEnglish).success).toBe(false)
  })
})
