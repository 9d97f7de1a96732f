// The months a statement can be asked for, on Chile's clock (the API's months, decision 225).

const pad = (n: number) => String(n).padStart(2, '0')

/** The Chile calendar month (YYYY-MM) of an instant. */
export function chileMonth(instant: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit' }).formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}`
}

/** This month and the `count - 1` before it, newest first. */
export function recentMonths(now: Date = new Date(), count = 24): string[] {
  const [year, month] = chileMonth(now).split('-').map(Number) as [number, number]
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1))
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`
  })
}

/** "2026-11" as "Noviembre de 2026" / "November 2026". */
export function monthName(month: string, locale: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const text = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  )
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}
