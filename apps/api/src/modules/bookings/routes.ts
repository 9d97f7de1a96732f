import {
  ApiErrorSchema,
  AttendanceInputSchema,
  BookingCreateSchema,
  BookingIdParamsSchema,
  BookingListQuerySchema,
  BookingPageSchema,
  BookingSchema,
  CalendarFeedKindParamsSchema,
  CalendarFeedSchema,
  CalendarFeedTokenParamsSchema,
  CalendarQuerySchema,
  ExceptionInputSchema,
  ExceptionListSchema,
  AvailabilityExceptionSchema,
  RemovedSchema,
  SessionTypeInputSchema,
  SessionTypeListSchema,
  SessionTypeSchema,
  SlotListSchema,
  SlotQuerySchema,
  TrainerRefParamsSchema,
  WeeklyHoursInputSchema,
  WeeklyHoursSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../../plugins/auth.ts'
import { listedProfile } from '../profiles/service.ts'
import {
  addException,
  createSessionType,
  getWeeklyHours,
  listExceptions,
  listSessionTypes,
  myTrainerId,
  openSlots,
  removeException,
  setWeeklyHours,
  updateSessionType,
} from './availability.ts'
import { feedCalendar, revokeFeed, rotateFeed } from './feeds.ts'
import {
  cancelByClient,
  cancelByTrainer,
  confirmByTrainer,
  createBooking,
  markAttendance,
  myBookings,
  myCalendar,
  trainerCalendar,
} from './service.ts'

const bearer = [{ bearer: [] }]
const errors = {
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
}
const ExceptionPageQuerySchema = z.object({
  cursor: z.string({ error: 'invalidType' }).max(200, { error: 'invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100, { error: 'invalid' })
    .default(50),
})

/** Issue 21: availability, bookings and calendar feeds (decisions 142–144). */
export default async function bookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const trainer = app.requireRole('trainer')
  const client = app.requireRole('member')
  const signedIn = app.authenticate
  const tags = { availability: ['availability'], bookings: ['bookings'], feeds: ['calendar feeds'] }

  // ---- Availability (trainer) ----
  app.get(
    '/trainer/session-types',
    {
      schema: {
        operationId: 'listMySessionTypes',
        tags: tags.availability,
        summary: 'My session types',
        description: 'Trainers only. Every session type of the caller, inactive ones included, in one page (nextCursor is always null).',
        security: bearer,
        response: { 200: SessionTypeListSchema, ...errors },
      },
      preHandler: trainer,
    },
    async (request) => ({ data: await listSessionTypes(app.db, await myTrainerId(app, currentUser(request))), nextCursor: null }),
  )
  app.post(
    '/trainer/session-types',
    {
      schema: {
        operationId: 'createSessionType',
        tags: tags.availability,
        summary: 'Add a session type (duration, capacity 1 = one-to-one)',
        description:
          'Trainers only. Adds a bookable kind of session: name, duration in minutes, capacity (1 = one-to-one, more = a group). 409 `sessionTypes: limitReached` past the limit per trainer.',
        security: bearer,
        body: SessionTypeInputSchema,
        response: { 201: SessionTypeSchema, ...errors },
      },
      preHandler: trainer,
    },
    async (request, reply) => reply.code(201).send(await createSessionType(app, currentUser(request), request.body)),
  )
  app.put(
    '/trainer/session-types/:id',
    {
      schema: {
        operationId: 'updateSessionType',
        tags: tags.availability,
        summary: 'Edit one of my session types (booked sessions keep theirs)',
        description:
          'Trainers only. Replaces the fields of one of the caller’s session types; sessions already booked keep the duration and capacity they were booked with. 404 when the type is not the caller’s.',
        security: bearer,
        params: BookingIdParamsSchema,
        body: SessionTypeInputSchema,
        response: { 200: SessionTypeSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => updateSessionType(app, currentUser(request), request.params.id, request.body),
  )
  app.get(
    '/trainer/weekly-hours',
    {
      schema: {
        operationId: 'getMyWeeklyHours',
        tags: tags.availability,
        summary: 'My weekly hours (America/Santiago wall time)',
        description:
          'Trainers only. The ranges of each weekday in which the caller takes bookings, as minutes after midnight in America/Santiago.',
        security: bearer,
        response: { 200: WeeklyHoursSchema, ...errors },
      },
      preHandler: trainer,
    },
    async (request) => getWeeklyHours(app.db, await myTrainerId(app, currentUser(request))),
  )
  app.put(
    '/trainer/weekly-hours',
    {
      schema: {
        operationId: 'setMyWeeklyHours',
        tags: tags.availability,
        summary: 'Replace my weekly hours',
        description:
          'Trainers only. Replaces all weekly ranges at once; existing bookings are kept. 422 when two ranges of one day overlap.',
        security: bearer,
        body: WeeklyHoursInputSchema,
        response: { 200: WeeklyHoursSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => setWeeklyHours(app, currentUser(request), request.body.ranges),
  )
  app.get(
    '/trainer/availability-exceptions',
    {
      schema: {
        operationId: 'listMyAvailabilityExceptions',
        tags: tags.availability,
        summary: 'My upcoming days off (cursor pages)',
        description:
          'Trainers only. The caller’s days or parts of days off from today on, by day, in cursor pages. 422 for a cursor that is not one of ours.',
        security: bearer,
        querystring: ExceptionPageQuerySchema,
        response: { 200: ExceptionListSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => listExceptions(app, currentUser(request), request.query.cursor, request.query.limit),
  )
  app.post(
    '/trainer/availability-exceptions',
    {
      schema: {
        operationId: 'createAvailabilityException',
        tags: tags.availability,
        summary: 'A day or part of a day off (holiday, leave)',
        description:
          'Trainers only. Removes a whole day or a time range of one day (America/Santiago) from the open times; existing bookings are kept. 422 for a day that does not exist.',
        security: bearer,
        body: ExceptionInputSchema,
        response: { 201: AvailabilityExceptionSchema, ...errors },
      },
      preHandler: trainer,
    },
    async (request, reply) => reply.code(201).send(await addException(app, currentUser(request), request.body)),
  )
  app.delete(
    '/trainer/availability-exceptions/:id',
    {
      schema: {
        operationId: 'deleteAvailabilityException',
        tags: tags.availability,
        summary: 'Remove a day off',
        description: 'Trainers only. Deletes one of the caller’s days off, so its times are open again. 404 when it is not the caller’s.',
        security: bearer,
        params: BookingIdParamsSchema,
        response: { 200: RemovedSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => removeException(app, currentUser(request), request.params.id),
  )

  // ---- Slots (public) ----
  app.get(
    '/trainers/:trainerId/slots',
    {
      schema: {
        operationId: 'listTrainerSlots',
        tags: tags.bookings,
        summary: 'Open times of a published trainer between two Santiago days (at most 31)',
        description:
          'Public, rate-limited per address. The trainer’s active session types and the times still free from `from` to `to` (Santiago days, at most 31), after weekly hours, days off and booked places. 404 when the trainer is not published; 422 for a bad range.',
        security: [],
        params: TrainerRefParamsSchema,
        querystring: SlotQuerySchema,
        response: { 200: SlotListSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: app.limit('trainer-slots', { max: 120, windowMs: 60_000 }),
    },
    async (request) => {
      const { trainer: t } = await listedProfile(app, request.params.trainerId)
      const q = request.query
      return {
        timeZone: 'America/Santiago' as const,
        sessionTypes: await listSessionTypes(app.db, t.id, true),
        data: await openSlots(app.db, t.id, q.from, q.to, q.sessionTypeId),
      }
    },
  )

  // ---- Bookings ----
  app.post(
    '/bookings',
    {
      schema: {
        operationId: 'createBooking',
        tags: tags.bookings,
        summary:
          'Book a slot (client with an active subscription to the trainer). Idempotency-Key: a replay answers the same booking (200)',
        description:
          'Clients only (role member) with an active subscription to the trainer (403 `subscription: required` otherwise). Takes one place of an offered time; two clients never get the last place. 404 for an unknown trainer or session type; 409 `slotUnavailable` or `slotFull` when the time is not offered or was just taken, `alreadyExists` when the caller already holds it.',
        security: bearer,
        body: BookingCreateSchema,
        response: { 201: BookingSchema, ...errors },
      },
      preHandler: [
        client,
        app.limit('booking-create-user', { max: 30, windowMs: 60 * 60_000, key: (r) => r.user?.id }),
        app.limit('booking-create-ip', { max: 60, windowMs: 60 * 60_000 }),
      ],
    },
    async (request, reply) => reply.code(201).send(await createBooking(app, currentUser(request), request.body)),
  )
  app.get(
    '/client/bookings',
    {
      schema: {
        operationId: 'listMyBookings',
        tags: tags.bookings,
        summary: 'My bookings (client): upcoming or past, cursor pages',
        description:
          'Clients only. The caller’s bookings, upcoming (soonest first) or past (newest first), in cursor pages. 422 for a cursor that is not one of ours.',
        security: bearer,
        querystring: BookingListQuerySchema,
        response: { 200: BookingPageSchema, ...errors },
      },
      preHandler: client,
    },
    (request) => myBookings(app, currentUser(request), request.query),
  )
  app.post(
    '/client/bookings/:id/cancel',
    {
      schema: {
        operationId: 'cancelMyBooking',
        tags: tags.bookings,
        summary: "Cancel my booking within the trainer's cancellation window",
        description:
          'Clients only. Cancels a pending or confirmed booking of the caller until the trainer’s cancellation window closes, frees its place and tells the trainer by mail. 404 when it is not the caller’s; 409 when it is no longer live or it is too late.',
        security: bearer,
        params: BookingIdParamsSchema,
        response: { 200: BookingSchema, ...errors },
      },
      preHandler: client,
    },
    (request) => cancelByClient(app, currentUser(request), request.params.id),
  )
  app.get(
    '/trainer/bookings',
    {
      schema: {
        operationId: 'getMyCalendar',
        tags: tags.bookings,
        summary: 'My week (trainer): bookings from Monday `week` for seven days, cursor pages',
        description:
          'Trainers only. The caller’s bookings of the seven days from `week` (a Monday, America/Santiago), in cursor pages. 422 when `week` is not a Monday.',
        security: bearer,
        querystring: CalendarQuerySchema,
        response: { 200: BookingPageSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => myCalendar(app, currentUser(request), request.query),
  )
  app.get(
    '/trainers/:trainerId/bookings',
    {
      schema: {
        operationId: 'getTrainerCalendar',
        tags: tags.bookings,
        summary: "A trainer's week, for the trainer or the owner of the trainer's gym",
        description:
          'Signed in: the trainer themself or the owner of the trainer’s gym (403 for anyone else). The same week view as the trainer’s own. 404 for an unknown trainer.',
        security: bearer,
        params: TrainerRefParamsSchema,
        querystring: CalendarQuerySchema,
        response: { 200: BookingPageSchema, ...errors },
      },
      preHandler: signedIn,
    },
    (request) => trainerCalendar(app, currentUser(request), request.params.trainerId, request.query),
  )
  app.post(
    '/trainer/bookings/:id/confirm',
    {
      schema: {
        operationId: 'confirmBooking',
        tags: tags.bookings,
        summary: 'Confirm a pending booking (the client is told)',
        description:
          'Trainers only. Confirms a pending booking of the caller and mails the client. 404 when it is not the caller’s; 409 when it is not pending.',
        security: bearer,
        params: BookingIdParamsSchema,
        response: { 200: BookingSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => confirmByTrainer(app, currentUser(request), request.params.id),
  )
  app.post(
    '/trainer/bookings/:id/cancel',
    {
      schema: {
        operationId: 'cancelBookingByTrainer',
        tags: tags.bookings,
        summary: 'Cancel a booking (the client is told by mail)',
        description:
          'Trainers only. Cancels a pending or confirmed booking of the caller at any time before the session ends, frees its place and mails the client. 404 when it is not the caller’s; 409 when it is no longer live.',
        security: bearer,
        params: BookingIdParamsSchema,
        response: { 200: BookingSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => cancelByTrainer(app, currentUser(request), request.params.id),
  )
  app.post(
    '/trainer/bookings/:id/attendance',
    {
      schema: {
        operationId: 'markBookingAttendance',
        tags: tags.bookings,
        summary: 'Mark attended or no-show once the session started',
        description:
          'Trainers only. From 15 minutes before the start on, marks the booking attended or no-show (it may be corrected later); attendance is what allows a client to review. 404 when it is not the caller’s; 409 when cancelled or too early.',
        security: bearer,
        params: BookingIdParamsSchema,
        body: AttendanceInputSchema,
        response: { 200: BookingSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => markAttendance(app, currentUser(request), request.params.id, request.body.attended),
  )

  // ---- Calendar feeds ----
  app.post(
    '/calendar-feeds/:kind',
    {
      schema: {
        operationId: 'rotateCalendarFeed',
        tags: tags.feeds,
        summary: 'A new secret .ics URL (trainer: my sessions; client: my bookings); the previous one stops working',
        description:
          'Signed in: `trainer` for trainers, `client` for clients (403 otherwise). Answers a new secret URL of an .ics calendar, shown only now (only its digest is stored); any earlier URL of that kind stops working.',
        security: bearer,
        params: CalendarFeedKindParamsSchema,
        response: { 200: CalendarFeedSchema, ...errors },
      },
      preHandler: [signedIn, app.limit('calendar-feed', { max: 20, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    (request) => rotateFeed(app, currentUser(request), request.params.kind),
  )
  app.delete(
    '/calendar-feeds/:kind',
    {
      schema: {
        operationId: 'revokeCalendarFeed',
        tags: tags.feeds,
        summary: 'Revoke my secret .ics URL',
        description:
          'Signed in: `trainer` for trainers, `client` for clients (403 otherwise). The caller’s secret .ics URL of that kind stops working at once.',
        security: bearer,
        params: CalendarFeedKindParamsSchema,
        response: { 200: RemovedSchema, ...errors },
      },
      preHandler: signedIn,
    },
    (request) => revokeFeed(app, currentUser(request), request.params.kind),
  )
  app.get(
    '/calendar/:token',
    {
      schema: {
        operationId: 'getCalendarFeed',
        tags: tags.feeds,
        summary: 'The .ics behind a secret URL (no auth: the URL is the secret)',
        description:
          'No token: whoever has the secret URL reads it, so it is rate-limited per address and not cached by shared caches. Answers the sessions from 30 days ago on as text/calendar, cancelled ones marked so. 404 for an unknown or revoked URL.',
        security: [],
        params: CalendarFeedTokenParamsSchema,
        response: {
          200: {
            description: 'The calendar (iCalendar, UTF-8), one event per booking',
            content: {
              'text/calendar': { schema: z.string().meta({ examples: ['BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR'] }) },
              // Never sent: the first booking release listed it; kept so that the contract does not break (decision 085).
              'application/json': { schema: z.string().describe('Never sent: the answer is text/calendar.') },
            },
          },
          404: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
      preHandler: app.limit('calendar-read', { max: 120, windowMs: 60 * 60_000 }),
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .send(await feedCalendar(app, request.params.token)),
  )
}
