import { DateTime } from 'luxon'

/**
 * Monthly periods we bill ourselves (the built-in test provider, and card renewals: decision 249),
 * as billing engines bill them (decision 199, issue 23 point 10): a period
 * is one calendar month in Chile (America/Santiago), at the same wall-clock time. The day of the
 * month is the anchor's (the day the paid periods began); a month without that day ends on its
 * last day, and the next month goes back to the anchor's day: 31 Jan → 28 (29) Feb → 31 Mar.
 */
const ZONE = 'America/Santiago'

const inChile = (at: Date | number) =>
  typeof at === 'number' ? DateTime.fromMillis(at, { zone: ZONE }) : DateTime.fromJSDate(at, { zone: ZONE })

/** The end of a first period that starts at `start`: one calendar month later (31 Jan → 28/29 Feb). */
export function monthAfter(start: Date | number): Date {
  return inChile(start).plus({ months: 1 }).toJSDate()
}

/**
 * The end of the period after the one ending at `periodEnd`: the next calendar month, same day,
 * at `periodEnd`'s wall-clock time in Santiago, or that month's last day. A period that ended on
 * the last day of its month may have been cut short: the day comes back from `anchor` (the start
 * of the first paid period), so 28 Feb → 31 Mar for an anchor on the 31st, 28 Feb → 28 Mar for
 * one on the 28th. Only then is the anchor read: elsewhere the period's own day is the truth.
 */
export function nextPeriodEnd(periodEnd: Date, anchor: Date): Date {
  const end = inChile(periodEnd)
  const month = end.startOf('month').plus({ months: 1 })
  const lastDay = end.day === end.daysInMonth
  const wanted = lastDay ? Math.max(end.day, inChile(anchor).day) : end.day
  const day = Math.min(wanted, month.daysInMonth!)
  return month.set({ day, hour: end.hour, minute: end.minute, second: end.second, millisecond: end.millisecond }).toJSDate()
}
