import { and, eq, gte, isNull, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import ical, { ICalEventStatus } from 'ical-generator'
import { createHash, randomBytes } from 'node:crypto'
import { brand } from '../../brand.ts'
import { bookings, calendarFeeds, sessionTypes, trainers, users } from '../../db/schema.ts'
import { forbidden, notFound } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { trainerOfUser } from '../client-billing/trainer.ts'

type Kind = 'trainer' | 'client'

/** Stored digest of a feed token: the URL itself is shown once and never stored. */
const digest = (token: string) => createHash('sha256').update(`calendar-feed:${token}`).digest('hex')

function checkRole(user: AuthUser, kind: Kind) {
  if (kind === 'trainer' && user.role !== 'trainer') throw forbidden('Only trainers have a trainer calendar')
  if (kind === 'client' && user.role !== 'member') throw forbidden('Only clients have a client calendar')
}

/** A new secret URL; any earlier one of the same kind stops working at once. */
export async function rotateFeed(app: FastifyInstance, user: AuthUser, kind: Kind) {
  checkRole(user, kind)
  const token = randomBytes(32).toString('base64url')
  const row = await app.db.transaction(async (tx) => {
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarFeeds.userId, user.id), eq(calendarFeeds.kind, kind), isNull(calendarFeeds.revokedAt)))
    const [created] = await tx
      .insert(calendarFeeds)
      .values({ userId: user.id, kind, tokenHash: digest(token) })
      .returning()
    return created
  })
  return { url: `${app.config.APP_URL}/api/v1/calendar/${token}.ics`, createdAt: row.createdAt.toISOString() }
}

export async function revokeFeed(app: FastifyInstance, user: AuthUser, kind: Kind) {
  checkRole(user, kind)
  await app.db
    .update(calendarFeeds)
    .set({ revokedAt: new Date() })
    .where(and(eq(calendarFeeds.userId, user.id), eq(calendarFeeds.kind, kind), isNull(calendarFeeds.revokedAt)))
  return { ok: true as const }
}

/** The .ics of a live feed: bookings from 30 days ago on, cancelled ones marked so. */
export async function feedCalendar(app: FastifyInstance, fileName: string) {
  const token = fileName.replace(/\.ics$/, '')
  const [feed] = await app.db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, digest(token)), isNull(calendarFeeds.revokedAt)))
    .limit(1)
  if (!feed) throw notFound('No such calendar')
  const since = new Date(Date.now() - 30 * 86_400_000)
  let scope = eq(bookings.clientUserId, feed.userId)
  if (feed.kind === 'trainer') {
    const trainer = await trainerOfUser(app.db, feed.userId)
    if (!trainer) throw notFound('No such calendar')
    scope = eq(bookings.trainerId, trainer.id)
  }
  const rows = await app.db
    .select({
      booking: bookings,
      type: sessionTypes.name,
      trainer: { first: trainers.firstName, last: trainers.lastName },
      client: { first: users.firstName, last: users.lastName },
    })
    .from(bookings)
    .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
    .innerJoin(trainers, eq(trainers.id, bookings.trainerId))
    .innerJoin(users, eq(users.id, bookings.clientUserId))
    .where(and(scope, gte(bookings.startsAt, since), ne(bookings.state, 'no_show')))
    .orderBy(bookings.startsAt)
    .limit(2000)
  const calendar = ical({
    name: `${brand.name}: ${feed.kind === 'trainer' ? 'mis sesiones' : 'mis reservas'}`,
    timezone: 'America/Santiago',
    prodId: { company: brand.name, product: 'reservas', language: 'ES' },
  })
  for (const r of rows) {
    calendar.createEvent({
      id: `${r.booking.id}@${new URL(app.config.APP_URL).host}`,
      start: r.booking.startsAt,
      end: r.booking.endsAt,
      summary:
        feed.kind === 'trainer' ? `${r.type}: ${r.client.first} ${r.client.last}` : `${r.type} con ${r.trainer.first} ${r.trainer.last}`,
      status:
        r.booking.state === 'cancelled'
          ? ICalEventStatus.CANCELLED
          : r.booking.state === 'pending'
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
      stamp: r.booking.updatedAt,
    })
  }
  return calendar.toString()
}
