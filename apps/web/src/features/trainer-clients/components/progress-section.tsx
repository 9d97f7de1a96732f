import type { ClientProgress, Measurement } from '@app/contracts'
import { Camera, LineChart as LineChartIcon, Lock } from 'lucide-react'
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { TrendChart, WeekBarsChart, type DayValue } from '@/components/charts'
import { EmptyState } from '@/components/states'
import { useFormat } from '@/lib/i18n'
import { localeOf, shortDay } from '../lib/days'

const FIELDS = ['weightKg', 'waistCm', 'hipCm', 'chestCm', 'armCm', 'thighCm', 'bodyFatPct'] as const
const unitOf = (field: (typeof FIELDS)[number]) => (field === 'weightKg' ? 'kg' : field === 'bodyFatPct' ? '%' : 'cm')

function AdherenceChart({ weeks }: { weeks: ClientProgress['adherence'] }) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'progress' })
  const current = weeks.at(-1)
  const anything = weeks.some((w) => w.assigned > 0)
  return (
    <div className="grid gap-1">
      <WeekBarsChart
        weeks={weeks}
        title={t('adherenceTitle')}
        locale={localeOf(i18n.language)}
        labels={{ done: t('done'), assigned: t('assigned'), week: t('week'), summary: t('chartTable') }}
        description={!anything ? t('noAssigned') : current ? t('thisWeek', { done: current.done, count: current.assigned }) : undefined}
      />
      <p className="text-xs text-muted-foreground">{t('adherenceHint')}</p>
    </div>
  )
}

function WeightChart({ measurements }: { measurements: Measurement[] }) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'progress' })
  const format = useFormat()
  const lang = i18n.language
  const points = useMemo<DayValue[]>(
    () => measurements.flatMap((m) => (m.weightKg === null ? [] : [{ day: m.date, value: m.weightKg }])),
    [measurements],
  )
  const kg = useMemo(() => (value: number) => `${format.number(value)} kg`, [format])
  if (!points.length) return <p className="text-sm text-muted-foreground">{t('noWeight')}</p>
  const first = points[0]!
  const last = points.at(-1)!
  const change = Math.round((last.value - first.value) * 100) / 100
  const description =
    points.length === 1
      ? t('weightOne', { value: kg(last.value), date: shortDay(last.day, lang, true) })
      : t('weightChange', {
          from: kg(first.value),
          to: kg(last.value),
          change: `${change > 0 ? '+' : change < 0 ? '−' : '±'}${kg(Math.abs(change))}`,
          start: shortDay(first.day, lang, true),
          end: shortDay(last.day, lang, true),
        })
  return (
    <TrendChart
      points={points}
      title={t('weightTitle')}
      formatValue={kg}
      locale={localeOf(lang)}
      table={{ summary: t('chartTable'), day: t('day'), value: t('fields.weightKg') }}
      description={description}
    />
  )
}

function LatestMeasurements({ measurements }: { measurements: Measurement[] }) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'progress' })
  const format = useFormat()
  const latest = measurements.at(-1)
  if (!latest) return <p className="text-sm text-muted-foreground">{t('noMeasurements')}</p>
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">{t('measuresTitle')}</h3>
      <p className="text-sm text-muted-foreground">{t('latest', { date: shortDay(latest.date, i18n.language, true) })}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {FIELDS.filter((f) => latest[f] !== null).map((field) => (
          <div key={field} className="grid">
            <dt className="text-muted-foreground">{t(`fields.${field}`)}</dt>
            <dd className="font-medium tabular-nums">{`${format.number(latest[field]!)} ${unitOf(field)}`}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function Photos({ photos }: { photos: ClientProgress['photos'] }) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'photos' })
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="flex items-center gap-2 font-medium">
        <Camera className="size-4 text-primary" aria-hidden="true" />
        {t('title')}
      </h3>
      {photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {photos.map((photo) => {
              const pose = t(`poses.${photo.pose}`, { defaultValue: photo.pose })
              const date = shortDay(photo.takenOn, i18n.language, true)
              return (
                <li key={photo.id}>
                  {/* Signed links of five minutes (decision 209); the page reads new ones every four. */}
                  <a href={photo.url} target="_blank" rel="noreferrer" aria-label={t('open', { pose, date })} className="grid gap-1">
                    <img
                      src={photo.thumbUrl}
                      alt=""
                      loading="lazy"
                      referrerPolicy="no-referrer"
                      className="aspect-[3/4] w-full rounded-md border object-cover"
                    />
                    <span className="text-xs text-muted-foreground" aria-hidden="true">
                      {t('alt', { pose, date })}
                    </span>
                  </a>
                </li>
              )
            })}
          </ul>
          <p className="text-xs text-muted-foreground">{t('linksNote')}</p>
        </>
      )}
    </section>
  )
}

/** Adherence for everyone; weight, measurements and photos only when the API sends them (the client consents). */
export function ProgressSection({ progress }: { progress: ClientProgress }) {
  const { t } = useTranslation('trainer-clients', { keyPrefix: 'progress' })
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-6 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <LineChartIcon className="size-5 text-primary" aria-hidden="true" />
        {t('title')}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <AdherenceChart weeks={progress.adherence} />
        {progress.healthConsent ? <WeightChart measurements={progress.measurements} /> : null}
      </div>
      {progress.healthConsent ? (
        <>
          <LatestMeasurements measurements={progress.measurements} />
          <Photos photos={progress.photos} />
        </>
      ) : (
        <EmptyState
          title={t('noConsent', { name: progress.name })}
          hint={t('noConsentHint')}
          icon={<Lock className="size-8" aria-hidden="true" />}
        />
      )}
    </section>
  )
}
