import { describe, expect, it } from 'vitest'
import { isNewRecord } from './new-record'

const records = (byReps: [number, number][], e1rm: number | null) => ({
  exerciseId: 'e1',
  byReps: byReps.map(([reps, loadKg]) => ({ reps, loadKg, on: '2026-11-20' })),
  estimated1RmKg: e1rm,
  estimated1RmOn: e1rm === null ? null : '2026-11-20',
})

describe('isNewRecord', () => {
  const before = records(
    [
      [5, 100],
      [8, 90],
      [10, 80],
    ],
    116.67,
  )

  it('a heavier load for a rep count is a record', () => {
    expect(isNewRecord(before, records([[8, 92.5]], 117.17), { reps: 8, loadKg: 92.5 })).toBe(true)
  })

  it('a load already beaten with more reps is not', () => {
    // 85 × 8 is less than 90 × 8 and than nothing else; 75 × 9 is less than 80 × 10.
    expect(isNewRecord(before, before, { reps: 8, loadKg: 85 })).toBe(false)
    expect(isNewRecord(before, before, { reps: 9, loadKg: 75 })).toBe(false)
  })

  it('a better estimated 1RM is a record even without a heavier load', () => {
    expect(isNewRecord(before, records([[12, 80]], 120), { reps: 12, loadKg: 80 })).toBe(true)
  })

  it('the first time an exercise is logged, and sets without load or reps, are not', () => {
    expect(isNewRecord(undefined, before, { reps: 8, loadKg: 200 })).toBe(false)
    expect(isNewRecord(records([], null), before, { reps: 8, loadKg: 200 })).toBe(false)
    expect(isNewRecord(before, before, { reps: 8, loadKg: null })).toBe(false)
    expect(isNewRecord(before, before, { reps: null, loadKg: 300 })).toBe(false)
  })
})
