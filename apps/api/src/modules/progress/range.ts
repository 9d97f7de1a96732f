import { PROGRESS_LIMITS, type ProgressRangeQuery } from '@app/contracts'
import { unprocessable } from '../../errors.ts'
import { dayDiff } from '../routines/access.ts'
import { addDays, isValidDay, santiagoToday } from '../bookings/zoned.ts'

/** The earliest day an entry may carry. */
export const FIRST_DAY = '2000-01-01'

/** A day an entry may carry: a real calendar day, not after today in Santiago. */
export function entryDay(day: string, field: string, now = new Date()) {
  if (!isValidDay(day) || day < FIRST_DAY) throw unprocessable({ [field]: 'invalid' }, 'Not a calendar day')
  if (day > santiagoToday(now)) throw unprocessable({ [field]: 'tooBig' }, 'A day that has not come yet')
  return day
}

/** A list's days: default the two years up to today (Santiago), at most three years at once. */
export function rangeOf(query: ProgressRangeQuery, now = new Date()) {
  const to = query.to ?? santiagoToday(now)
  const from = query.from ?? addDays(to, -PROGRESS_LIMITS.defaultRangeDays)
  if (!isValidDay(to)) throw unprocessable({ to: 'invalid' })
  if (!isValidDay(from)) throw unprocessable({ from: 'invalid' })
  if (from > to) throw unprocessable({ from: 'tooBig' }, '`from` is after `to`')
  if (dayDiff(from, to) > PROGRESS_LIMITS.rangeDays)
    throw unprocessable({ from: 'tooSmall' }, `At most ${PROGRESS_LIMITS.rangeDays} days at once`)
  return { from, to }
}
