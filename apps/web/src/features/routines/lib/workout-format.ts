import type { Load, WorkoutSession } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { localeOf } from './dates'
export type SessionItem = WorkoutSession['items'][number]

export const numberText = (value: number, language: string) =>
  new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(value)

/** 90 → "1:30", 45 → "45 s". */
export const restText = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

export const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/** A load and an exercise's prescription in the page's language. */
export function usePrescription() {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  const loadText = (load: Load) => {
    const value = numberText(load.value, i18n.language)
    if (load.kind === 'kg') return t('loadKg', { value })
    if (load.kind === 'percent1rm') return t('loadPercent', { value })
    return load.kind === 'rpe' ? t('loadRpe', { value }) : t('loadRir', { value })
  }
  /** "4 × 8–10 · 40 kg · rest 1:30 · tempo 3-0-1-0". */
  return (item: SessionItem) => {
    const reps = item.reps ? (item.reps.min === item.reps.max ? `${item.reps.min}` : `${item.reps.min}–${item.reps.max}`) : null
    const parts = [reps ? t('setsReps', { sets: item.sets, reps }) : t('setsSeconds', { sets: item.sets, seconds: item.seconds })]
    if (item.load) parts.push(loadText(item.load))
    if (item.restSeconds) parts.push(t('rest', { time: restText(item.restSeconds) }))
    if (item.tempo) parts.push(t('tempo', { tempo: item.tempo.split('').join('-') }))
    return parts.join(' · ')
  }
}

/** A Santiago calendar day (YYYY-MM-DD) as "vie 20 nov" / "Fri 20 Nov". */
export const dayText = (day: string, language: string, long = false) =>
  new Intl.DateTimeFormat(localeOf(language), {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`))

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
