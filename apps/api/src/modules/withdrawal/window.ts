import { WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { DateTime } from 'luxon'

/**
 * The withdrawal right lasts WITHDRAWAL_DAYS days from contracting (Ley 19.496 art. 3 bis):
 * counted in Chile's calendar days, the day of contracting not counted, to the end of the last
 * one (decision 224). A subscription contracted at 18:00 on 1 March may be withdrawn until
 * 23:59:59 on 11 March, Santiago time. No imports from other modules: billing and client
 * billing both read it.
 */
export function withdrawableUntil(contractedAt: Date): Date {
  return DateTime.fromJSDate(contractedAt, { zone: 'America/Santiago' })
    .startOf('day')
    .plus({ days: WITHDRAWAL_DAYS + 1 })
    .toJSDate()
}

/** Whether `now` is still inside the withdrawal window of a subscription contracted at `contractedAt`. */
export const withinWithdrawal = (contractedAt: Date, now: Date) => now.getTime() < withdrawableUntil(contractedAt).getTime()
