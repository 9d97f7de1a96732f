import { ProgramInputSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  addDay,
  duplicateDay,
  duplicateWeek,
  emptyDraft,
  fromProgram,
  groupLabels,
  linkWithNext,
  linkedWithNext,
  locateContentPath,
  moveItem,
  newItem,
  normalizeGroups,
  setDayNumber,
  toProgramInput,
  ungroupItem,
  unlinkFromNext,
  updateItems,
  type Draft,
  type DraftItem,
} from './draft'

const EX = [
  '5b0c7c1e-8f4a-4d2b-9a61-3c2f1e0d9b7a',
  '6c1d8d2f-9a5b-4e3c-8b72-4d3a2f1e0c8b',
  '7d2e9e3a-0b6c-4f4d-9c83-5e4b3a2f1d9c',
  '8e3f0f4b-1c7d-4a5e-8d94-6f5c4b3a2e0d',
]
const items = (n = 4): DraftItem[] =>
  EX.slice(0, n).map((id, i) => newItem(id, { nameEs: `Ejercicio ${i + 1}`, nameEn: `Exercise ${i + 1}` }))
const names = (list: DraftItem[]) => list.map((i) => i.exercise.nameEs.replace('Ejercicio ', ''))
/** "1 2 3 4" with the group of each: "1A 2A 3 4" (labels as the payload would name them). */
const shape = (list: DraftItem[]) => {
  const labels = groupLabels(list)
  return list.map((i, n) => `${names(list)[n]}${i.groupId ? (labels.get(i.groupId)?.label ?? '?') : ''}`).join(' ')
}
const details = { title: 'Fuerza 4 semanas', description: '', isTemplate: false }

describe('supersets and circuits', () => {
  it('links two items into a superset, a third into a circuit, and unlinks them again', () => {
    let list = linkWithNext(items(), 0)
    expect(shape(list)).toBe('1A 2A 3 4')
    expect(groupLabels(list).get(list[0]!.groupId!)).toMatchObject({ label: 'A', kind: 'superset', size: 2 })
    list = linkWithNext(list, 1)
    expect(shape(list)).toBe('1A 2A 3A 4')
    expect(groupLabels(list).get(list[0]!.groupId!)).toMatchObject({ kind: 'circuit', size: 3 })
    // Splitting in the middle of a circuit of three leaves a pair and a single item.
    list = unlinkFromNext(list, 0)
    expect(shape(list)).toBe('1 2A 3A 4')
    expect(linkedWithNext(list, 0)).toBe(false)
    expect(linkedWithNext(list, 1)).toBe(true)
  })

  it('joining two groups makes one; a second group on the day is B', () => {
    let list = linkWithNext(items(), 0)
    list = linkWithNext(list, 2)
    expect(shape(list)).toBe('1A 2A 3B 4B')
    list = linkWithNext(list, 1)
    expect(shape(list)).toBe('1A 2A 3A 4A')
    expect(new Set(list.map((i) => i.groupId)).size).toBe(1)
  })

  it('taking the middle item out of a circuit keeps the two sides consecutive', () => {
    let list = linkWithNext(linkWithNext(linkWithNext(items(), 0), 1), 2)
    expect(shape(list)).toBe('1A 2A 3A 4A')
    list = ungroupItem(list, 1)
    // 1 alone is no group; 3–4 stay a superset.
    expect(shape(list)).toBe('1 2 3A 4A')
  })

  it('normalises a label used by two runs and a group of one', () => {
    const list = items().map((item, i) => ({ ...item, groupId: i === 1 ? null : 'g' }))
    expect(shape(normalizeGroups(list))).toBe('1 2 3A 4A')
  })
})

describe('reorder', () => {
  it('moves an item down and up', () => {
    const list = items()
    expect(names(moveItem(list, 0, 2))).toEqual(['2', '3', '1', '4'])
    expect(names(moveItem(list, 3, 0))).toEqual(['4', '1', '2', '3'])
    expect(moveItem(list, 1, 1)).toBe(list)
    expect(moveItem(list, 0, 9)).toBe(list)
  })

  it('an item dropped inside a group joins it; one dragged out of a superset leaves it and the superset ends', () => {
    const grouped = linkWithNext(items(), 1) // 1 2A 3A 4
    expect(shape(moveItem(grouped, 3, 2))).toBe('1 2A 4A 3A')
    expect(shape(moveItem(grouped, 1, 3))).toBe('1 3 4 2')
    // Swapping the two members keeps the superset.
    expect(shape(moveItem(grouped, 1, 2))).toBe('1 3A 2A 4')
  })
})

describe('days and weeks', () => {
  it('duplicates a day onto the next free weekday and a week after itself, with new keys and groups', () => {
    let draft: Draft = emptyDraft()
    draft = updateItems(draft, 0, 0, () => linkWithNext(items(3), 0))
    draft = duplicateDay(draft, 0, 0)
    expect(draft.weeks[0]!.days.map((d) => d.day)).toEqual([1, 2])
    const [a, b] = draft.weeks[0]!.days
    expect(shape(b!.items)).toBe('1A 2A 3')
    expect(b!.items[0]!.uid).not.toBe(a!.items[0]!.uid)
    expect(b!.items[0]!.groupId).not.toBe(a!.items[0]!.groupId)

    draft = duplicateWeek(duplicateWeek(duplicateWeek(draft, 0), 0), 0)
    expect(draft.weeks).toHaveLength(4)
    expect(new Set(draft.weeks.map((w) => w.uid)).size).toBe(4)
    expect(draft.weeks[3]!.days.map((d) => d.day)).toEqual([1, 2])
  })

  it('adds days on free weekdays only and keeps them in order', () => {
    let draft = emptyDraft()
    draft = setDayNumber(draft, 0, 0, 3)
    draft = addDay(draft, 0)
    draft = addDay(draft, 0)
    expect(draft.weeks[0]!.days.map((d) => d.day)).toEqual([3, 4, 5])
    // A weekday already used is refused.
    expect(setDayNumber(draft, 0, 0, 4)).toBe(draft)
    for (let n = 0; n < 6; n++) draft = addDay(draft, 0)
    expect(draft.weeks[0]!.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})

describe('the API payload', () => {
  it('builds a body ProgramInputSchema accepts, with group labels by order and kinds by size', () => {
    let draft = emptyDraft()
    draft = updateItems(draft, 0, 0, () => {
      const list = linkWithNext(items(), 1) // 1 2A 3A 4
      list[0] = { ...list[0]!, sets: 5, reps: { min: 3, max: 5 }, load: { kind: 'percent1rm', value: 85 }, tempo: '31X0' }
      list[3] = { ...list[3]!, reps: null, seconds: 45, load: { kind: 'rpe', value: 8.5 }, notes: 'Sin arquear' }
      return list
    })
    draft = duplicateWeek(draft, 0)
    const body = toProgramInput(details, draft)
    const parsed = ProgramInputSchema.safeParse(body)
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
    const day = body.content.weeks[1]!.days[0]!
    expect(day.items.map((i) => i.group)).toEqual([null, { label: 'A', kind: 'superset' }, { label: 'A', kind: 'superset' }, null])
    expect(day.items[0]).toMatchObject({ exerciseId: EX[0], sets: 5, reps: { min: 3, max: 5 }, load: { kind: 'percent1rm', value: 85 } })
    expect(day.items[3]).toMatchObject({ reps: null, seconds: 45, notes: 'Sin arquear' })
    // Nothing local (uid, names, group ids) reaches the API.
    expect(JSON.stringify(body)).not.toMatch(/uid|nameEs|groupId/)
  })

  it('a circuit of three is sent as one label of kind circuit, a later pair as B', () => {
    const list = linkWithNext(linkWithNext(linkWithNext(items(4), 0), 1), 3)
    const body = toProgramInput(details, { weeks: [{ uid: 'w', days: [{ uid: 'd', day: 1, title: '', items: list }] }] })
    expect(body.content.weeks[0]!.days[0]!.items.map((i) => i.group?.label ?? '-').join('')).toBe('AAA-')
    expect(body.content.weeks[0]!.days[0]!.items[0]!.group?.kind).toBe('circuit')
    expect(ProgramInputSchema.safeParse(body).success).toBe(true)
  })

  it('an empty day is refused by the shared schema at the place the screen can point to', () => {
    const parsed = ProgramInputSchema.safeParse(toProgramInput(details, emptyDraft()))
    expect(parsed.success).toBe(false)
    expect(locateContentPath(parsed.error!.issues[0]!.path)).toEqual({ week: 0, day: 0, item: undefined, field: 'items' })
  })

  it('reads a saved program back into the same payload', () => {
    let draft = emptyDraft()
    draft = updateItems(draft, 0, 0, () => linkWithNext(items(3), 0))
    const body = toProgramInput(details, draft)
    const saved = {
      content: {
        weeks: body.content.weeks.map((w) => ({
          days: w.days.map((d) => ({
            day: d.day,
            title: d.title ?? '',
            items: d.items.map((i, n) => ({ ...i, key: `w1d1e${n + 1}`, notes: i.notes ?? '' })),
          })),
        })),
      },
      exercises: EX.slice(0, 3).map((id, i) => ({
        id,
        nameEs: `Ejercicio ${i + 1}`,
        nameEn: `Exercise ${i + 1}`,
        cues: [],
        videoUrl: null,
        imageUrl: null,
      })),
    }
    const again = fromProgram(saved as never)
    expect(shape(again.weeks[0]!.days[0]!.items)).toBe('1A 2A 3')
    expect(toProgramInput(details, again)).toEqual(body)
  })
})
