import { ageOn, MIN_AGE } from '@app/contracts'
import { DateTime } from 'luxon'
import { unprocessable } from '../../errors.ts'

/** Today's date in Chile (YYYY-MM-DD). */
export const todayInChile = (now = new Date()) => DateTime.fromJSDate(now).setZone('America/Santiago').toISODate()!

/** Refuses anyone under MIN_AGE (16) on today's date in Chile (decision 179). */
export function assertOldEnough(birthDate: string, now = new Date()) {
  const today = todayInChile(now)
  if (birthDate > today) throw unprocessable({ birthDate: 'invalid' }, 'The birth date is in the future')
  if (ageOn(birthDate, today) < MIN_AGE) throw unprocessable({ birthDate: 'tooYoung' }, `You must be at least ${MIN_AGE} years old`)
}
