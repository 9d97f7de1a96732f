import type { ClientProgressRow } from '@app/contracts'

export type ClientFilter = 'all' | 'inactive'
export type ClientSort = 'inactiveFirst' | 'name' | 'lastWorkout' | 'adherence'
export const CLIENT_SORTS: readonly ClientSort[] = ['inactiveFirst', 'name', 'lastWorkout', 'adherence']

const byName = (a: ClientProgressRow, b: ClientProgressRow) => a.name.localeCompare(b.name, 'es') || a.email.localeCompare(b.email)
/** Oldest (or never) first: who needs a message most. */
const byLastWorkout = (a: ClientProgressRow, b: ClientProgressRow) =>
  (a.lastWorkoutAt ?? '').localeCompare(b.lastWorkoutAt ?? '') || byName(a, b)
/** Lowest rate first; a week with nothing assigned goes last (there is nothing to miss). */
const byAdherence = (a: ClientProgressRow, b: ClientProgressRow) => (a.thisWeek.rate ?? 2) - (b.thisWeek.rate ?? 2) || byName(a, b)

/** The rows the list shows, filtered and sorted; the API's order is by name. */
export function visibleClients(rows: readonly ClientProgressRow[], filter: ClientFilter, sort: ClientSort) {
  const kept = filter === 'inactive' ? rows.filter((r) => r.inactive) : [...rows]
  switch (sort) {
    case 'name':
      return kept.sort(byName)
    case 'lastWorkout':
      return kept.sort(byLastWorkout)
    case 'adherence':
      return kept.sort(byAdherence)
    default:
      return kept.sort((a, b) => Number(b.inactive) - Number(a.inactive) || byLastWorkout(a, b))
  }
}
