// Days in charts are Santiago calendar days (YYYY-MM-DD). Each is placed at noon UTC and formatted
// in UTC, so no device time zone moves a point to the day before or after.

/** A calendar day → a number on the time axis (ms at noon UTC). */
export const dayToTime = (day: string) => Date.parse(`${day}T12:00:00Z`)

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`
  let found = formatters.get(key)
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })))
  return found
}

/** "12 nov 2026" / "12 Nov 2026": a day in full, for tooltips and tables. */
export const dayLabel = (day: string | number, locale: string) =>
  formatter(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(typeof day === 'number' ? day : dayToTime(day))

/** An axis tick: "12 nov" over a short span, "nov 26" over more than ~4 months. */
export const tickLabel = (time: number, locale: string, spanDays: number) =>
  spanDays > 120
    ? formatter(locale, { month: 'short', year: '2-digit' }).format(time)
    : formatter(locale, { day: 'numeric', month: 'short' }).format(time)
