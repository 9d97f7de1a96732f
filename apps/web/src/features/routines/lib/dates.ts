// Dates of the client's app are Santiago's, whatever the device's time zone.
export const TIME_ZONE = 'America/Santiago'
const LOCALES = { es: 'es-CL', en: 'en-GB' } as const

export const localeOf = (language: string) => LOCALES[language === 'en' ? 'en' : 'es']

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

/** A Santiago calendar day (YYYY-MM-DD) of an instant. */
export const santiagoDay = (at: Date | string = new Date()) => new Date(at).toLocaleDateString('en-CA', { timeZone: TIME_ZONE })
