import type { CommissionRates } from '@app/contracts'
import { INTL_LOCALE, type Language } from '@/lib/language'

/** The console shows every date and month on Chile's clock, wherever the operator's browser is. */
const TIME_ZONE = 'America/Santiago'

/**
 * A ledger month as the API names it (`2026-11`, a Chile month) in words: "November 2026",
 * "noviembre 2026". Formatted at mid-month noon in Santiago, so no offset moves it to a neighbour;
 * Spanish Intl writes "noviembre de 2026", the console writes month and year only.
 */
export function formatMonth(month: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month)
  if (!match) return month
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15, 15))
  const parts = new Intl.DateTimeFormat(INTL_LOCALE[language], { month: 'long', year: 'numeric', timeZone: TIME_ZONE }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('month')} ${part('year')}`
}

/** Date and time of an event on Chile's clock, in the shown language (an audit row needs the minute). */
export function dateTimeFormatter(language: Language) {
  const format = new Intl.DateTimeFormat(INTL_LOCALE[language] ?? 'es-CL', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE })
  return (iso: string) => format.format(new Date(iso))
}

/** A commission split in percent, as the gym form takes it: "60% / 35% / 5%" (trainer / gym / platform). */
export const formatSplit = (rates: CommissionRates, percent: (fraction: number) => string) =>
  `${percent(rates.trainer)} / ${percent(rates.gym)} / ${percent(rates.platform)}`
