import type { ListParams } from '../api/admin-api'

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0')

/**
 * Local midnight of a `yyyy-mm-dd` day as ISO 8601 with this browser's offset
 * (`2026-11-01T00:00:00-03:00`): the API reads dates as UTC midnight otherwise, which is 21:00 of
 * the day before in Santiago. `dayAfter` gives the next midnight, for an inclusive "until" day
 * (the API's `to` is exclusive).
 */
export function localMidnight(day: string, dayAfter = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return undefined
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (dayAfter ? 1 : 0))
  const offset = -date.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const ymd = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return `${ymd}T00:00:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
}

/**
 * The API parameters of a list's filters as kept in the page URL: the day filters `from`/`to`
 * become local midnights (`to` inclusive on screen), the rest goes as it is.
 */
export function apiFilters(search: URLSearchParams, keys: readonly string[]): ListParams {
  const params: ListParams = {}
  for (const key of keys) {
    const value = search.get(key)?.trim()
    if (!value) continue
    if (key === 'from') params.from = localMidnight(value)
    else if (key === 'to') params.to = localMidnight(value, true)
    else params[key] = value
  }
  return params
}
