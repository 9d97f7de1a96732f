// Dates and times of bookings are Santiago's, whatever the device's time zone (issue 21).
export const TIME_ZONE = 'America/Santiago'
const LOCALES = { es: 'es-CL', en: 'en-GB' } as const

export function formatters(language: string) {
  const locale = LOCALES[language === 'en' ? 'en' : 'es']
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: TIME_ZONE })
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE })
  const dayTime = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  })
  return {
    day: (iso: string) => day.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
    dayTime: (iso: string) => dayTime.format(new Date(iso)),
  }
}

/** A Santiago calendar day (YYYY-MM-DD) of an instant. */
export const santiagoDay = (at: Date | string) => new Date(at).toLocaleDateString('en-CA', { timeZone: TIME_ZONE })

/** Calendar arithmetic on YYYY-MM-DD (UTC noon: no DST edge can move the day). */
export function addDays(day: string, n: number) {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** The Monday of the week of a day. */
export function mondayOf(day: string) {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7
  return addDays(day, 1 - weekday)
}

/** "09:30" ↔ minutes of the day. */
export const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}
export const hhmmOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
