import { type Booking, type BookingCreate, type BookingListQuery, type BookingPage, type CalendarQuery } from '@app/contracts'
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { bookings, bookingSlots, clientSubscriptions, gyms, sessionTypes, trainerProfiles, trainers, users } from '../../db/schema.ts'
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { bookingMail, queueBookingMail } from './mails.ts'
import type { MailLanguage } from '../../mail/texts.ts'
import { candidateSlots, myTrainerId } from './availability.ts'
import { addDays, isValidDay, santiagoDayOf, santiagoInstant, santiagoToday, weekdayOf } from './zoned.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The SQLSTATE of a database error, through drizzle's wrapper. */
export const pgCode = (err: unknown): string | undefined =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code

const clientUser = alias(users, 'client_user')
const trainerUser = alias(users, 'trainer_user')

function bookingQuery(db: Tx) {
  return db
    .select({
      booking: bookings,
      trainer: {
        id: trainers.id,
        firstName: trainers.firstName,
        lastName: trainers.lastName,
        email: trainers.email,
        userId: trainers.userId,
        gymId: trainers.gymId,
        // A trainer without an account yet is mailed in Spanish, the trainer screens' language.
        language: sql<MailLanguage>`coalesce(${trainerUser.language}, 'es')`,
      },
      slug: trainerProfiles.slug,
      cancellationHours: trainerProfiles.cancellationHours,
      client: {
        id: clientUser.id,
        firstName: clientUser.firstName,
        lastName: clientUser.lastName,
        email: clientUser.email,
        language: clientUser.language,
      },
      sessionType: { id: sessionTypes.id, name: sessionTypes.name, capacity: sessionTypes.capacity },
    })
    .from(bookings)
    .innerJoin(trainers, eq(trainers.id, bookings.trainerId))
    .leftJoin(trainerUser, eq(trainerUser.id, trainers.userId))
    .leftJoin(trainerProfiles, eq(trainerProfiles.trainerId, bookings.trainerId))
    .innerJoin(clientUser, eq(clientUser.id, bookings.clientUserId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
}
type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['limit']>>[number]

const cancellableUntil = (row: BookingRow) => new Date(row.booking.startsAt.getTime() - (row.cancellationHours ?? 24) * 3_600_000)

function toBooking(row: BookingRow): Booking {
  return {
    id: row.booking.id,
    trainer: { id: row.trainer.id, firstName: row.trainer.firstName, lastName: row.trainer.lastName, slug: row.slug },
    client: { id: row.client.id, firstName: row.client.firstName, lastName: row.client.lastName },
    sessionType: row.sessionType,
    startsAt: row.booking.startsAt.toISOString(),
    endsAt: row.booking.endsAt.toISOString(),
    state: row.booking.state,
    cancelledBy: row.booking.cancelledBy,
    cancellableUntil: cancellableUntil(row).toISOString(),
    createdAt: row.booking.createdAt.toISOString(),
  }
}

async function bookingById(db: Tx, id: string) {
  if (!UUID.test(id)) return undefined
  return (await bookingQuery(db).where(eq(bookings.id, id)).limit(1))[0]
}

/** A client may book a trainer they pay now (an active client subscription). */
async function hasActiveSubscription(db: Tx, clientUserId: string, trainerId: string) {
  const [row] = await db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(
      and(
        eq(clientSubscriptions.clientUserId, clientUserId),
        eq(clientSubscriptions.trainerId, trainerId),
        eq(clientSubscriptions.state, 'active'),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * POST /bookings (decision 142). The slot row is created on first booking; `booked < capacity`
 * is checked by the UPDATE that takes the row lock, the check constraint backs it, and the
 * exclusion constraint refuses a slot overlapping another occupied one. A replayed
 * Idempotency-Key is answered by the shared plugin (decision 111) before this runs.
 */
export async function createBooking(app: FastifyInstance, user: AuthUser, input: BookingCreate) {
  const [trainer] = await app.db.select().from(trainers).where(eq(trainers.id, input.trainerId)).limit(1)
  if (!trainer || !trainer.isActive) throw notFound('No such trainer', { trainerId: 'notFound' })
  if (!(await hasActiveSubscription(app.db, user.id, trainer.id)))
    throw new HttpError(403, 'Subscribe to this trainer before booking', { subscription: 'required' })
  const startsAt = new Date(input.startsAt)
  const day = santiagoDayOf(startsAt)
  const candidate = (await candidateSlots(app.db, trainer.id, day, day)).find(
    (c) => c.sessionType.id === input.sessionTypeId && c.startsAt.getTime() === startsAt.getTime(),
  )
  if (!candidate) {
    const [type] = await app.db
      .select({ id: sessionTypes.id })
      .from(sessionTypes)
      .where(and(eq(sessionTypes.id, input.sessionTypeId), eq(sessionTypes.trainerId, trainer.id)))
      .limit(1)
    if (!type) throw notFound('No such session type', { sessionTypeId: 'notFound' })
    throw conflict('That time is not offered', { startsAt: 'slotUnavailable' })
  }
  try {
    const id = await app.db.transaction(async (tx) => {
      // Reuse the slot row; a row nobody holds any more takes the new session type.
      const [slot] = await tx
        .insert(bookingSlots)
        .values({
          trainerId: trainer.id,
          sessionTypeId: candidate.sessionType.id,
          startsAt: candidate.startsAt,
          endsAt: candidate.endsAt,
          capacity: candidate.sessionType.capacity,
        })
        .onConflictDoUpdate({
          target: [bookingSlots.trainerId, bookingSlots.startsAt],
          set: { sessionTypeId: candidate.sessionType.id, endsAt: candidate.endsAt, capacity: candidate.sessionType.capacity },
          setWhere: sql`${bookingSlots.booked} = 0`,
        })
        .returning({ id: bookingSlots.id })
      const slotId =
        slot?.id ??
        (
          await tx
            .select({ id: bookingSlots.id })
            .from(bookingSlots)
            .where(and(eq(bookingSlots.trainerId, trainer.id), eq(bookingSlots.startsAt, candidate.startsAt)))
            .limit(1)
        )[0]?.id
      if (!slotId) throw conflict('That time was just taken', { startsAt: 'slotUnavailable' })
      const [taken] = await tx
        .update(bookingSlots)
        .set({ booked: sql`${bookingSlots.booked} + 1` })
        .where(
          and(
            eq(bookingSlots.id, slotId),
            eq(bookingSlots.sessionTypeId, candidate.sessionType.id),
            sql`${bookingSlots.booked} < ${bookingSlots.capacity}`,
          ),
        )
        .returning({ id: bookingSlots.id })
      if (!taken) {
        const [current] = await tx.select().from(bookingSlots).where(eq(bookingSlots.id, slotId)).limit(1)
        if (current && current.sessionTypeId !== candidate.sessionType.id)
          throw conflict('That time was just taken', { startsAt: 'slotUnavailable' })
        throw conflict('That session is full', { startsAt: 'slotFull' })
      }
      const [row] = await tx
        .insert(bookings)
        .values({
          slotId,
          trainerId: trainer.id,
          clientUserId: user.id,
          sessionTypeId: candidate.sessionType.id,
          startsAt: candidate.startsAt,
          endsAt: candidate.endsAt,
        })
        .returning({ id: bookings.id })
      const [client] = await tx.select().from(users).where(eq(users.id, user.id)).limit(1)
      const [account] = trainer.userId ? await tx.select({ language: users.language }).from(users).where(eq(users.id, trainer.userId)) : []
      const to = { email: trainer.email, firstName: trainer.firstName, language: account?.language ?? 'es' }
      await queueBookingMail(app, tx, bookingMail.requested(to, client, candidate.startsAt, candidate.sessionType.name))
      return row.id
    })
    return toBooking((await bookingById(app.db, id))!)
  } catch (err) {
    const code = pgCode(err)
    if (code === '23P01') throw conflict('That time overlaps another booked session', { startsAt: 'slotUnavailable' })
    if (code === '23505') throw conflict('You already booked this session', { startsAt: 'alreadyExists' })
    throw err
  }
}

/** Frees one place of the booking's slot in the same transaction as the state change. */
async function releasePlace(tx: Tx, slotId: string) {
  await tx
    .update(bookingSlots)
    .set({ booked: sql`${bookingSlots.booked} - 1` })
    .where(eq(bookingSlots.id, slotId))
}

const LIVE = ['pending', 'confirmed'] as const
const isLive = (state: string) => (LIVE as readonly string[]).includes(state)

export async function cancelByClient(app: FastifyInstance, user: AuthUser, id: string) {
  const row = await bookingById(app.db, id)
  if (!row || row.client.id !== user.id) throw notFound('No such booking', { id: 'notFound' })
  if (!isLive(row.booking.state)) throw conflict('This booking cannot be cancelled', { state: 'invalid' })
  if (Date.now() > cancellableUntil(row).getTime()) throw conflict('Too late to cancel this booking', { startsAt: 'tooLate' })
  await app.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(bookings)
      .set({ state: 'cancelled', cancelledBy: 'client', cancelledAt: new Date() })
      .where(and(eq(bookings.id, id), sql`${bookings.state} in ('pending', 'confirmed')`))
      .returning({ id: bookings.id })
    if (!changed) throw conflict('This booking cannot be cancelled', { state: 'invalid' })
    await releasePlace(tx, row.booking.slotId)
    await queueBookingMail(
      app,
      tx,
      bookingMail.cancelledByClient(
        row.trainer,
        `${row.client.firstName} ${row.client.lastName}`,
        row.booking.startsAt,
        row.sessionType.name,
      ),
    )
  })
  return toBooking((await bookingById(app.db, id))!)
}

async function trainerBooking(app: FastifyInstance, user: AuthUser, id: string) {
  const trainerId = await myTrainerId(app, user)
  const row = await bookingById(app.db, id)
  if (!row || row.trainer.id !== trainerId) throw notFound('No such booking', { id: 'notFound' })
  return row
}

export async function confirmByTrainer(app: FastifyInstance, user: AuthUser, id: string) {
  const row = await trainerBooking(app, user, id)
  if (row.booking.state !== 'pending') throw conflict('Only a pending booking can be confirmed', { state: 'invalid' })
  await app.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(bookings)
      .set({ state: 'confirmed' })
      .where(and(eq(bookings.id, id), eq(bookings.state, 'pending')))
      .returning({ id: bookings.id })
    if (!changed) throw conflict('Only a pending booking can be confirmed', { state: 'invalid' })
    await queueBookingMail(
      app,
      tx,
      bookingMail.confirmed(row.client, `${row.trainer.firstName} ${row.trainer.lastName}`, row.booking.startsAt, row.sessionType.name),
    )
  })
  return toBooking((await bookingById(app.db, id))!)
}

/** The trainer may cancel until the session ends; the client is told by mail. */
export async function cancelByTrainer(app: FastifyInstance, user: AuthUser, id: string) {
  const row = await trainerBooking(app, user, id)
  if (!isLive(row.booking.state) || row.booking.endsAt.getTime() < Date.now())
    throw conflict('This booking cannot be cancelled', { state: 'invalid' })
  await app.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(bookings)
      .set({ state: 'cancelled', cancelledBy: 'trainer', cancelledAt: new Date() })
      .where(and(eq(bookings.id, id), sql`${bookings.state} in ('pending', 'confirmed')`))
      .returning({ id: bookings.id })
    if (!changed) throw conflict('This booking cannot be cancelled', { state: 'invalid' })
    await releasePlace(tx, row.booking.slotId)
    await queueBookingMail(
      app,
      tx,
      bookingMail.cancelledByTrainer(
        row.client,
        `${row.trainer.firstName} ${row.trainer.lastName}`,
        row.booking.startsAt,
        row.sessionType.name,
      ),
    )
  })
  return toBooking((await bookingById(app.db, id))!)
}

/** Check-in opens this long before the start (a client who arrives early is marked at once). */
export const CHECK_IN_MS = 15 * 60_000

/** Attendance from check-in time on; it may be corrected (attended ↔ no-show). */
export async function markAttendance(app: FastifyInstance, user: AuthUser, id: string, attended: boolean) {
  const row = await trainerBooking(app, user, id)
  if (row.booking.state === 'cancelled') throw conflict('A cancelled booking has no attendance', { state: 'invalid' })
  if (row.booking.startsAt.getTime() - CHECK_IN_MS > Date.now())
    throw conflict('Check-in opens 15 minutes before the session', { startsAt: 'invalid' })
  await app.db
    .update(bookings)
    .set({ state: attended ? 'attended' : 'no_show' })
    .where(eq(bookings.id, id))
  return toBooking((await bookingById(app.db, id))!)
}

interface Key {
  at: string
  id: string
}
const encodeKey = (k: Key) => Buffer.from(`${k.at}|${k.id}`).toString('base64url')
function decodeKey(cursor: string | undefined): Key | undefined {
  if (!cursor) return undefined
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (rest.length || !at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at)))
    throw unprocessable({ cursor: 'invalid' }, 'This page link is not valid; start from the first page')
  return { at, id }
}

async function page(
  app: FastifyInstance,
  where: SQL | undefined,
  cursor: string | undefined,
  limit: number,
  ascending: boolean,
): Promise<BookingPage> {
  const key = decodeKey(cursor)
  const after = key
    ? ascending
      ? sql`(${bookings.startsAt}, ${bookings.id}) > (${key.at}::timestamptz, ${key.id}::uuid)`
      : sql`(${bookings.startsAt}, ${bookings.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`
    : undefined
  const rows = await bookingQuery(app.db)
    .where(and(where, after))
    .orderBy(...(ascending ? [asc(bookings.startsAt), asc(bookings.id)] : [desc(bookings.startsAt), desc(bookings.id)]))
    .limit(limit + 1)
  const more = rows.length > limit
  const data = (more ? rows.slice(0, limit) : rows).map(toBooking)
  const last = data.at(-1)
  return { data, nextCursor: more && last ? encodeKey({ at: last.startsAt, id: last.id }) : null }
}

/** The client's bookings: upcoming soonest first, or past newest first. */
export async function myBookings(app: FastifyInstance, user: AuthUser, query: BookingListQuery) {
  const now = new Date()
  const upcoming = query.when === 'upcoming'
  return page(
    app,
    and(eq(bookings.clientUserId, user.id), upcoming ? gte(bookings.endsAt, now) : lt(bookings.endsAt, now)),
    query.cursor,
    query.limit,
    upcoming,
  )
}

function weekRange(week: string) {
  if (!isValidDay(week) || weekdayOf(week) !== 1) throw unprocessable({ week: 'invalid' }, 'week is the Monday of a week (YYYY-MM-DD)')
  return { from: santiagoInstant(week, 0)!, to: santiagoInstant(addDays(week, 7), 0)! }
}

async function calendarOf(app: FastifyInstance, trainerId: string, query: CalendarQuery) {
  const { from, to } = weekRange(query.week)
  return page(
    app,
    and(eq(bookings.trainerId, trainerId), gte(bookings.startsAt, from), lt(bookings.startsAt, to)),
    query.cursor,
    query.limit,
    true,
  )
}

export async function myCalendar(app: FastifyInstance, user: AuthUser, query: CalendarQuery) {
  return calendarOf(app, await myTrainerId(app, user), query)
}

/** A trainer's week for themself or the owner of their gym; anyone else is refused. */
export async function trainerCalendar(app: FastifyInstance, user: AuthUser, trainerId: string, query: CalendarQuery) {
  const [trainer] = UUID.test(trainerId) ? await app.db.select().from(trainers).where(eq(trainers.id, trainerId)).limit(1) : []
  if (!trainer) throw notFound('No such trainer', { trainerId: 'notFound' })
  let allowed = trainer.userId === user.id
  if (!allowed && trainer.gymId && (user.role === 'gym_owner' || user.role === 'admin')) {
    const [gym] = await app.db.select({ ownerId: gyms.ownerId }).from(gyms).where(eq(gyms.id, trainer.gymId)).limit(1)
    allowed = gym?.ownerId === user.id
  }
  if (!allowed) throw forbidden('You cannot see this calendar')
  return calendarOf(app, trainer.id, query)
}

/** The Monday (Santiago) of the week of `day`. */
export const mondayOf = (day = santiagoToday()) => addDays(day, 1 - weekdayOf(day))
