import type { Exercise } from '@app/contracts'

type ExerciseTexts = Pick<Exercise, 'nameEs' | 'nameEn' | 'cues' | 'cuesEn'>

/**
 * An exercise's name and coaching cues in the page's language (i18next's): English for 'en…',
 * Spanish otherwise. A private exercise typed in one language falls back to its Spanish cues.
 */
export function exerciseText(exercise: ExerciseTexts, language: string): { name: string; cues: string[] } {
  if (!language.startsWith('en')) return { name: exercise.nameEs, cues: exercise.cues }
  return { name: exercise.nameEn || exercise.nameEs, cues: exercise.cuesEn.length ? exercise.cuesEn : exercise.cues }
}
