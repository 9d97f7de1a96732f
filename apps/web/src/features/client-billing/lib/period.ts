import { DateRangeQuerySchema } from '@app/contracts'
import { z } from 'zod'

// Periods are Chile calendar days, as the API reads `from` and `to` (both included).

const pad = (n: number) => String(n).padStart(2, '0')

/** The calendar day in Chile (YYYY-MM-DD) of an instant. */
export function chileDay(instant: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The API's default: the current month and the eleven before it, up to today. */
export function defaultPeriod(now: Date = new Date()): { from: string; to: string } {
  const to = chileDay(now)
  const [year, month] = to.split('-').map(Number) as [number, number]
  const start = new Date(Date.UTC(year, month - 1 - 11, 1))
  return { from: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-01`, to }
}

/** The period form: the contract's days, both given, in order. */
export const PeriodSchema = DateRangeQuerySchema.extend({
  from: z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' }),
  to: z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' }),
}).refine((p) => p.from <= p.to, { error: 'invalid', path: ['to'] })
export type Period = z.infer<typeof PeriodSchema>

/** "2026-11" as "November 2026" / "Noviembre de 2026" in `locale` (a heading: first letter upper case). */
export function monthLabel(month: string, locale: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const text = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  )
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}
