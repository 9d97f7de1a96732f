import { z } from 'zod'

// Issue 25 slice C: programs (weeks → days → exercises, immutable versions), assignment to
// clients, the client's session of the day, set logs (idempotent per set) and personal records.
// docs/routines.md; decision 132.

export const PROGRAM_LIMITS = {
  weeks: 52,
  itemsPerDay: 30,
  sets: 20,
  clientsPerAssignment: 50,
  commentLength: 1000,
} as const
/** Estimated 1RM (Epley) only from sets of this many reps or fewer: beyond it the estimate drifts. */
export const E1RM_MAX_REPS = 12

const Uuid = z.string({ error: 'required' }).trim().uuid({ error: 'invalid' })
const Int = (min: number, max: number) =>
  z.number({ error: 'invalidType' }).int({ error: 'invalidType' }).min(min, { error: 'tooSmall' }).max(max, { error: 'tooBig' })
const Num = (min: number, max: number) => z.number({ error: 'invalidType' }).min(min, { error: 'tooSmall' }).max(max, { error: 'tooBig' })
/** A calendar day in Santiago, YYYY-MM-DD. */
const Day = z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' })
const Title = z.string({ error: 'required' }).trim().min(2, { error: 'tooShort' }).max(120, { error: 'tooLong' })

/** The load of a set: kilograms, a percentage of the one-rep max, or effort (RPE 1–10 / reps in reserve). */
export const LoadSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('kg'), value: Num(0, 1000).multipleOf(0.25, { error: 'invalid' }) }),
    z.strictObject({ kind: z.literal('percent1rm'), value: Num(1, 120) }),
    z.strictObject({ kind: z.literal('rpe'), value: Num(1, 10).multipleOf(0.5, { error: 'invalid' }) }),
    z.strictObject({ kind: z.literal('rir'), value: Int(0, 10) }),
  ],
  { error: 'invalid' },
)
export type Load = z.infer<typeof LoadSchema>

/** Items of one day that share a label are done back to back: a superset (2) or a circuit (3+). */
export const GroupSchema = z.strictObject({
  label: z.string({ error: 'required' }).regex(/^[A-Z][0-9]?$/, { error: 'invalid' }),
  kind: z.enum(['superset', 'circuit'], { error: 'invalid' }),
})

export const ProgramItemInputSchema = z
  .strictObject({
    /** Ignored on input: the server names every item by its place (w1d1e1) in each version. */
    key: z.string().max(20).optional(),
    exerciseId: Uuid,
    sets: Int(1, PROGRAM_LIMITS.sets),
    /** A rep range ("8–12": min 8, max 12; exactly 10: both 10), or null for a timed exercise. */
    reps: z
      .strictObject({ min: Int(1, 100), max: Int(1, 100) })
      .nullable()
      .default(null),
    /** Seconds per set (plank, intervals), or null for reps. */
    seconds: Int(1, 3600).nullable().default(null),
    load: LoadSchema.nullable().default(null),
    restSeconds: Int(0, 900).nullable().default(null),
    /** Eccentric, pause, concentric, pause: "3010", "31X0". */
    tempo: z
      .string({ error: 'invalidType' })
      .regex(/^[0-9X]{4}$/, { error: 'invalid' })
      .nullable()
      .default(null),
    notes: z.string({ error: 'invalidType' }).trim().max(500, { error: 'tooLong' }).default(''),
    group: GroupSchema.nullable().default(null),
  })
  .refine((i) => (i.reps === null) !== (i.seconds === null), { error: 'required', path: ['reps'] })
  .refine((i) => !i.reps || i.reps.min <= i.reps.max, { error: 'invalid', path: ['reps', 'max'] })

const DayInputSchema = z.strictObject({
  /** Day of the program week: 1 = the start day's weekday, 7 = six days later. */
  day: Int(1, 7),
  title: z.string({ error: 'invalidType' }).trim().max(80, { error: 'tooLong' }).default(''),
  items: z.array(ProgramItemInputSchema).min(1, { error: 'required' }).max(PROGRAM_LIMITS.itemsPerDay, { error: 'tooBig' }),
})

const WeekInputSchema = z.strictObject({
  /** Training days only; days not listed are rest days. */
  days: z.array(DayInputSchema).max(7, { error: 'tooBig' }),
})

/** Weeks → days → exercises. */
export const ProgramContentInputSchema = z
  .strictObject({
    weeks: z.array(WeekInputSchema).min(1, { error: 'required' }).max(PROGRAM_LIMITS.weeks, { error: 'tooBig' }),
  })
  .superRefine((content, ctx) => {
    content.weeks.forEach((week, w) => {
      const seen = new Set<number>()
      week.days.forEach((day, d) => {
        if (seen.has(day.day)) ctx.addIssue({ code: 'custom', message: 'alreadyExists', path: ['weeks', w, 'days', d, 'day'] })
        seen.add(day.day)
        // A group label names one run of consecutive items, all of one kind.
        const groups = new Map<string, { kind: string; last: number }>()
        day.items.forEach((item, i) => {
          if (!item.group) return
          const before = groups.get(item.group.label)
          if (before && (before.kind !== item.group.kind || before.last !== i - 1))
            ctx.addIssue({ code: 'custom', message: 'invalid', path: ['weeks', w, 'days', d, 'items', i, 'group'] })
          groups.set(item.group.label, { kind: item.group.kind, last: i })
        })
      })
    })
  })

export const ProgramInputSchema = z
  .strictObject({
    title: Title,
    description: z.string({ error: 'invalidType' }).trim().max(2000, { error: 'tooLong' }).default(''),
    isTemplate: z.boolean({ error: 'invalidType' }).default(false),
    content: ProgramContentInputSchema,
  })
  .meta({
    examples: [
      {
        title: 'Fuerza 4 semanas',
        description: 'Tres días por semana',
        isTemplate: false,
        content: {
          weeks: [
            {
              days: [
                {
                  day: 1,
                  title: 'Tren inferior',
                  items: [
                    {
                      exerciseId: '5b0c7c1e-8f4a-4d2b-9a61-3c2f1e0d9b7a',
                      sets: 4,
                      reps: { min: 6, max: 8 },
                      load: { kind: 'rpe', value: 8 },
                      restSeconds: 120,
                      tempo: '3010',
                      group: { label: 'A', kind: 'superset' },
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
    ],
  })
export type ProgramInput = z.input<typeof ProgramInputSchema>

export const DuplicateProgramSchema = z.strictObject({
  title: Title.optional(),
  /** Save the copy as a template. */
  isTemplate: z.boolean({ error: 'invalidType' }).optional(),
})

// ---- Answers ----

export const ProgramItemSchema = z.object({
  /** The item's place in its version (w1d2e3): set logs name it. */
  key: z.string(),
  exerciseId: z.string(),
  sets: z.number().int(),
  reps: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  seconds: z.number().int().nullable(),
  load: LoadSchema.nullable(),
  restSeconds: z.number().int().nullable(),
  tempo: z.string().nullable(),
  notes: z.string(),
  group: z.object({ label: z.string(), kind: z.enum(['superset', 'circuit']) }).nullable(),
})
export type ProgramItem = z.infer<typeof ProgramItemSchema>
export const ProgramDaySchema = z.object({ day: z.number().int(), title: z.string(), items: z.array(ProgramItemSchema) })
export type ProgramDay = z.infer<typeof ProgramDaySchema>
export const ProgramContentSchema = z.object({ weeks: z.array(z.object({ days: z.array(ProgramDaySchema) })) })
export type ProgramContent = z.infer<typeof ProgramContentSchema>

/** The exercise as a program or a session shows it. */
export const ExerciseRefSchema = z.object({
  id: z.string(),
  nameEs: z.string(),
  nameEn: z.string(),
  cues: z.array(z.string()),
  videoUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
})
export type ExerciseRef = z.infer<typeof ExerciseRefSchema>

export const ProgramSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  isTemplate: z.boolean(),
  currentVersion: z.number().int(),
  weeks: z.number().int(),
  /** Clients following one of its versions now. */
  activeAssignments: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ProgramSummary = z.infer<typeof ProgramSummarySchema>
export const ProgramListSchema = z.object({ data: z.array(ProgramSummarySchema) })
export type ProgramList = z.infer<typeof ProgramListSchema>

export const ProgramSchema = ProgramSummarySchema.extend({
  /** The version shown (the current one unless another was asked for). */
  version: z.number().int(),
  versionId: z.string(),
  versionCreatedAt: z.string(),
  content: ProgramContentSchema,
  /** Every exercise the version uses. */
  exercises: z.array(ExerciseRefSchema),
})
export type Program = z.infer<typeof ProgramSchema>

export const ProgramListQuerySchema = z.object({
  template: z
    .enum(['true', 'false'], { error: 'invalid' })
    .transform((v) => v === 'true')
    .optional(),
})
export const ProgramVersionParamsSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  version: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(100_000, { error: 'invalid' }),
})

// ---- Assignment ----

export const AssignmentInputSchema = z
  .strictObject({
    clientUserIds: z
      .array(Uuid)
      .min(1, { error: 'required' })
      .max(PROGRAM_LIMITS.clientsPerAssignment, { error: 'tooBig' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'invalid' }),
    /** The first day, a Santiago calendar day (today or later). */
    startDate: Day,
    /** Which version; the current one when left out. */
    version: Int(1, 100_000).optional(),
  })
  .meta({ examples: [{ clientUserIds: ['0f7a4c2e-6b1d-4e8a-9c3f-2d5e7a9b1c4d'], startDate: '2026-12-07' }] })
export type AssignmentInput = z.input<typeof AssignmentInputSchema>

export const AssignmentSchema = z.object({
  id: z.string(),
  programId: z.string(),
  versionId: z.string(),
  version: z.number().int(),
  clientUserId: z.string(),
  clientName: z.string(),
  startDate: z.string(),
  /** The last day of the program (start + weeks × 7 − 1). */
  endDate: z.string(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Assignment = z.infer<typeof AssignmentSchema>
export const AssignmentListSchema = z.object({ data: z.array(AssignmentSchema) })
export type AssignmentList = z.infer<typeof AssignmentListSchema>

/** A person the trainer may assign a program to now: a client of theirs (subscription or coaching link). */
export const AssignableClientSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
})
export type AssignableClient = z.infer<typeof AssignableClientSchema>
export const AssignableClientListSchema = z.object({ data: z.array(AssignableClientSchema) })
export type AssignableClientList = z.infer<typeof AssignableClientListSchema>

/** A trainer's view of what a client follows from them: each assignment with its program's title and first week's days. */
export const ClientAssignmentListSchema = z.object({
  data: z.array(
    AssignmentSchema.extend({
      programTitle: z.string(),
      weeks: z.number().int(),
      /** The training days of the version's first week: weekday (1 = Monday), title and how many exercises. */
      days: z.array(z.object({ day: z.number().int(), title: z.string(), exercises: z.number().int() })),
    }),
  ),
})
export type ClientAssignmentList = z.infer<typeof ClientAssignmentListSchema>

// ---- Set logs and sessions ----

export const SetLogInputSchema = z
  .strictObject({
    /** Made by the phone once per set (a UUID): sending it again stores nothing new. */
    idempotencyKey: z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'invalid' }),
    assignmentId: Uuid,
    week: Int(1, PROGRAM_LIMITS.weeks),
    day: Int(1, 7),
    /** The item of the day (w1d1e2). */
    itemKey: z.string({ error: 'required' }).regex(/^w\d{1,2}d[1-7]e\d{1,2}$/, { error: 'invalid' }),
    setNumber: Int(1, 50),
    reps: Int(0, 1000).nullable().default(null),
    loadKg: Num(0, 1000).multipleOf(0.01, { error: 'invalid' }).nullable().default(null),
    seconds: Int(0, 36_000).nullable().default(null),
    done: z.boolean({ error: 'invalidType' }).default(true),
    /** When the set was done (the phone's clock; offline sets sync later). Now when left out. */
    performedAt: z.iso.datetime({ offset: true, error: 'invalid' }).optional(),
  })
  .refine((s) => s.reps !== null || s.seconds !== null || !s.done, { error: 'required', path: ['reps'] })
  .meta({
    examples: [
      {
        idempotencyKey: '7d1f8a2c-3b4e-4f6a-9c0d-1e2f3a4b5c6d',
        assignmentId: '2a9f6c1e-4b3d-4e7a-8c5f-0d1e2f3a4b5c',
        week: 1,
        day: 1,
        itemKey: 'w1d1e1',
        setNumber: 1,
        reps: 8,
        loadKg: 60,
        done: true,
        performedAt: '2026-12-07T10:15:00-03:00',
      },
    ],
  })
export type SetLogInput = z.input<typeof SetLogInputSchema>

export const SetLogSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  exerciseId: z.string(),
  itemKey: z.string(),
  setNumber: z.number().int(),
  reps: z.number().int().nullable(),
  loadKg: z.number().nullable(),
  seconds: z.number().int().nullable(),
  done: z.boolean(),
  idempotencyKey: z.string(),
  performedAt: z.string(),
})
export type SetLog = z.infer<typeof SetLogSchema>

// ---- Personal records ----

export const RepRecordSchema = z.object({
  reps: z.number().int(),
  loadKg: z.number(),
  /** The Santiago day it was first lifted. */
  on: z.string(),
})
export const ExerciseRecordsSchema = z.object({
  exerciseId: z.string(),
  /** Heaviest load per rep count, fewest reps first. */
  byReps: z.array(RepRecordSchema),
  /** Best Epley estimate, load × (1 + reps / 30), from sets of 1–12 reps; null without one. */
  estimated1RmKg: z.number().nullable(),
  estimated1RmOn: z.string().nullable(),
})
export type ExerciseRecords = z.infer<typeof ExerciseRecordsSchema>
export const RecordListSchema = z.object({ data: z.array(ExerciseRecordsSchema.extend({ exercise: ExerciseRefSchema })) })
export type RecordList = z.infer<typeof RecordListSchema>

export const SetLogAnswerSchema = z.object({
  setLog: SetLogSchema,
  /** True when the key had been used: the stored set, nothing new written. */
  replayed: z.boolean(),
  /** The exercise's records after this set. */
  records: ExerciseRecordsSchema,
})
export type SetLogAnswer = z.infer<typeof SetLogAnswerSchema>

export const SessionDoneInputSchema = z.strictObject({
  assignmentId: Uuid,
  week: Int(1, PROGRAM_LIMITS.weeks),
  day: Int(1, 7),
  comment: z.string({ error: 'invalidType' }).trim().max(PROGRAM_LIMITS.commentLength, { error: 'tooLong' }).optional(),
})
export type SessionDoneInput = z.input<typeof SessionDoneInputSchema>

export const SessionReplyInputSchema = z.strictObject({
  reply: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(PROGRAM_LIMITS.commentLength, { error: 'tooLong' }),
})

/** The figures of the last time the client logged an exercise (before this session). */
export const LastTimeSchema = z.object({
  on: z.string(),
  sets: z.array(
    z.object({
      setNumber: z.number().int(),
      reps: z.number().int().nullable(),
      loadKg: z.number().nullable(),
      seconds: z.number().int().nullable(),
    }),
  ),
})

export const WorkoutSessionSchema = z.object({
  /** null until the client logs a set or marks the day done. */
  sessionId: z.string().nullable(),
  assignmentId: z.string(),
  programId: z.string(),
  programTitle: z.string(),
  version: z.number().int(),
  trainerName: z.string(),
  week: z.number().int(),
  day: z.number().int(),
  title: z.string(),
  scheduledOn: z.string(),
  completedAt: z.string().nullable(),
  comment: z.string().nullable(),
  trainerReply: z.string().nullable(),
  items: z.array(
    ProgramItemSchema.extend({
      exercise: ExerciseRefSchema,
      /** Sets logged in this session. */
      logged: z.array(SetLogSchema),
      lastTime: LastTimeSchema.nullable(),
    }),
  ),
})
export type WorkoutSession = z.infer<typeof WorkoutSessionSchema>

/** A training day still to come, for the rest-day screen. */
export const NextSessionSchema = z.object({
  /** The Santiago day it falls on. */
  date: z.string(),
  title: z.string(),
  programTitle: z.string(),
})
export type NextSession = z.infer<typeof NextSessionSchema>

export const TodaySchema = z.object({
  /** Today in America/Santiago. */
  date: z.string(),
  data: z.array(WorkoutSessionSchema),
  /** The first training day after today of the caller's current assignments (one starting later included); null when none is left. */
  next: NextSessionSchema.nullable(),
})
export type Today = z.infer<typeof TodaySchema>

export const SessionStateSchema = z.object({
  sessionId: z.string(),
  assignmentId: z.string(),
  week: z.number().int(),
  day: z.number().int(),
  scheduledOn: z.string(),
  completedAt: z.string().nullable(),
  comment: z.string().nullable(),
  trainerReply: z.string().nullable(),
})
export type SessionState = z.infer<typeof SessionStateSchema>

/** A trainer's view of a client's logged sessions, newest first. */
export const ClientWorkoutListSchema = z.object({
  data: z.array(
    SessionStateSchema.extend({
      programId: z.string(),
      programTitle: z.string(),
      version: z.number().int(),
      title: z.string(),
      sets: z.array(SetLogSchema.extend({ exerciseNameEs: z.string(), exerciseNameEn: z.string() })),
    }),
  ),
})
export type ClientWorkoutList = z.infer<typeof ClientWorkoutListSchema>

export const ClientParamsSchema = z.object({ clientUserId: z.uuid({ error: 'invalid' }) })
