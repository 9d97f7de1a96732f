import type { MeasurementField } from '@app/contracts'

// Figures and days of the progress page in the reader's language; days are Santiago's.

export const TIME_ZONE = 'America/Santiago'
export const localeOf = (language: string) => (language.startsWith('en') ? 'en-GB' : 'es-CL')

/** The unit of each measurement, as Intl names it. */
export const UNIT_OF: Record<MeasurementField, 'kilogram' | 'centimeter' | 'percent'> = {
  weightKg: 'kilogram',
  waistCm: 'centimeter',
  hipCm: 'centimeter',
  chestCm: 'centimeter',
  armCm: 'centimeter',
  thighCm: 'centimeter',
  bodyFatPct: 'percent',
}

const numberFormats = new Map<string, Intl.NumberFormat>()
/** 72.4 kg → "72,4 kg" (es-CL) / "72.4 kg" (en-GB); 18.25 % → "18,25 %". */
export function measureText(value: number, field: MeasurementField, language: string, signed = false) {
  const key = `${language}|${field}|${signed}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), {
      style: 'unit',
      unit: UNIT_OF[field],
      maximumFractionDigits: 2,
      signDisplay: signed ? 'exceptZero' : 'auto',
    })
    numberFormats.set(key, format)
  }
  return format.format(value)
}

/** A number as typed in the form: "72,4" in es-CL. */
export const inputText = (value: number | null, language: string) =>
  value === null ? '' : new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2, useGrouping: false }).format(value)

/** "72,4" or "72.4" → 72.4; '' → null; anything else → NaN (the schema says it is not a number). */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '')
  if (!trimmed) return null
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return Number.NaN
  return Number(trimmed.replace(',', '.'))
}

/** Today in Santiago, YYYY-MM-DD. */
export const santiagoToday = (now: Date = new Date()) => now.toLocaleDateString('en-CA', { timeZone: TIME_ZONE })

/** A Santiago day as "vie 20 nov 2026" / "Fri 20 Nov 2026" (noon UTC: no device zone moves it). */
export const dayText = (day: string, language: string) =>
  new Intl.DateTimeFormat(localeOf(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`))

/** A Santiago day as "27 nov 26" / "27 Nov 26", for captions under small pictures. */
export const shortDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  )

/** Moves focus to a heading that replaced the control just used (consent given or withdrawn). */
export function focusHeading(id: string) {
  requestAnimationFrame(() => {
    const heading = document.getElementById(id)
    if (!heading) return
    heading.setAttribute('tabindex', '-1')
    heading.focus()
  })
}
