import { BOOKING_TIME_ZONE } from '@app/contracts'
import { DateTime } from 'luxon'

/** Wall time in Santiago (luxon, IANA data): DST changes are the time zone database's business. */
export interface Range {
  startMinute: number
  endMinute: number
}

/**
 * The instant of `minute` past midnight on `day` in Santiago, or null when that wall time does
 * not exist (the hour skipped when DST starts: Chile moves 24:00 → 01:00).
 */
export function santiagoInstant(day: string, minute: number): Date | null {
  const [year, month, date] = day.split('-').map(Number)
  const local = DateTime.fromObject({ year, month, day: date }, { zone: BOOKING_TIME_ZONE }).plus({ minutes: minute })
  if (minute >= 1440) return local.toJSDate()
  const wanted = { hour: Math.floor(minute / 60), minute: minute % 60 }
  const exact = DateTime.fromObject({ year, month, day: date, ...wanted }, { zone: BOOKING_TIME_ZONE })
  if (!exact.isValid || exact.hour !== wanted.hour || exact.minute !== wanted.minute) return null
  return exact.toJSDate()
}

/** ISO weekday (1 = Monday) of a Santiago day. */
export const weekdayOf = (day: string) => calendarDay(day).weekday

/** Calendar arithmetic on days happens in UTC: a Santiago midnight may not exist (DST start). */
const calendarDay = (day: string) => DateTime.fromISO(day, { zone: 'UTC' })

/** Days from `from` to `to`, inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  let d = calendarDay(from)
  const end = calendarDay(to)
  while (d <= end && days.length < 400) {
    days.push(d.toISODate()!)
    d = d.plus({ days: 1 })
  }
  return days
}

/** Today in Santiago. */
export const santiagoToday = (now = new Date()) => DateTime.fromJSDate(now, { zone: BOOKING_TIME_ZONE }).toISODate()!

/** The Santiago day an instant falls on. */
export const santiagoDayOf = (at: Date) => DateTime.fromJSDate(at, { zone: BOOKING_TIME_ZONE }).toISODate()!

export const isValidDay = (day: string) => calendarDay(day).isValid

export const addDays = (day: string, n: number) => calendarDay(day).plus({ days: n }).toISODate()!
