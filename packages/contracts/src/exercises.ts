import { z } from 'zod'

// Issue 25: the exercise library (shipped data file, imports, private exercises of a trainer or a gym).

export const MUSCLES = [
  'chest',
  'lats',
  'upper_back',
  'lower_back',
  'traps',
  'shoulders',
  'biceps',
  'triceps',
  'forearms',
  'abs',
  'obliques',
  'quads',
  'hamstrings',
  'glutes',
  'adductors',
  'abductors',
  'calves',
] as const
export type Muscle = (typeof MUSCLES)[number]

export const EQUIPMENT = [
  'barbell',
  'dumbbell',
  'kettlebell',
  'ez_bar',
  'trap_bar',
  'landmine',
  'smith_machine',
  'machine',
  'cable',
  'band',
  'bench',
  'box',
  'pull_up_bar',
  'parallel_bars',
  'suspension',
  'medicine_ball',
  'ab_wheel',
  'foam_roller',
  'jump_rope',
  'battle_rope',
  'sled',
  'treadmill',
  'bike',
  'rower',
  'bodyweight',
] as const
export type Equipment = (typeof EQUIPMENT)[number]

export const EXERCISE_CATEGORIES = ['strength', 'cardio', 'plyometrics', 'weightlifting', 'mobility', 'stretching'] as const
export const EXERCISE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const
export const EXERCISE_PAGE_SIZE = { default: 30, max: 100 } as const

const Name = z.string({ error: 'required' }).trim().min(2, { error: 'tooShort' }).max(100, { error: 'tooLong' })
const Cue = z.string({ error: 'required' }).trim().min(2, { error: 'tooShort' }).max(160, { error: 'tooLong' })

/** A row of the library data file (apps/api/seed/exercises.json): cues in Spanish (`cues`) and English (`cuesEn`), one for one. */
export const LibraryExerciseSchema = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    es: Name,
    en: Name,
    aliases: z.array(Name).default([]),
    category: z.enum(EXERCISE_CATEGORIES),
    level: z.enum(EXERCISE_LEVELS),
    equipment: z.array(z.enum(EQUIPMENT)).min(1),
    primary: z.array(z.enum(MUSCLES)).min(1),
    secondary: z.array(z.enum(MUSCLES)),
    cues: z.array(Cue).min(3).max(4),
    cuesEn: z.array(Cue).min(3).max(4),
  })
  .refine((e) => e.cuesEn.length === e.cues.length, { error: 'cuesEn: one English cue per Spanish cue', path: ['cuesEn'] })
export type LibraryExercise = z.infer<typeof LibraryExerciseSchema>

/** YouTube or Vimeo, https only: the player pages trainers share. */
export const VIDEO_URL_PATTERN =
  /^https:\/\/(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?v=|shorts\/|embed\/)[\w-]{11}(?:[&?#][^\s]*)?|youtu\.be\/[\w-]{11}(?:[?#][^\s]*)?|(?:www\.)?vimeo\.com\/\d{6,12}(?:[/?#][^\s]*)?|player\.vimeo\.com\/video\/\d{6,12}(?:[?#][^\s]*)?)$/

export const VideoUrlSchema = z
  .string({ error: 'invalidType' })
  .trim()
  .max(300, { error: 'tooLong' })
  .regex(VIDEO_URL_PATTERN, { error: 'invalid' })

export const ExerciseSchema = z
  .object({
    id: z.uuid(),
    source: z.enum(['library', 'import', 'trainer']),
    /** Who sees it besides everyone: 'mine' (the trainer's), 'gym' (the gym's trainers), null (library). */
    scope: z.enum(['mine', 'gym']).nullable(),
    nameEs: z.string(),
    nameEn: z.string(),
    category: z.string(),
    level: z.string(),
    equipment: z.array(z.string()),
    primaryMuscles: z.array(z.string()),
    secondaryMuscles: z.array(z.string()),
    /** Coaching cues in Spanish. */
    cues: z.array(z.string()),
    /** The same cues in English; a private exercise's cues as typed (one language for both). */
    cuesEn: z.array(z.string()),
    videoUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    attribution: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        id: '5b0c7c1e-8f4a-4d2b-9a61-3c2f1e0d9b7a',
        source: 'library',
        scope: null,
        nameEs: 'Sentadilla búlgara',
        nameEn: 'Bulgarian split squat',
        category: 'strength',
        level: 'intermediate',
        equipment: ['dumbbell', 'bench'],
        primaryMuscles: ['quads', 'glutes'],
        secondaryMuscles: ['hamstrings', 'adductors'],
        cues: ['Empeine de atrás sobre la banca', 'Baja recto, como en un ascensor', 'Empuja con el talón de adelante'],
        cuesEn: ['Top of your back foot on the bench', 'Go straight down, like an elevator', 'Drive through your front heel'],
        videoUrl: null,
        imageUrl: null,
        attribution: null,
      },
    ],
  })
export type Exercise = z.infer<typeof ExerciseSchema>

export const ExerciseListSchema = z.object({ data: z.array(ExerciseSchema) })
export type ExerciseList = z.infer<typeof ExerciseListSchema>

export const ExerciseQuerySchema = z.object({
  /** Words in Spanish or English; accents and small typos forgiven. */
  q: z.string({ error: 'invalidType' }).trim().max(100, { error: 'tooLong' }).optional(),
  muscle: z.enum(MUSCLES, { error: 'invalid' }).optional(),
  equipment: z.enum(EQUIPMENT, { error: 'invalid' }).optional(),
  /** only the caller's own (and their gym's) exercises */
  mine: z
    .enum(['true', 'false'], { error: 'invalid' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'tooSmall' })
    .max(EXERCISE_PAGE_SIZE.max, { error: 'tooBig' })
    .default(EXERCISE_PAGE_SIZE.default),
})

/** A private exercise of a trainer (or, from a gym owner, of the gym's trainers). */
export const ExerciseInputSchema = z
  .strictObject({
    nameEs: Name,
    nameEn: Name.optional(),
    category: z.enum(EXERCISE_CATEGORIES, { error: 'invalid' }),
    level: z.enum(EXERCISE_LEVELS, { error: 'invalid' }).default('beginner'),
    equipment: z
      .array(z.enum(EQUIPMENT, { error: 'invalid' }))
      .min(1, { error: 'required' })
      .max(5, { error: 'tooBig' }),
    primaryMuscles: z
      .array(z.enum(MUSCLES, { error: 'invalid' }))
      .min(1, { error: 'required' })
      .max(4, { error: 'tooBig' }),
    secondaryMuscles: z
      .array(z.enum(MUSCLES, { error: 'invalid' }))
      .max(6, { error: 'tooBig' })
      .default([]),
    cues: z.array(Cue).max(6, { error: 'tooBig' }).default([]),
    videoUrl: VideoUrlSchema.nullable().optional(),
  })
  .meta({
    examples: [
      {
        nameEs: 'Sentadilla con pausa',
        category: 'strength',
        level: 'intermediate',
        equipment: ['barbell'],
        primaryMuscles: ['quads', 'glutes'],
        cues: ['Pausa de dos segundos abajo'],
        videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      },
    ],
  })
export type ExerciseInput = z.input<typeof ExerciseInputSchema>
