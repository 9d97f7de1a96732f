// Start and end days of an assignment are Santiago calendar days (YYYY-MM-DD), whatever the device's zone.
export const TIME_ZONE = 'America/Santiago'

/** Today (or `at`) as a Santiago calendar day. */
export const santiagoDay = (at: Date = new Date()) => at.toLocaleDateString('en-CA', { timeZone: TIME_ZONE })

/** `day` plus `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const at = new Date(`${day}T12:00:00Z`)
  at.setUTCDate(at.getUTCDate() + n)
  return at.toISOString().slice(0, 10)
}

/** An instant inside a calendar day in Santiago, for formatters that take an instant (noon UTC is morning in Chile). */
export const dayInstant = (day: string) => `${day}T12:00:00Z`

/** The last day of a program of `weeks` weeks started on `start`. */
export const endDay = (start: string, weeks: number) => addDays(start, weeks * 7 - 1)
