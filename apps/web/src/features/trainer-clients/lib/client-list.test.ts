import type { ClientProgressRow } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { visibleClients } from './client-list'
import { daysAgo, relativeDay } from './days'

const week = (done: number, assigned: number) => ({
  weekStart: '2026-11-23',
  assigned,
  due: assigned,
  done,
  rate: assigned ? Math.round((done / assigned) * 100) / 100 : null,
})
const row = (name: string, lastWorkoutAt: string | null, inactive: boolean, thisWeek = week(0, 0)): ClientProgressRow => ({
  clientUserId: name,
  name,
  email: `${name.toLowerCase()}@example.com`,
  lastWorkoutAt,
  inactive,
  thisWeek,
  healthConsent: false,
})

const rows = [
  row('Carla', '2026-11-26T12:00:00Z', false, week(2, 3)),
  row('Ana', null, true),
  row('Diego', '2026-11-10T12:00:00Z', true, week(0, 3)),
  row('Beatriz', '2026-11-25T12:00:00Z', false, week(3, 3)),
]
const names = (list: ClientProgressRow[]) => list.map((r) => r.name)

describe('visibleClients', () => {
  it('puts the clients flagged for 7 days without training first, longest without first', () => {
    expect(names(visibleClients(rows, 'all', 'inactiveFirst'))).toEqual(['Ana', 'Diego', 'Beatriz', 'Carla'])
  })
  it('keeps only the flagged clients under that filter', () => {
    expect(names(visibleClients(rows, 'inactive', 'name'))).toEqual(['Ana', 'Diego'])
  })
  it('sorts by name, by last workout (never first) and by this week’s adherence (nothing assigned last)', () => {
    expect(names(visibleClients(rows, 'all', 'name'))).toEqual(['Ana', 'Beatriz', 'Carla', 'Diego'])
    expect(names(visibleClients(rows, 'all', 'lastWorkout'))).toEqual(['Ana', 'Diego', 'Beatriz', 'Carla'])
    expect(names(visibleClients(rows, 'all', 'adherence'))).toEqual(['Diego', 'Carla', 'Beatriz', 'Ana'])
  })
  it('does not reorder the rows it was given', () => {
    visibleClients(rows, 'all', 'name')
    expect(names(rows)).toEqual(['Carla', 'Ana', 'Diego', 'Beatriz'])
  })
})

describe('days in Santiago', () => {
  it('counts calendar days in Santiago, not 24-hour steps or the device’s zone', () => {
    // 23:30 in Santiago on the 24th (02:30 UTC on the 25th) to 00:30 on the 25th: one day.
    expect(daysAgo('2026-11-25T02:30:00Z', new Date('2026-11-25T03:30:00Z'))).toBe(1)
    expect(daysAgo('2026-11-25T04:00:00Z', new Date('2026-11-25T23:00:00Z'))).toBe(0)
  })
  it('says it in the reader’s language', () => {
    const now = new Date('2026-11-27T15:00:00Z')
    expect(relativeDay('2026-11-26T15:00:00Z', 'es', now)).toBe('ayer')
    expect(relativeDay('2026-11-24T15:00:00Z', 'es', now)).toBe('hace 3 días')
    expect(relativeDay('2026-11-24T15:00:00Z', 'en', now)).toBe('3 days ago')
  })
})
