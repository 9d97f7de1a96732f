import {
  BOOKING_HORIZON_DAYS,
  type AvailabilityException,
  type ExceptionInput,
  type SessionType,
  type SessionTypeInput,
  type Slot,
  type WeeklyHours,
} from '@app/contracts'
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { availabilityExceptions, bookingSlots, sessionTypes, weeklyHours } from '../../db/schema.ts'
import { conflict, forbidden, notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { trainerOfUser } from '../client-billing/trainer.ts'
import { addDays, daysBetween, isValidDay, santiagoInstant, santiagoToday, weekdayOf } from './zoned.ts'

export const SESSION_TYPES_MAX = 20

export async function myTrainerId(app: FastifyInstance, user: AuthUser, db: Tx = app.db) {
  const trainer = await trainerOfUser(db, user.id)
  if (!trainer) throw forbidden('Only trainers can do this')
  return trainer.id
}

type SessionTypeRow = typeof sessionTypes.$inferSelect
export const toSessionType = (r: SessionTypeRow): SessionType => ({
  id: r.id,
  name: r.name,
  durationMinutes: r.durationMinutes,
  capacity: r.capacity,
  active: r.active,
})

export async function listSessionTypes(db: Tx, trainerId: string, onlyActive = false) {
  const rows = await db
    .select()
    .from(sessionTypes)
    .where(and(eq(sessionTypes.trainerId, trainerId), onlyActive ? eq(sessionTypes.active, true) : undefined))
    .orderBy(asc(sessionTypes.createdAt), asc(sessionTypes.id))
  return rows.map(toSessionType)
}

export async function createSessionType(app: FastifyInstance, user: AuthUser, input: SessionTypeInput) {
  const trainerId = await myTrainerId(app, user)
  const [{ n }] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionTypes)
    .where(eq(sessionTypes.trainerId, trainerId))
  if (n >= SESSION_TYPES_MAX) throw conflict(`At most ${SESSION_TYPES_MAX} session types`, { sessionTypes: 'limitReached' })
  const [row] = await app.db
    .insert(sessionTypes)
    .values({ trainerId, ...input })
    .returning()
  return toSessionType(row)
}

/** Duration and capacity apply to slots booked from now on; booked ones keep theirs. */
export async function updateSessionType(app: FastifyInstance, user: AuthUser, id: string, input: SessionTypeInput) {
  const trainerId = await myTrainerId(app, user)
  const [row] = await app.db
    .update(sessionTypes)
    .set(input)
    .where(and(eq(sessionTypes.id, id), eq(sessionTypes.trainerId, trainerId)))
    .returning()
  if (!row) throw notFound('No such session type', { id: 'notFound' })
  return toSessionType(row)
}

export async function getWeeklyHours(db: Tx, trainerId: string): Promise<WeeklyHours> {
  const rows = await db
    .select()
    .from(weeklyHours)
    .where(eq(weeklyHours.trainerId, trainerId))
    .orderBy(asc(weeklyHours.weekday), asc(weeklyHours.startMinute))
  return {
    timeZone: 'America/Santiago',
    ranges: rows.map((r) => ({ weekday: r.weekday, startMinute: r.startMinute, endMinute: r.endMinute })),
  }
}

/** Replaces the week; overlapping ranges on one day are refused. */
export async function setWeeklyHours(app: FastifyInstance, user: AuthUser, ranges: WeeklyHours['ranges']) {
  const trainerId = await myTrainerId(app, user)
  const sorted = [...ranges].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute)
  sorted.forEach((r, i) => {
    const prev = sorted[i - 1]
    if (prev && prev.weekday === r.weekday && prev.endMinute > r.startMinute)
      throw unprocessable({ [`ranges.${i}.startMinute`]: 'invalid' }, 'Ranges of one day overlap')
  })
  await app.db.transaction(async (tx) => {
    await tx.delete(weeklyHours).where(eq(weeklyHours.trainerId, trainerId))
    if (sorted.length) await tx.insert(weeklyHours).values(sorted.map((r) => ({ trainerId, ...r })))
  })
  return getWeeklyHours(app.db, trainerId)
}

type ExceptionRow = typeof availabilityExceptions.$inferSelect
const toException = (r: ExceptionRow): AvailabilityException => ({
  id: r.id,
  day: r.day,
  startMinute: r.startMinute,
  endMinute: r.endMinute,
  reason: r.reason,
})

/** Upcoming exceptions (today on), soonest first, keyset pages on (day, id). */
export async function listExceptions(app: FastifyInstance, user: AuthUser, cursor: string | undefined, limit: number) {
  const trainerId = await myTrainerId(app, user)
  const [afterDay, afterId] = cursor ? Buffer.from(cursor, 'base64url').toString('utf8').split('|') : []
  if (cursor && (!afterDay || !isValidDay(afterDay) || !/^[0-9a-f-]{36}$/.test(afterId ?? ''))) throw unprocessable({ cursor: 'invalid' })
  const rows = await app.db
    .select()
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.trainerId, trainerId),
        gte(availabilityExceptions.day, santiagoToday()),
        afterDay ? sql`(${availabilityExceptions.day}, ${availabilityExceptions.id}) > (${afterDay}::date, ${afterId}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(availabilityExceptions.day), asc(availabilityExceptions.id))
    .limit(limit + 1)
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  const last = page.at(-1)
  return { data: page.map(toException), nextCursor: more && last ? Buffer.from(`${last.day}|${last.id}`).toString('base64url') : null }
}

export async function addException(app: FastifyInstance, user: AuthUser, input: ExceptionInput) {
  const trainerId = await myTrainerId(app, user)
  if (!isValidDay(input.day)) throw unprocessable({ day: 'invalid' })
  const [row] = await app.db
    .insert(availabilityExceptions)
    .values({ trainerId, ...input })
    .returning()
  return toException(row)
}

export async function removeException(app: FastifyInstance, user: AuthUser, id: string) {
  const trainerId = await myTrainerId(app, user)
  const [row] = await app.db
    .delete(availabilityExceptions)
    .where(and(eq(availabilityExceptions.id, id), eq(availabilityExceptions.trainerId, trainerId)))
    .returning()
  if (!row) throw notFound('No such exception', { id: 'notFound' })
  return { ok: true as const }
}

interface Candidate {
  sessionType: SessionType
  startsAt: Date
  endsAt: Date
}

/**
 * Bookable times from the weekly hours, less exceptions and the past: each range is cut into
 * back-to-back sessions of each active type. Wall times that do not exist (DST start) are skipped.
 */
export async function candidateSlots(db: Tx, trainerId: string, from: string, to: string, now = new Date()): Promise<Candidate[]> {
  const [hours, exceptions, types] = await Promise.all([
    getWeeklyHours(db, trainerId),
    db
      .select()
      .from(availabilityExceptions)
      .where(
        and(eq(availabilityExceptions.trainerId, trainerId), gte(availabilityExceptions.day, from), lte(availabilityExceptions.day, to)),
      ),
    listSessionTypes(db, trainerId, true),
  ])
  const horizon = addDays(santiagoToday(now), BOOKING_HORIZON_DAYS)
  const out: Candidate[] = []
  for (const day of daysBetween(from, to)) {
    if (day > horizon) break
    const weekday = weekdayOf(day)
    const off = exceptions.filter((e) => e.day === day)
    if (off.some((e) => e.startMinute === null)) continue
    for (const range of hours.ranges.filter((r) => r.weekday === weekday)) {
      for (const type of types) {
        for (let m = range.startMinute; m + type.durationMinutes <= range.endMinute; m += type.durationMinutes) {
          const end = m + type.durationMinutes
          if (off.some((e) => e.startMinute! < end && e.endMinute! > m)) continue
          const startsAt = santiagoInstant(day, m)
          if (!startsAt || startsAt <= now) continue
          out.push({ sessionType: type, startsAt, endsAt: new Date(startsAt.getTime() + type.durationMinutes * 60_000) })
        }
      }
    }
  }
  return out
}

/** The public slot list: candidates with what is left of each, without those an occupied slot overlaps. */
export async function openSlots(db: Tx, trainerId: string, from: string, to: string, sessionTypeId?: string): Promise<Slot[]> {
  if (!isValidDay(from)) throw unprocessable({ from: 'invalid' })
  if (!isValidDay(to) || to < from || daysBetween(from, to).length > 31) throw unprocessable({ to: 'invalid' })
  const candidates = (await candidateSlots(db, trainerId, from, to)).filter((c) => !sessionTypeId || c.sessionType.id === sessionTypeId)
  if (!candidates.length) return []
  const first = candidates.reduce((a, c) => (c.startsAt < a ? c.startsAt : a), candidates[0].startsAt)
  const last = candidates.reduce((a, c) => (c.endsAt > a ? c.endsAt : a), candidates[0].endsAt)
  const occupied = await db
    .select()
    .from(bookingSlots)
    .where(
      and(
        eq(bookingSlots.trainerId, trainerId),
        lt(bookingSlots.startsAt, last),
        sql`${bookingSlots.endsAt} > ${first}`,
        sql`${bookingSlots.booked} > 0`,
      ),
    )
  const slots: Slot[] = []
  for (const c of candidates) {
    const same = occupied.find((o) => o.startsAt.getTime() === c.startsAt.getTime() && o.sessionTypeId === c.sessionType.id)
    if (same) {
      if (same.booked < same.capacity)
        slots.push({
          sessionTypeId: c.sessionType.id,
          startsAt: c.startsAt.toISOString(),
          endsAt: same.endsAt.toISOString(),
          capacity: same.capacity,
          remaining: same.capacity - same.booked,
        })
      continue
    }
    if (occupied.some((o) => o.startsAt < c.endsAt && o.endsAt > c.startsAt)) continue
    slots.push({
      sessionTypeId: c.sessionType.id,
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
      capacity: c.sessionType.capacity,
      remaining: c.sessionType.capacity,
    })
  }
  return slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt))
}
