import { describe, expect, it } from 'vitest'
import { backupsToDelete, crossed, isoWeek, santiagoClock } from './schedule.ts'

describe('nightly backup clock (America/Santiago)', () => {
  it('reads the Santiago day and minute, daylight saving included', () => {
    // 2026-01-15 is summer (UTC-3); 2026-07-15 is winter (UTC-4).
    expect(santiagoClock(new Date('2026-01-15T06:30:00Z'))).toEqual({ day: '2026-01-15', minute: 3 * 60 + 30 })
    expect(santiagoClock(new Date('2026-07-15T07:30:00Z'))).toEqual({ day: '2026-07-15', minute: 3 * 60 + 30 })
    expect(santiagoClock(new Date('2026-07-15T02:00:00Z')).day).toBe('2026-07-14')
  })

  it('is due once when a check passes the backup time, not before and not again the same night', () => {
    const at = (iso: string) => new Date(iso)
    // 03:30 Santiago in January = 06:30Z.
    expect(crossed(at('2026-01-15T06:29:30Z'), at('2026-01-15T06:30:00Z'), '03:30')).toBe(true)
    expect(crossed(at('2026-01-15T06:00:00Z'), at('2026-01-15T06:29:00Z'), '03:30')).toBe(false)
    expect(crossed(at('2026-01-15T06:30:00Z'), at('2026-01-15T06:30:30Z'), '03:30')).toBe(false)
    expect(crossed(at('2026-01-15T10:00:00Z'), at('2026-01-15T10:00:30Z'), '03:30')).toBe(false)
    // A check that spans midnight into a day already past the time (the process slept).
    expect(crossed(at('2026-01-15T02:00:00Z'), at('2026-01-15T07:00:00Z'), '03:30')).toBe(true)
  })

  it('names ISO weeks', () => {
    expect(isoWeek('2026-01-01')).toBe('2026-W01')
    expect(isoWeek('2026-11-25')).toBe('2026-W48')
    expect(isoWeek('2027-01-01')).toBe('2026-W53')
  })
})

describe('retention', () => {
  const nightly = (days: number) => Array.from({ length: days }, (_, i) => ({ takenAt: new Date(Date.UTC(2026, 10, 25 - i, 7, 0)), i }))

  it('keeps 7 daily and 4 weekly backups of 60 nights and deletes the rest', () => {
    const all = nightly(60)
    const removed = backupsToDelete(all, 7, 4)
    const kept = all.filter((b) => !removed.includes(b))
    // Days 0–6 (7 newest), plus the newest of each of the 4 newest ISO weeks (some already among the days).
    expect(kept.slice(0, 7).map((b) => b.i)).toEqual([0, 1, 2, 3, 4, 5, 6])
    const weeks = new Set(kept.map((b) => isoWeek(santiagoClock(b.takenAt).day)))
    expect(weeks.size).toBe(4)
    expect(kept.length).toBeLessThanOrEqual(7 + 4)
    expect(kept.length + removed.length).toBe(60)
    expect(removed.every((b) => b.i >= 7)).toBe(true)
  })

  it('keeps the newest of two backups of one day and never deletes the only one', () => {
    const two = [{ takenAt: new Date('2026-11-25T07:00:00Z') }, { takenAt: new Date('2026-11-25T09:00:00Z') }]
    expect(backupsToDelete(two, 1, 0)).toEqual([two[0]])
    expect(backupsToDelete(two.slice(0, 1), 1, 0)).toEqual([])
  })
})
