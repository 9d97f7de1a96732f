import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { LoadError, LoadingState } from '@/components/states'
import { useSession } from '@/lib/use-session'
import { useAdherence, useHealthConsent, useMeasurements, usePhotos, useRecords } from '../api/progress-api'
import { ConsentRequest, ConsentSummary } from '../components/consent-card'
import { HistoryList } from '../components/history-list'
import { MeasurementEntry } from '../components/measurement-entry'
import { PhotosCard } from '../components/photos-card'
import { AdherenceChart, MeasurementsChart, WeightChart } from '../components/progress-charts'
import { RecordsCard } from '../components/records-card'

/** /cliente/progreso — the client's weight, measurements, records, adherence and photos (issue 25). */
export function ProgressPage() {
  const { t } = useTranslation('progress')
  usePageMeta(t('metaTitle'))
  const { user, isLoading } = useSession()
  const location = useLocation()
  if (isLoading && !user) return <PageLoading />
  if (!user) return <Navigate to={`/cliente/ingresar?next=${encodeURIComponent(location.pathname)}`} replace />
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </div>
      <ProgressSections />
    </>
  )
}

/**
 * Consent first; then, in the order a client looks: today's entry, the charts, the sessions and
 * records, photos, the history, and the consent in force with the way out.
 */
function ProgressSections() {
  const { t } = useTranslation('progress')
  const consent = useHealthConsent()
  const measurements = useMeasurements()
  const photos = usePhotos()
  // Set when the client consents; the entry form takes the focus once it is mounted, then clears it.
  const [focusEntry, setFocusEntry] = useState(false)
  const entryFocused = useCallback(() => setFocusEntry(false), [])
  if (consent.isPending || measurements.isPending) return <LoadingState label={t('loading')} rows={4} />
  if (consent.isError || measurements.isError)
    return (
      <LoadError
        error={consent.error ?? measurements.error}
        fallback={t('loadFailed')}
        onRetry={() => void Promise.all([consent.refetch(), measurements.refetch()])}
      />
    )
  const status = consent.data
  const entries = measurements.data.data
  // After a withdrawal the entries stay the client's: shown (and deletable) while any is left.
  const body = status.current || entries.length > 0 || (photos.data?.data.length ?? 0) > 0
  return (
    <>
      {status.current ? (
        <MeasurementEntry entries={entries} focusHeading={focusEntry} onHeadingFocused={entryFocused} />
      ) : (
        <ConsentRequest status={status} onGiven={() => setFocusEntry(true)} />
      )}
      {body ? (
        <>
          <WeightChart entries={entries} />
          <MeasurementsChart entries={entries} />
        </>
      ) : null}
      <Sessions />
      {body ? (
        <>
          {photos.isPending ? (
            <LoadingState label={t('loading')} rows={1} />
          ) : photos.isError ? (
            <LoadError error={photos.error} fallback={t('photos.loadFailed')} onRetry={() => void photos.refetch()} />
          ) : (
            <PhotosCard photos={photos.data.data} canAdd={status.current} onLinksExpired={() => void photos.refetch()} />
          )}
          <HistoryList entries={entries} />
        </>
      ) : null}
      {status.given ? <ConsentSummary status={status} /> : null}
    </>
  )
}

/** What the logs say: adherence per week and personal records (no consent needed: not body data). */
function Sessions() {
  const { t } = useTranslation('progress')
  const adherence = useAdherence()
  const records = useRecords()
  return (
    <>
      {adherence.isPending ? (
        <LoadingState label={t('loading')} rows={2} />
      ) : adherence.isError ? (
        <LoadError error={adherence.error} fallback={t('adherence.loadFailed')} onRetry={() => void adherence.refetch()} />
      ) : (
        <AdherenceChart weeks={adherence.data.weeks} />
      )}
      {records.isPending ? (
        <LoadingState label={t('loading')} rows={2} />
      ) : records.isError ? (
        <LoadError error={records.error} fallback={t('records.loadFailed')} onRetry={() => void records.refetch()} />
      ) : (
        <RecordsCard records={records.data.data} />
      )}
    </>
  )
}

export default ProgressPage
