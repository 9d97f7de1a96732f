import { MEASUREMENT_FIELDS, type Measurement, type MeasurementField, type WeekAdherence } from '@app/contracts'
import { LineChart as LineIcon } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TrendChart, WeekBarsChart, type DayValue } from '@/components/charts'
import { EmptyState } from '@/components/states'
import { Label } from '@/components/ui/label'
import { dayText, localeOf, measureText, santiagoToday } from '../lib/format'

const BODY_FIELDS: MeasurementField[] = MEASUREMENT_FIELDS.filter((f) => f !== 'weightKg')

/** The days that have `field`, oldest first, as chart points. */
const seriesOf = (entries: readonly Measurement[], field: MeasurementField): DayValue[] =>
  entries.flatMap((e) => (e[field] === null ? [] : [{ day: e.date, value: e[field] }]))

/** "De 80 kg el 1 nov a 75,5 kg hoy: −4,5 kg." — the chart in one sentence. */
function useChangeSentence(points: readonly DayValue[], field: MeasurementField) {
  const { t, i18n } = useTranslation('progress', { keyPrefix: 'charts' })
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return undefined
  const value = (v: number) => measureText(v, field, i18n.language)
  if (points.length === 1) return t('single', { value: value(first.value), since: dayText(first.day, i18n.language) })
  const change = measureText(Math.round((last.value - first.value) * 100) / 100, field, i18n.language, true)
  const words = { first: value(first.value), last: value(last.value), since: dayText(first.day, i18n.language), change }
  return last.day === santiagoToday() ? t('change', words) : t('changeTo', { ...words, until: dayText(last.day, i18n.language) })
}

function MeasureChart({ points, field, title }: { points: readonly DayValue[]; field: MeasurementField; title: string }) {
  const { t, i18n } = useTranslation('progress', { keyPrefix: 'charts' })
  const language = i18n.language
  const formatValue = useMemo(() => (v: number) => measureText(v, field, language), [field, language])
  const table = useMemo(() => ({ summary: t('table'), day: t('day'), value: t('value') }), [t])
  const description = useChangeSentence(points, field)
  return (
    <TrendChart
      points={points}
      title={title}
      formatValue={formatValue}
      locale={localeOf(language)}
      table={table}
      description={description}
    />
  )
}

/** Body weight over the two years the API answers (≈730 daily points at most). */
export function WeightChart({ entries }: { entries: readonly Measurement[] }) {
  const { t } = useTranslation('progress', { keyPrefix: 'charts' })
  const points = useMemo(() => seriesOf(entries, 'weightKg'), [entries])
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-4">
      {points.length ? (
        <MeasureChart points={points} field="weightKg" title={t('weight')} />
      ) : (
        <>
          <h2 className="font-medium">{t('weight')}</h2>
          <EmptyState title={t('noWeight')} hint={t('noWeightHint')} icon={<LineIcon className="size-8" aria-hidden="true" />} />
        </>
      )}
    </section>
  )
}

/** One measurement at a time (waist, hip…), picked from those that have values. */
export function MeasurementsChart({ entries }: { entries: readonly Measurement[] }) {
  const { t } = useTranslation('progress')
  const pickId = useId()
  const available = useMemo(() => BODY_FIELDS.filter((f) => entries.some((e) => e[f] !== null)), [entries])
  const [picked, setPicked] = useState<MeasurementField | null>(null)
  const field = picked && available.includes(picked) ? picked : available[0]
  const points = useMemo(() => (field ? seriesOf(entries, field) : []), [entries, field])
  return (
    <section className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 className="font-medium">{t('charts.measurements')}</h2>
      {field ? (
        <>
          {available.length > 1 ? (
            <div className="grid gap-1">
              <Label htmlFor={pickId}>{t('charts.pick')}</Label>
              <select
                id={pickId}
                value={field}
                onChange={(e) => setPicked(e.target.value as MeasurementField)}
                className="min-h-11 rounded-md border border-input bg-background px-3 text-base"
              >
                {available.map((f) => (
                  <option key={f} value={f}>
                    {t(`fields.${f}`)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <MeasureChart points={points} field={field} title={t(`fields.${field}`)} />
        </>
      ) : (
        <EmptyState title={t('charts.noMeasurements')} icon={<LineIcon className="size-8" aria-hidden="true" />} />
      )}
    </section>
  )
}

/** Sessions done / assigned per Santiago week (decision 209's weeklyAdherence). */
export function AdherenceChart({ weeks }: { weeks: readonly WeekAdherence[] }) {
  const { t, i18n } = useTranslation('progress', { keyPrefix: 'adherence' })
  const labels = useMemo(() => ({ done: t('done'), assigned: t('assigned'), week: t('week'), summary: t('table') }), [t])
  if (!weeks.some((w) => w.assigned > 0))
    return (
      <section className="grid gap-2 rounded-xl border bg-card p-4">
        <h2 className="font-medium">{t('title')}</h2>
        <EmptyState title={t('empty')} hint={t('emptyHint')} />
      </section>
    )
  const current = weeks.at(-1)
  const description = current?.assigned ? t('thisWeek', { done: current.done, assigned: current.assigned }) : t('thisWeekNone')
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-4">
      <WeekBarsChart weeks={weeks} title={t('title')} locale={localeOf(i18n.language)} labels={labels} description={description} />
    </section>
  )
}
