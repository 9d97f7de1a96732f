import type { Load, WorkoutSession } from '@app/contracts'
import { localeOf } from './dates'

// Pure texts of a workout, without React or i18next: the page and the HTML's own first draw of
// "Hoy" (island/, decision 254) both use them.
export type SessionItem = WorkoutSession['items'][number]

// One formatter per locale: making one costs a few milliseconds on a slow phone, and a day of
// sets formats dozens of figures.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key)
  if (!format) formats.set(key, (format = make()))
  return format as T
}

export const numberText = (value: number, language: string) =>
  cached(`n/${localeOf(language)}`, () => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 })).format(value)

/** 90 → "1:30", 45 → "45 s". */
export const restText = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

export const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/** A translation of the `today` keys: i18next's `t` on the page, the island's own lookup in the HTML. */
export type TodayText = (key: string, values?: Record<string, string | number | undefined>) => string

/** "4 × 8–10 · 40 kg · rest 1:30 · tempo 3-0-1-0". */
export function prescriptionText(item: SessionItem, t: TodayText, language: string) {
  const loadText = (load: Load) => {
    const value = numberText(load.value, language)
    if (load.kind === 'kg') return t('loadKg', { value })
    if (load.kind === 'percent1rm') return t('loadPercent', { value })
    return load.kind === 'rpe' ? t('loadRpe', { value }) : t('loadRir', { value })
  }
  const reps = item.reps ? (item.reps.min === item.reps.max ? `${item.reps.min}` : `${item.reps.min}–${item.reps.max}`) : null
  const parts = [
    reps ? t('setsReps', { sets: item.sets, reps }) : t('setsSeconds', { sets: item.sets, seconds: item.seconds ?? undefined }),
  ]
  if (item.load) parts.push(loadText(item.load))
  if (item.restSeconds) parts.push(t('rest', { time: restText(item.restSeconds) }))
  if (item.tempo) parts.push(t('tempo', { tempo: item.tempo.split('').join('-') }))
  return parts.join(' · ')
}

/** The figures a set starts with: the last time's, else the plan's (the page's set rows and the island's). */
export function initialFigures(item: SessionItem, n: number, language: string) {
  const timed = item.reps === null
  const last = item.lastTime?.sets.find((s) => s.setNumber === n) ?? item.lastTime?.sets.at(-1)
  const amount = timed ? (last?.seconds ?? item.seconds) : (last?.reps ?? item.reps?.min)
  const kg = last?.loadKg ?? null
  const plannedKg = item.load?.kind === 'kg' ? String(item.load.value) : ''
  return {
    amount: amount == null ? '' : String(amount),
    kg: kg === null ? plannedKg : String(kg).replace('.', language === 'en' ? '.' : ','),
  }
}

/** A Santiago calendar day (YYYY-MM-DD) as "vie 20 nov" / "Fri 20 Nov". */
export const dayText = (day: string, language: string, long = false) =>
  cached(
    `d/${localeOf(language)}/${long}`,
    () =>
      new Intl.DateTimeFormat(localeOf(language), {
        weekday: long ? 'long' : 'short',
        day: 'numeric',
        month: long ? 'long' : 'short',
        timeZone: 'UTC',
      }),
  ).format(new Date(`${day}T12:00:00Z`))

/** One set's figures: "40 kg × 8", "8", "45 s". */
export function figures(set: { reps: number | null; loadKg: number | null; seconds: number | null }, language: string) {
  const amount = set.seconds !== null && set.reps === null ? `${set.seconds} s` : `${set.reps ?? 0}`
  return set.loadKg ? `${numberText(set.loadKg, language)} kg × ${amount}` : amount
}

/** Items of a day split into runs: a superset or circuit (same label, consecutive) or one exercise. */
export function groupRuns(items: SessionItem[]) {
  const runs: { group: SessionItem['group']; items: SessionItem[] }[] = []
  for (const item of items) {
    const last = runs.at(-1)
    if (item.group && last?.group?.label === item.group.label) last.items.push(item)
    else runs.push({ group: item.group, items: [item] })
  }
  return runs
}

/** "8" → 8, "62,5" → 62.5 (Chile writes a decimal comma); '' → null; anything else → NaN. */
export function parseFigure(text: string): number | null {
  const clean = text.trim().replace(',', '.')
  if (!clean) return null
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN
}
