import { describe, expect, it } from 'vitest'
import { daysBetween, santiagoInstant, weekdayOf } from './zoned.ts'

describe('Santiago wall time across DST changes', () => {
  it('10:00 is 14:00 UTC in winter (-04) and 13:00 UTC in summer (-03), around the September 2026 change', () => {
    expect(santiagoInstant('2026-08-31', 600)!.toISOString()).toBe('2026-08-31T14:00:00.000Z')
    expect(santiagoInstant('2026-09-07', 600)!.toISOString()).toBe('2026-09-07T13:00:00.000Z')
  })

  it('the skipped midnight hour when DST starts does not exist; the repeated hour in April maps once', () => {
    // Chile moves from Saturday 24:00 to Sunday 01:00 (first Sunday of September 2026: the 6th).
    expect(santiagoInstant('2026-09-06', 0)).toBeNull()
    expect(santiagoInstant('2026-09-06', 60)!.toISOString()).toBe('2026-09-06T04:00:00.000Z')
    // April 2026: Sunday 00:00 -03 becomes Saturday 23:00 -04; 23:00 on the 4th maps to one instant.
    expect(santiagoInstant('2026-04-04', 23 * 60)).not.toBeNull()
    expect(santiagoInstant('2026-04-05', 600)!.toISOString()).toBe('2026-04-05T14:00:00.000Z')
  })

  it('days and weekdays are Santiago days', () => {
    expect(daysBetween('2026-09-05', '2026-09-08')).toEqual(['2026-09-05', '2026-09-06', '2026-09-07', '2026-09-08'])
    expect(weekdayOf('2026-09-07')).toBe(1)
  })
})
