// Dates on these pages are Santiago's calendar, whatever the trainer's device says (decision 209).
const TIME_ZONE = 'America/Santiago'
const LOCALES = { es: 'es-CL', en: 'en-GB' } as const
export const localeOf = (language: string) => LOCALES[language === 'en' ? 'en' : 'es']

/** The Santiago calendar day (YYYY-MM-DD) of an instant. */
export const santiagoDay = (at: Date | string) => new Date(at).toLocaleDateString('en-CA', { timeZone: TIME_ZONE })

/** Whole Santiago days from `then` to `now` (0 = the same day). */
export function daysAgo(then: string, now: Date = new Date()) {
  const from = Date.parse(`${santiagoDay(then)}T00:00:00Z`)
  const to = Date.parse(`${santiagoDay(now)}T00:00:00Z`)
  return Math.round((to - from) / 86_400_000)
}

/** "hoy", "ayer", "hace 3 días" / "today", "yesterday", "3 days ago". */
export function relativeDay(then: string, language: string, now: Date = new Date()) {
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' })
  return format.format(-daysAgo(then, now), 'day')
}

/** A short day ("12 nov" / "12 Nov") of a calendar day or an instant, in Santiago. */
export function shortDay(value: string, language: string, withYear = false) {
  // A bare day is read at noon UTC so no zone moves it (decision 211).
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value)
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: TIME_ZONE,
  }).format(at)
}

/** Day and time of an instant in Santiago ("mar 24 nov, 18:40"). */
export function dayTime(iso: string, language: string) {
  return new Intl.DateTimeFormat(localeOf(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(new Date(iso))
}
