import { z } from 'zod'

// Issue 21: availability (America/Santiago), session types, bookings and calendar feeds
// (decisions 142–144). A client never sends a price, a capacity or an end time: the server reads
// them from the trainer's session type.

export const BOOKING_TIME_ZONE = 'America/Santiago'
export const BOOKING_PAGE_SIZE = { default: 20, max: 100 } as const
/** How far ahead slots are offered and bookable. */
export const BOOKING_HORIZON_DAYS = 60
/** Reminder mail this long before a session. */
export const REMINDER_HOURS = 24

const Uuid = z.string().trim().uuid({ error: 'notFound' })
const Minute = z.number({ error: 'invalidType' }).int({ error: 'invalidType' }).min(0, { error: 'tooSmall' }).max(1440, { error: 'tooBig' })
/** A calendar day, YYYY-MM-DD, in Santiago. */
export const DaySchema = z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' })
const Instant = z.iso.datetime({ offset: true, error: 'invalid' })

export const BookingIdParamsSchema = z.object({ id: Uuid })

/** `{ ok: true }` of a removal or revocation. */
export const RemovedSchema = z.object({ ok: z.literal(true) }).meta({ example: { ok: true } })

// ---- Session types ----

export const SessionTypeInputSchema = z.strictObject({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(80, { error: 'tooLong' }),
  durationMinutes: z
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .min(15, { error: 'tooSmall' })
    .max(480, { error: 'tooBig' }),
  /** 1: one-to-one; more: a small group sharing the slot. */
  capacity: z
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .min(1, { error: 'tooSmall' })
    .max(50, { error: 'tooBig' })
    .default(1),
  active: z.boolean().default(true),
})
export type SessionTypeInput = z.infer<typeof SessionTypeInputSchema>
export const SessionTypeSchema = z
  .object({ id: z.string(), name: z.string(), durationMinutes: z.number().int(), capacity: z.number().int(), active: z.boolean() })
  .meta({ example: { id: '5e1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', name: 'Sesión 1:1', durationMinutes: 60, capacity: 1, active: true } })
export type SessionType = z.infer<typeof SessionTypeSchema>
export const SessionTypeListSchema = z.object({ data: z.array(SessionTypeSchema), nextCursor: z.string().nullable() })

// ---- Weekly hours and exceptions ----

export const WeeklyHoursRangeSchema = z
  .strictObject({
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: z.number({ error: 'invalidType' }).int({ error: 'invalidType' }).min(1, { error: 'tooSmall' }).max(7, { error: 'tooBig' }),
    startMinute: Minute,
    endMinute: Minute,
  })
  .refine((r) => r.startMinute < r.endMinute, { error: 'invalid', path: ['endMinute'] })
export type WeeklyHoursRange = z.infer<typeof WeeklyHoursRangeSchema>
export const WeeklyHoursSchema = z
  .object({
    timeZone: z.literal(BOOKING_TIME_ZONE).default(BOOKING_TIME_ZONE),
    ranges: z.array(WeeklyHoursRangeSchema).max(50, { error: 'tooBig' }),
  })
  .meta({ example: { timeZone: 'America/Santiago', ranges: [{ weekday: 1, startMinute: 540, endMinute: 780 }] } })
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>
export const WeeklyHoursInputSchema = z.strictObject({ ranges: z.array(WeeklyHoursRangeSchema).max(50, { error: 'tooBig' }) })

export const ExceptionInputSchema = z
  .strictObject({
    day: DaySchema,
    /** Both null: the whole day off. */
    startMinute: Minute.nullable().default(null),
    endMinute: Minute.nullable().default(null),
    reason: z.string({ error: 'invalidType' }).trim().max(200, { error: 'tooLong' }).default(''),
  })
  .refine((e) => (e.startMinute === null) === (e.endMinute === null) && (e.startMinute === null || e.startMinute < e.endMinute!), {
    error: 'invalid',
    path: ['endMinute'],
  })
export type ExceptionInput = z.infer<typeof ExceptionInputSchema>
export const AvailabilityExceptionSchema = z
  .object({
    id: z.string(),
    day: z.string(),
    startMinute: z.number().int().nullable(),
    endMinute: z.number().int().nullable(),
    reason: z.string(),
  })
  .meta({
    example: { id: '6a1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', day: '2026-12-25', startMinute: null, endMinute: null, reason: 'Navidad' },
  })
export type AvailabilityException = z.infer<typeof AvailabilityExceptionSchema>
export const ExceptionListSchema = z.object({ data: z.array(AvailabilityExceptionSchema), nextCursor: z.string().nullable() })

// ---- Slots (public) ----

export const SlotQuerySchema = z.object({
  from: DaySchema,
  /** Inclusive; at most 31 days after `from`. */
  to: DaySchema,
  sessionTypeId: Uuid.optional(),
})
export const SlotSchema = z.object({
  sessionTypeId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
})
export type Slot = z.infer<typeof SlotSchema>
export const SlotListSchema = z
  .object({ timeZone: z.literal(BOOKING_TIME_ZONE), sessionTypes: z.array(SessionTypeSchema), data: z.array(SlotSchema) })
  .meta({
    example: {
      timeZone: 'America/Santiago',
      sessionTypes: [{ id: '5e1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', name: 'Sesión 1:1', durationMinutes: 60, capacity: 1, active: true }],
      data: [
        {
          sessionTypeId: '5e1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
          startsAt: '2026-12-01T12:00:00.000Z',
          endsAt: '2026-12-01T13:00:00.000Z',
          capacity: 1,
          remaining: 1,
        },
      ],
    },
  })
export type SlotList = z.infer<typeof SlotListSchema>

// ---- Bookings ----

export const BookingCreateSchema = z.strictObject({
  trainerId: Uuid,
  sessionTypeId: Uuid,
  startsAt: Instant,
})
export type BookingCreate = z.infer<typeof BookingCreateSchema>

export const BOOKING_STATES = ['pending', 'confirmed', 'cancelled', 'attended', 'no_show'] as const
export type BookingState = (typeof BOOKING_STATES)[number]

export const BookingSchema = z
  .object({
    id: z.string(),
    trainer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), slug: z.string().nullable() }),
    client: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
    sessionType: z.object({ id: z.string(), name: z.string(), capacity: z.number().int() }),
    startsAt: z.string(),
    endsAt: z.string(),
    state: z.enum(BOOKING_STATES),
    cancelledBy: z.enum(['client', 'trainer']).nullable(),
    /** Until when the client may still cancel. */
    cancellableUntil: z.string(),
    createdAt: z.string(),
  })
  .meta({
    example: {
      id: '9a1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      trainer: { id: '7b0c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', firstName: 'Camila', lastName: 'Rojas', slug: 'camila-rojas' },
      client: { id: '3c1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', firstName: 'Carla', lastName: 'Cliente' },
      sessionType: { id: '5e1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', name: 'Sesión 1:1', capacity: 1 },
      startsAt: '2026-12-01T12:00:00.000Z',
      endsAt: '2026-12-01T13:00:00.000Z',
      state: 'pending',
      cancelledBy: null,
      cancellableUntil: '2026-11-30T12:00:00.000Z',
      createdAt: '2026-11-25T12:00:00.000Z',
    },
  })
export type Booking = z.infer<typeof BookingSchema>
export const BookingPageSchema = z.object({ data: z.array(BookingSchema), nextCursor: z.string().nullable() })
export type BookingPage = z.infer<typeof BookingPageSchema>

export const BookingListQuerySchema = z.object({
  /** upcoming (default): not yet ended, soonest first; past: ended, newest first. */
  when: z.enum(['upcoming', 'past'], { error: 'invalid' }).default('upcoming'),
  cursor: z.string({ error: 'invalidType' }).max(200, { error: 'invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(BOOKING_PAGE_SIZE.max, { error: 'invalid' })
    .default(BOOKING_PAGE_SIZE.default),
})
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>

export const CalendarQuerySchema = z.object({
  /** Monday of the week (Santiago); the calendar covers seven days from it. */
  week: DaySchema,
  cursor: z.string({ error: 'invalidType' }).max(200, { error: 'invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(BOOKING_PAGE_SIZE.max, { error: 'invalid' })
    .default(BOOKING_PAGE_SIZE.max),
})
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>

export const AttendanceInputSchema = z.strictObject({ attended: z.boolean({ error: 'required' }) })

// ---- Calendar feeds ----

export const CalendarFeedSchema = z
  .object({ url: z.string(), createdAt: z.string() })
  .meta({ example: { url: 'https://entrenapp.cl/api/v1/calendar/Vb3…x.ics', createdAt: '2026-11-25T12:00:00.000Z' } })
export const CalendarFeedKindParamsSchema = z.object({ kind: z.enum(['trainer', 'client'], { error: 'notFound' }) })
export const CalendarFeedTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, { error: 'notFound' }),
})
