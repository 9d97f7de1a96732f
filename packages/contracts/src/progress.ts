import { z } from 'zod'
import { RecordListSchema } from './routines.ts'

// Issue 25 (progress): health-data consent, body measurements, progress photos, weekly adherence,
// the trainer's and the gym owner's views. Decision 209; docs/routines.md.

/**
 * The purpose the client consents to before the first measurement or photo (Ley 21.719: health
 * data is sensitive). A new text is a new version; entries need consent to the current one.
 */
export const HEALTH_CONSENT_VERSION = '2026-11-27'
export const HEALTH_CONSENT_TEXT = {
  es: 'Autorizo que se guarden mi peso, mis medidas corporales, mi porcentaje de grasa y mis fotos de progreso para seguir mi avance, y que los vea solo mi entrenador o entrenadora actual. No se muestran a mi gimnasio ni a nadie más. Puedo borrar cualquier registro y retirar esta autorización cuando quiera; al retirarla no se guardan registros nuevos.',
  en: 'I allow my weight, body measurements, body-fat percentage and progress photos to be stored to follow my progress, and to be seen only by my current trainer. They are not shown to my gym or anyone else. I can delete any entry and withdraw this permission at any time; once withdrawn, no new entries are stored.',
} as const

export const PROGRESS_LIMITS = {
  /** Longest range one list answers: three years of daily entries. */
  rangeDays: 1096,
  /** Default range of the lists: two years back from today. */
  defaultRangeDays: 730,
  photoMaxBytes: 10 * 1024 * 1024,
  /** Long side of the stored photo and of its thumbnail, in pixels. */
  photoPx: 1600,
  thumbPx: 320,
  /** Lifetime of a signed photo link. */
  photoLinkSeconds: 300,
  adherenceWeeks: 26,
  /** A client without a workout for this many days is flagged on the trainer's list. */
  inactiveDays: 7,
} as const

export const PROGRESS_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const PHOTO_POSES = ['front', 'side', 'back'] as const
export type PhotoPose = (typeof PHOTO_POSES)[number]

/** Allowed ranges; each value has at most the decimals given (stored as integers, decision 209). */
export const MEASUREMENT_RANGES = {
  weightKg: { min: 20, max: 400, decimals: 2 },
  waistCm: { min: 30, max: 300, decimals: 1 },
  hipCm: { min: 30, max: 300, decimals: 1 },
  chestCm: { min: 30, max: 300, decimals: 1 },
  armCm: { min: 10, max: 100, decimals: 1 },
  thighCm: { min: 20, max: 150, decimals: 1 },
  bodyFatPct: { min: 2, max: 75, decimals: 2 },
} as const
export type MeasurementField = keyof typeof MEASUREMENT_RANGES
export const MEASUREMENT_FIELDS = Object.keys(MEASUREMENT_RANGES) as MeasurementField[]

/** A calendar day in Santiago, YYYY-MM-DD. */
const Day = z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' })
const Screen = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(80, { error: 'tooLong' })

const decimalsOk = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}
const metric = (field: MeasurementField) => {
  const { min, max, decimals } = MEASUREMENT_RANGES[field]
  return z
    .number({ error: 'invalidType' })
    .min(min, { error: 'tooSmall' })
    .max(max, { error: 'tooBig' })
    .refine((v) => decimalsOk(v, decimals), { error: 'invalid' })
    .nullable()
    .default(null)
}

// ---- Consent ----

export const HealthConsentInputSchema = z
  .strictObject({
    /** The version of the text the person read (HEALTH_CONSENT_VERSION); an older one is refused. */
    version: z.string({ error: 'required' }).max(20, { error: 'tooLong' }),
    /** The language the text was shown in. */
    language: z.enum(['es', 'en'], { error: 'invalid' }),
    /** The screen it was given on (e.g. "client-progress"). */
    screen: Screen,
  })
  .meta({ examples: [{ version: HEALTH_CONSENT_VERSION, language: 'es', screen: 'client-progress' }] })
export type HealthConsentInput = z.infer<typeof HealthConsentInputSchema>

export const HealthConsentWithdrawSchema = z
  .strictObject({
    screen: Screen,
    /** Also delete every measurement and photo now (false: they stay, visible to the client only). */
    eraseEntries: z.boolean({ error: 'invalidType' }).default(false),
  })
  .meta({ examples: [{ screen: 'client-progress', eraseEntries: false }] })
export type HealthConsentWithdraw = z.infer<typeof HealthConsentWithdrawSchema>

export const HealthConsentRecordSchema = z.object({
  accepted: z.boolean(),
  version: z.string(),
  language: z.enum(['es', 'en']),
  screen: z.string(),
  /** A withdrawal that also deleted the entries. */
  erasedEntries: z.boolean(),
  createdAt: z.string(),
})

export const HealthConsentStatusSchema = z
  .object({
    /** True while the last record is a consent (any version): the trainer may see the entries. */
    given: z.boolean(),
    /** True when the last record is a consent to the current version: new entries are accepted. */
    current: z.boolean(),
    currentVersion: z.string(),
    /** The purpose text of the current version, in both languages. */
    text: z.object({ es: z.string(), en: z.string() }),
    history: z.array(HealthConsentRecordSchema),
  })
  .meta({
    examples: [
      {
        given: true,
        current: true,
        currentVersion: HEALTH_CONSENT_VERSION,
        text: HEALTH_CONSENT_TEXT,
        history: [
          {
            accepted: true,
            version: HEALTH_CONSENT_VERSION,
            language: 'es',
            screen: 'client-progress',
            erasedEntries: false,
            createdAt: '2026-12-01T13:05:00.000Z',
          },
        ],
      },
    ],
  })
export type HealthConsentStatus = z.infer<typeof HealthConsentStatusSchema>

// ---- Measurements ----

export const MeasurementDayParamsSchema = z.object({ date: Day })

/** One day's entry: at least one value; a value left out or null is not measured. */
export const MeasurementInputSchema = z
  .strictObject({
    weightKg: metric('weightKg'),
    waistCm: metric('waistCm'),
    hipCm: metric('hipCm'),
    chestCm: metric('chestCm'),
    armCm: metric('armCm'),
    thighCm: metric('thighCm'),
    bodyFatPct: metric('bodyFatPct'),
  })
  .refine((m) => MEASUREMENT_FIELDS.some((f) => m[f] !== null), { error: 'required', path: ['weightKg'] })
  .meta({ examples: [{ weightKg: 72.4, waistCm: 81.5, bodyFatPct: 18.2 }] })
export type MeasurementInput = z.infer<typeof MeasurementInputSchema>

const measurementExample = {
  id: '5b2c7e1a-9d4f-4a3b-8e6c-1f2a3b4c5d6e',
  date: '2026-12-01',
  weightKg: 72.4,
  waistCm: 81.5,
  hipCm: null,
  chestCm: null,
  armCm: null,
  thighCm: null,
  bodyFatPct: 18.2,
  updatedAt: '2026-12-01T11:02:00.000Z',
}

export const MeasurementSchema = z
  .object({
    id: z.string(),
    /** The Santiago day it was measured. */
    date: z.string(),
    weightKg: z.number().nullable(),
    waistCm: z.number().nullable(),
    hipCm: z.number().nullable(),
    chestCm: z.number().nullable(),
    armCm: z.number().nullable(),
    thighCm: z.number().nullable(),
    bodyFatPct: z.number().nullable(),
    updatedAt: z.string(),
  })
  .meta({ examples: [measurementExample] })
export type Measurement = z.infer<typeof MeasurementSchema>

export const ProgressRangeQuerySchema = z.object({
  /** First day (Santiago); default two years before `to`. */
  from: Day.optional(),
  /** Last day (Santiago); default today. */
  to: Day.optional(),
})
export type ProgressRangeQuery = z.infer<typeof ProgressRangeQuerySchema>

export const MeasurementListSchema = z
  .object({ from: z.string(), to: z.string(), data: z.array(MeasurementSchema) })
  .meta({ examples: [{ from: '2024-12-01', to: '2026-12-01', data: [measurementExample] }] })
export type MeasurementList = z.infer<typeof MeasurementListSchema>

// ---- Photos ----

export const PhotoUploadQuerySchema = z.object({
  pose: z.enum(PHOTO_POSES, { error: 'invalid' }),
  /** The Santiago day it was taken; default today. */
  takenOn: Day.optional(),
})

const photoExample = {
  id: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  pose: 'front',
  takenOn: '2026-12-01',
  width: 1200,
  height: 1600,
  createdAt: '2026-12-01T11:05:00.000Z',
  url: '/api/v1/progress-photos/8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/image?size=full&expires=1796130600&sig=Vb0w…',
  thumbUrl: '/api/v1/progress-photos/8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/image?size=thumb&expires=1796130600&sig=k3Pq…',
  linksExpireAt: '2026-12-01T11:10:00.000Z',
}

export const ProgressPhotoSchema = z
  .object({
    id: z.string(),
    pose: z.enum(PHOTO_POSES),
    takenOn: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    createdAt: z.string(),
    /** Signed links (no token needed) valid until `linksExpireAt`, five minutes: ask the list again for new ones. */
    url: z.string(),
    thumbUrl: z.string(),
    linksExpireAt: z.string(),
  })
  .meta({ examples: [photoExample] })
export type ProgressPhoto = z.infer<typeof ProgressPhotoSchema>

export const ProgressPhotoListSchema = z
  .object({ from: z.string(), to: z.string(), data: z.array(ProgressPhotoSchema) })
  .meta({ examples: [{ from: '2024-12-01', to: '2026-12-01', data: [photoExample] }] })
export type ProgressPhotoList = z.infer<typeof ProgressPhotoListSchema>

export const PhotoIdParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) })
export const PhotoImageQuerySchema = z.object({
  size: z.enum(['full', 'thumb'], { error: 'invalid' }),
  /** Unix seconds after which the link is refused. */
  expires: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }),
  sig: z.string({ error: 'required' }).max(100, { error: 'invalid' }),
})

// ---- Adherence ----

export const AdherenceQuerySchema = z.object({
  /** How many weeks back, the current one included (default 4). */
  weeks: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'tooSmall' })
    .max(PROGRESS_LIMITS.adherenceWeeks, { error: 'tooBig' })
    .default(4),
})

const weekExample = { weekStart: '2026-11-30', assigned: 3, due: 2, done: 2, rate: 0.67 }

/** One Santiago week (Monday to Sunday) of assigned training days. */
export const WeekAdherenceSchema = z
  .object({
    /** The Monday (Santiago) that starts the week. */
    weekStart: z.string(),
    /** Training days scheduled in the week by the assignments counted. */
    assigned: z.number().int(),
    /** Of those, the days up to today (Santiago). */
    due: z.number().int(),
    /** Of the assigned days, those marked done. */
    done: z.number().int(),
    /** done / assigned, rounded to two decimals; null when nothing was assigned. */
    rate: z.number().nullable(),
  })
  .meta({ examples: [weekExample] })
export type WeekAdherence = z.infer<typeof WeekAdherenceSchema>

export const AdherenceSchema = z.object({ weeks: z.array(WeekAdherenceSchema) }).meta({ examples: [{ weeks: [weekExample] }] })
export type Adherence = z.infer<typeof AdherenceSchema>

// ---- The trainer's and the gym owner's views ----

const clientRowExample = {
  clientUserId: '0f7a4c2e-6b1d-4e8a-9c3f-2d5e7a9b1c4d',
  name: 'Carla Soto',
  email: 'carla.soto@example.com',
  lastWorkoutAt: '2026-11-28T12:40:00.000Z',
  inactive: false,
  thisWeek: weekExample,
  healthConsent: true,
}

export const ClientProgressRowSchema = z
  .object({
    clientUserId: z.string(),
    name: z.string(),
    email: z.string(),
    /** The last set logged or session done on this trainer's programs; null when never. */
    lastWorkoutAt: z.string().nullable(),
    /** No workout on this trainer's programs in the last PROGRESS_LIMITS.inactiveDays days (or never). */
    inactive: z.boolean(),
    thisWeek: WeekAdherenceSchema,
    /** The client lets the trainer see measurements and photos. */
    healthConsent: z.boolean(),
  })
  .meta({ examples: [clientRowExample] })
export type ClientProgressRow = z.infer<typeof ClientProgressRowSchema>

export const ClientProgressListSchema = z
  .object({ data: z.array(ClientProgressRowSchema) })
  .meta({ examples: [{ data: [clientRowExample] }] })
export type ClientProgressList = z.infer<typeof ClientProgressListSchema>

export const ClientProgressQuerySchema = ProgressRangeQuerySchema.extend(AdherenceQuerySchema.shape)

export const ClientProgressSchema = z
  .object({
    clientUserId: z.string(),
    name: z.string(),
    /** False when the client has not consented or withdrew: measurements and photos are then empty. */
    healthConsent: z.boolean(),
    from: z.string(),
    to: z.string(),
    measurements: z.array(MeasurementSchema),
    photos: z.array(ProgressPhotoSchema),
    /** Personal records from the logs (the same as GET /trainer/clients/{clientUserId}/records). */
    records: RecordListSchema.shape.data,
    adherence: z.array(WeekAdherenceSchema),
  })
  .meta({
    examples: [
      {
        clientUserId: clientRowExample.clientUserId,
        name: 'Carla Soto',
        healthConsent: true,
        from: '2024-12-01',
        to: '2026-12-01',
        measurements: [measurementExample],
        photos: [photoExample],
        records: [],
        adherence: [weekExample],
      },
    ],
  })
export type ClientProgress = z.infer<typeof ClientProgressSchema>

const gymRowExample = {
  trainerId: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
  trainerName: 'Tomás Vera',
  clientUserId: clientRowExample.clientUserId,
  clientName: 'Carla Soto',
  weeks: [weekExample],
}

/** A gym owner's view: adherence only (never measurements or photos). */
export const GymAdherenceSchema = z
  .object({
    data: z.array(
      z.object({
        trainerId: z.string(),
        trainerName: z.string(),
        clientUserId: z.string(),
        clientName: z.string(),
        weeks: z.array(WeekAdherenceSchema),
      }),
    ),
  })
  .meta({ examples: [{ data: [gymRowExample] }] })
export type GymAdherence = z.infer<typeof GymAdherenceSchema>
