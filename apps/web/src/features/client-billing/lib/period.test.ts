import { describe, expect, it } from 'vitest'
import { chileDay, defaultPeriod, monthLabel, PeriodSchema } from './period'

describe('periods (Chile calendar days)', () => {
  it('takes the day in Chile, not in UTC', () => {
    // 02:00 UTC on 1 December is still 30 November in Santiago (UTC−3 in summer).
    expect(chileDay(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11-30')
    expect(chileDay(new Date('2026-12-01T04:00:00Z'))).toBe('2026-12-01')
  })

  it('defaults to the current month and the eleven before it, across a year boundary', () => {
    expect(defaultPeriod(new Date('2026-11-23T15:00:00Z'))).toEqual({ from: '2025-12-01', to: '2026-11-23' })
    expect(defaultPeriod(new Date('2027-01-05T15:00:00Z'))).toEqual({ from: '2026-02-01', to: '2027-01-05' })
  })

  it('refuses an end before the start, on the end field, with a contract code', () => {
    const result = PeriodSchema.safeParse({ from: '2026-11-10', to: '2026-11-01' })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', 'invalid']])
    expect(PeriodSchema.safeParse({ from: '2026-11-01', to: '2026-11-01' }).success).toBe(true)
  })

  it('names a month in the screen language, first letter upper case', () => {
    expect(monthLabel('2026-11', 'es-CL')).toBe('Noviembre de 2026')
    expect(monthLabel('2026-01', 'en')).toBe('January 2026')
  })
})
