import type { ExerciseName } from './draft'

/** An exercise's name in the page's language: English for 'en…' when it has one, Spanish otherwise. */
export const exerciseName = (exercise: ExerciseName, language: string) =>
  language.startsWith('en') ? exercise.nameEn || exercise.nameEs : exercise.nameEs
