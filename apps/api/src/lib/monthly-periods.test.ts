import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { monthAfter, nextPeriodEnd } from './monthly-periods.ts'

// Decision 199 (issue 23 point 10): sandbox periods are calendar months in Santiago, not 30 days.
const chile = (iso: string) => DateTime.fromISO(iso, { zone: 'America/Santiago' }).toJSDate()
const shown = (at: Date) => DateTime.fromJSDate(at, { zone: 'America/Santiago' }).toFormat("yyyy-MM-dd'T'HH:mm")

describe('monthAfter: the first period', () => {
  it('23 Dec → 23 Jan (30 days would be 22 Jan)', () => {
    expect(shown(monthAfter(chile('2026-12-23T10:15')))).toBe('2027-01-23T10:15')
  })

  it('31 Jan → 28 Feb, or 29 Feb in a leap year', () => {
    expect(shown(monthAfter(chile('2027-01-31T09:00')))).toBe('2027-02-28T09:00')
    expect(shown(monthAfter(chile('2028-01-31T09:00')))).toBe('2028-02-29T09:00')
  })

  it('keeps the wall-clock time across a DST change (Chile leaves summer time on 5 Apr 2026)', () => {
    const start = chile('2026-03-15T10:00')
    const end = monthAfter(start)
    expect(shown(end)).toBe('2026-04-15T10:00')
    // 31 days and one hour: the clocks went back an hour.
    expect(end.getTime() - start.getTime()).toBe((31 * 24 + 1) * 3600_000)
  })

  it('accepts milliseconds as well as a Date', () => {
    expect(monthAfter(chile('2026-12-23T10:15').getTime())).toEqual(chile('2027-01-23T10:15'))
  })
})

describe('nextPeriodEnd: the periods after it', () => {
  it('runs on the same day each month', () => {
    let end = chile('2027-01-23T10:15')
    const seen: string[] = []
    for (let i = 0; i < 3; i++) seen.push(shown((end = nextPeriodEnd(end, chile('2026-12-23T10:15')))))
    expect(seen).toEqual(['2027-02-23T10:15', '2027-03-23T10:15', '2027-04-23T10:15'])
  })

  it('a period begun on the 31st: the last day of shorter months, then the 31st again', () => {
    const anchor = chile('2027-01-31T09:00')
    let end = monthAfter(anchor)
    const seen = [shown(end)]
    for (let i = 0; i < 4; i++) seen.push(shown((end = nextPeriodEnd(end, anchor))))
    expect(seen).toEqual(['2027-02-28T09:00', '2027-03-31T09:00', '2027-04-30T09:00', '2027-05-31T09:00', '2027-06-30T09:00'])
  })

  it('a period begun on the 29th in a leap year: 29 Feb, then the 29th', () => {
    const anchor = chile('2028-01-29T18:00')
    const feb = monthAfter(anchor)
    expect(shown(feb)).toBe('2028-02-29T18:00')
    expect(shown(nextPeriodEnd(feb, anchor))).toBe('2028-03-29T18:00')
  })

  it('a period begun on the 28th stays on the 28th after February', () => {
    const anchor = chile('2027-01-28T09:00')
    expect(shown(nextPeriodEnd(monthAfter(anchor), anchor))).toBe('2027-03-28T09:00')
  })

  it('reads the anchor only after a month-end: elsewhere the period keeps its own day', () => {
    expect(shown(nextPeriodEnd(chile('2027-03-23T10:00'), chile('2027-01-31T10:00')))).toBe('2027-04-23T10:00')
  })

  it('31 Dec → 31 Jan across the year', () => {
    expect(shown(nextPeriodEnd(chile('2026-12-31T23:30'), chile('2026-10-31T23:30')))).toBe('2027-01-31T23:30')
  })
})
