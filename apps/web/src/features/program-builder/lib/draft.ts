import type { Load, Program, ProgramInput } from '@app/contracts'
import { PROGRAM_LIMITS } from '@app/contracts'

// The builder's working copy of a program, and the pure steps that change it. Everything here
// returns new objects (React state); the screen never edits a draft in place.

/** The exercise's names as the builder shows them (from the library search or the program's `exercises`). */
export interface ExerciseName {
  nameEs: string
  nameEn: string
}

export interface DraftItem {
  /** Local key for React and dnd-kit; never sent. */
  uid: string
  exerciseId: string
  exercise: ExerciseName
  sets: number
  reps: { min: number; max: number } | null
  seconds: number | null
  load: Load | null
  restSeconds: number | null
  tempo: string | null
  notes: string
  /**
   * Items sharing a group id are done back to back. The label (A, B…) and kind (2 = superset,
   * 3+ = circuit) are worked out when the payload is built, from the order on screen.
   */
  groupId: string | null
}

export interface DraftDay {
  uid: string
  /** Day of the program week, 1–7 (1 = the start date's weekday). */
  day: number
  title: string
  items: DraftItem[]
}

export interface DraftWeek {
  uid: string
  days: DraftDay[]
}

export interface Draft {
  weeks: DraftWeek[]
}

export interface ProgramDetails {
  title: string
  description: string
  isTemplate: boolean
}

let counter = 0
export const newUid = (prefix = 'u') => `${prefix}${++counter}-${Math.random().toString(36).slice(2, 8)}`

export const emptyDay = (day = 1): DraftDay => ({ uid: newUid('d'), day, title: '', items: [] })
export const emptyWeek = (): DraftWeek => ({ uid: newUid('w'), days: [emptyDay(1)] })
export const emptyDraft = (): Draft => ({ weeks: [emptyWeek()] })

/** A new exercise in a day with the defaults trainers start from: 3 × 10, 90 s rest. */
export function newItem(exerciseId: string, exercise: ExerciseName): DraftItem {
  return {
    uid: newUid('i'),
    exerciseId,
    exercise,
    sets: 3,
    reps: { min: 10, max: 10 },
    seconds: null,
    load: null,
    restSeconds: 90,
    tempo: null,
    notes: '',
    groupId: null,
  }
}

// ---- Groups (supersets and circuits) ----

export type GroupKind = 'superset' | 'circuit'
export const groupKind = (size: number): GroupKind => (size <= 2 ? 'superset' : 'circuit')

/**
 * Makes groups what the contract accepts: one group id names one run of consecutive items, and a
 * group has at least two. A later run of an id already seen gets an id of its own; a run of one
 * leaves its group.
 */
export function normalizeGroups(items: DraftItem[]): DraftItem[] {
  const seen = new Set<string>()
  const out = items.map((item) => ({ ...item }))
  let i = 0
  while (i < out.length) {
    const id = out[i]!.groupId
    let end = i + 1
    while (end < out.length && id !== null && out[end]!.groupId === id) end++
    if (id !== null) {
      const run = out.slice(i, end)
      if (run.length < 2) run[0]!.groupId = null
      else if (seen.has(id)) {
        const fresh = newUid('g')
        for (const item of run) item.groupId = fresh
      } else seen.add(id)
    }
    i = end
  }
  return out
}

/** Whether items `index` and `index + 1` are done back to back (same group). */
export const linkedWithNext = (items: DraftItem[], index: number) => {
  const a = items[index]
  const b = items[index + 1]
  return !!a && !!b && a.groupId !== null && a.groupId === b.groupId
}

/** Joins item `index` with the next one: their groups become one (a superset, or a circuit when 3+). */
export function linkWithNext(items: DraftItem[], index: number): DraftItem[] {
  const a = items[index]
  const b = items[index + 1]
  if (!a || !b || linkedWithNext(items, index)) return items
  const id = a.groupId ?? b.groupId ?? newUid('g')
  const absorbed = new Set([a.groupId, b.groupId].filter((g): g is string => g !== null && g !== id))
  return normalizeGroups(
    items.map((item, i) =>
      i === index || i === index + 1 || (item.groupId && absorbed.has(item.groupId)) ? { ...item, groupId: id } : item,
    ),
  )
}

/** Splits the group between item `index` and the next: each side keeps going only if it still has two. */
export function unlinkFromNext(items: DraftItem[], index: number): DraftItem[] {
  if (!linkedWithNext(items, index)) return items
  const id = items[index]!.groupId
  const fresh = newUid('g')
  return normalizeGroups(items.map((item, i) => (i > index && item.groupId === id ? { ...item, groupId: fresh } : item)))
}

/** Takes one item out of its group. */
export function ungroupItem(items: DraftItem[], index: number): DraftItem[] {
  const item = items[index]
  if (!item?.groupId) return items
  const id = item.groupId
  const fresh = newUid('g')
  // Members after it form their own run so the two sides stay consecutive.
  return normalizeGroups(
    items.map((other, i) =>
      i === index ? { ...other, groupId: null } : i > index && other.groupId === id ? { ...other, groupId: fresh } : other,
    ),
  )
}

/** The group's label and kind as shown and sent: A, B, … in order of the day. */
export function groupLabels(items: DraftItem[]): Map<string, { label: string; kind: GroupKind; size: number }> {
  const sizes = new Map<string, number>()
  for (const item of items) if (item.groupId) sizes.set(item.groupId, (sizes.get(item.groupId) ?? 0) + 1)
  const labels = new Map<string, { label: string; kind: GroupKind; size: number }>()
  for (const [id, size] of sizes) {
    if (size < 2) continue
    const n = labels.size
    // A–Z, then A1–Z9 (a day has at most 30 items, so 15 groups).
    const label = n < 26 ? String.fromCharCode(65 + n) : `${String.fromCharCode(65 + (n % 26))}${Math.floor(n / 26)}`
    labels.set(id, { label, kind: groupKind(size), size })
  }
  return labels
}

// ---- Reorder ----

/**
 * Moves an item from `from` to `to` (dnd-kit's arrayMove). Dropped between two members of one
 * group it joins that group; next to a member of its own group it stays in it; elsewhere it
 * leaves its group (and a group left with one item ends).
 */
export function moveItem(items: DraftItem[], from: number, to: number): DraftItem[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items
  const moved = [...items]
  const [item] = moved.splice(from, 1)
  moved.splice(to, 0, item!)
  const before = moved[to - 1]
  const after = moved[to + 1]
  let groupId: string | null = null
  if (before?.groupId && before.groupId === after?.groupId) groupId = before.groupId
  else if (item!.groupId && (before?.groupId === item!.groupId || after?.groupId === item!.groupId)) groupId = item!.groupId
  moved[to] = { ...item!, groupId }
  return normalizeGroups(moved)
}

// ---- Days and weeks ----

const withNewUids = (day: DraftDay, dayNumber = day.day): DraftDay => {
  const groups = new Map<string, string>()
  return {
    uid: newUid('d'),
    day: dayNumber,
    title: day.title,
    items: day.items.map((item) => ({
      ...item,
      uid: newUid('i'),
      groupId: item.groupId ? (groups.get(item.groupId) ?? groups.set(item.groupId, newUid('g')).get(item.groupId)!) : null,
    })),
  }
}

/** The first weekday number (1–7) no day of the week uses, or null when all seven are used. */
export function freeDay(week: DraftWeek, after = 0): number | null {
  const used = new Set(week.days.map((d) => d.day))
  for (let n = after + 1; n <= 7; n++) if (!used.has(n)) return n
  for (let n = 1; n <= after; n++) if (!used.has(n)) return n
  return null
}

const sortDays = (days: DraftDay[]) => [...days].sort((a, b) => a.day - b.day)

export function addDay(draft: Draft, w: number): Draft {
  const week = draft.weeks[w]
  const n = week && freeDay(week, Math.max(0, ...week.days.map((d) => d.day)))
  if (!week || !n) return draft
  return replaceWeek(draft, w, { ...week, days: sortDays([...week.days, emptyDay(n)]) })
}

/** A copy of day `d` on the next free weekday of the same week. */
export function duplicateDay(draft: Draft, w: number, d: number): Draft {
  const week = draft.weeks[w]
  const day = week?.days[d]
  const n = week && day && freeDay(week, day.day)
  if (!week || !day || !n) return draft
  return replaceWeek(draft, w, { ...week, days: sortDays([...week.days, withNewUids(day, n)]) })
}

export function removeDay(draft: Draft, w: number, d: number): Draft {
  const week = draft.weeks[w]
  if (!week) return draft
  return replaceWeek(draft, w, { ...week, days: week.days.filter((_, i) => i !== d) })
}

/** Moves day `d` to another weekday number (only a free one). */
export function setDayNumber(draft: Draft, w: number, d: number, dayNumber: number): Draft {
  const week = draft.weeks[w]
  if (!week || week.days.some((day, i) => i !== d && day.day === dayNumber)) return draft
  return replaceWeek(draft, w, { ...week, days: sortDays(week.days.map((day, i) => (i === d ? { ...day, day: dayNumber } : day))) })
}

export function updateDay(draft: Draft, w: number, d: number, change: (day: DraftDay) => DraftDay): Draft {
  const week = draft.weeks[w]
  if (!week?.days[d]) return draft
  return replaceWeek(draft, w, { ...week, days: week.days.map((day, i) => (i === d ? change(day) : day)) })
}

export const updateItems = (draft: Draft, w: number, d: number, change: (items: DraftItem[]) => DraftItem[]) =>
  updateDay(draft, w, d, (day) => ({ ...day, items: change(day.items) }))

export function addWeek(draft: Draft): Draft {
  if (draft.weeks.length >= PROGRAM_LIMITS.weeks) return draft
  return { weeks: [...draft.weeks, emptyWeek()] }
}

/** A copy of week `w` right after it. */
export function duplicateWeek(draft: Draft, w: number): Draft {
  const week = draft.weeks[w]
  if (!week || draft.weeks.length >= PROGRAM_LIMITS.weeks) return draft
  const copy: DraftWeek = { uid: newUid('w'), days: week.days.map((day) => withNewUids(day)) }
  return { weeks: [...draft.weeks.slice(0, w + 1), copy, ...draft.weeks.slice(w + 1)] }
}

export function removeWeek(draft: Draft, w: number): Draft {
  if (draft.weeks.length <= 1) return draft
  return { weeks: draft.weeks.filter((_, i) => i !== w) }
}

function replaceWeek(draft: Draft, w: number, week: DraftWeek): Draft {
  return { weeks: draft.weeks.map((old, i) => (i === w ? week : old)) }
}

// ---- To and from the API ----

/** The request body of POST/PUT /trainer/programs (ProgramInputSchema) from the details and the draft. */
export function toProgramInput(details: ProgramDetails, draft: Draft): ProgramInput {
  return {
    title: details.title,
    description: details.description,
    isTemplate: details.isTemplate,
    content: {
      weeks: draft.weeks.map((week) => ({
        days: sortDays(week.days).map((day) => {
          const items = normalizeGroups(day.items)
          const labels = groupLabels(items)
          return {
            day: day.day,
            title: day.title,
            items: items.map((item) => {
              const group = item.groupId ? labels.get(item.groupId) : undefined
              return {
                exerciseId: item.exerciseId,
                sets: item.sets,
                reps: item.reps,
                seconds: item.seconds,
                load: item.load,
                restSeconds: item.restSeconds,
                tempo: item.tempo,
                notes: item.notes,
                group: group ? { label: group.label, kind: group.kind } : null,
              }
            }),
          }
        }),
      })),
    },
  }
}

/** The draft of a saved program version (the builder opened on an existing program). */
export function fromProgram(program: Pick<Program, 'content' | 'exercises'>): Draft {
  const names = new Map(program.exercises.map((e) => [e.id, { nameEs: e.nameEs, nameEn: e.nameEn }]))
  return {
    weeks: program.content.weeks.map((week) => ({
      uid: newUid('w'),
      days: week.days.map((day) => {
        const groups = new Map<string, string>()
        return {
          uid: newUid('d'),
          day: day.day,
          title: day.title,
          items: day.items.map((item) => ({
            uid: newUid('i'),
            exerciseId: item.exerciseId,
            exercise: names.get(item.exerciseId) ?? { nameEs: '', nameEn: '' },
            sets: item.sets,
            reps: item.reps,
            seconds: item.seconds,
            load: item.load,
            restSeconds: item.restSeconds,
            tempo: item.tempo,
            notes: item.notes,
            groupId: item.group ? (groups.get(item.group.label) ?? groups.set(item.group.label, newUid('g')).get(item.group.label)!) : null,
          })),
        }
      }),
    })),
  }
}

/** Where a content error points (`content.weeks.0.days.1.items.2.sets`): week, day and item indexes. */
export function locateContentPath(path: readonly PropertyKey[]): { week?: number; day?: number; item?: number; field?: string } {
  const at = (name: string) => {
    const i = path.indexOf(name)
    return i >= 0 && typeof path[i + 1] === 'number' ? (path[i + 1] as number) : undefined
  }
  const last = path.at(-1)
  return { week: at('weeks'), day: at('days'), item: at('items'), field: typeof last === 'string' ? last : undefined }
}
