import { UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { EmptyState, LoadError, LoadingState } from '@/components/states'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'
import { useClientList, useClientProgress } from '../api/clients-api'
import { ActivityFlag, AdherenceMeter } from '../components/adherence'
import { ClientsFrame } from '../components/clients-frame'
import { ProgramCard } from '../components/program-card'
import { ProgressSection } from '../components/progress-section'
import { RecordsCard } from '../components/records-card'
import { WorkoutList } from '../components/workout-list'
import { relativeDay } from '../lib/days'

/** /dashboard/clientes/:clientUserId: one client of the trainer now — program, workouts and comments, records, progress. */
export function ClientPage() {
  const { clientUserId = '' } = useParams()
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'client' })
  const progress = useClientProgress(clientUserId)
  const row = useClientList().data?.data.find((r) => r.clientUserId === clientUserId)
  const name = progress.data?.name ?? row?.name ?? ''
  usePageMeta(name ? t('metaTitle', { name }) : t('loading'), t('metaDescription'))
  const back = { to: '/dashboard/clientes', label: t('back') }

  if (progress.isPending) return <ClientsFrame back={back}>{<LoadingState label={t('loading')} />}</ClientsFrame>
  if (progress.isError) {
    const notYours = progress.error instanceof ApiError && (progress.error.status === 404 || progress.error.status === 422)
    return (
      <ClientsFrame back={back}>
        {notYours ? (
          <EmptyState
            title={t('notYours')}
            hint={t('notYoursHint')}
            icon={<UserX className="size-8" aria-hidden="true" />}
            action={
              <Button asChild variant="outline">
                <Link to="/dashboard/clientes">{t('back')}</Link>
              </Button>
            }
          />
        ) : (
          <LoadError error={progress.error} fallback={t('loadFailed')} onRetry={() => void progress.refetch()} />
        )}
      </ClientsFrame>
    )
  }
  const data = progress.data
  const thisWeek = data.adherence.at(-1)
  return (
    <ClientsFrame back={back}>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{data.name}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {row ? <ActivityFlag inactive={row.inactive} /> : null}
          <span className="text-muted-foreground">
            {row?.lastWorkoutAt ? t('lastWorkout', { when: relativeDay(row.lastWorkoutAt, i18n.language) }) : t('noWorkout')}
          </span>
          {thisWeek ? <AdherenceMeter week={thisWeek} /> : null}
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <WorkoutList clientUserId={clientUserId} clientName={data.name} />
        <div className="grid content-start gap-6">
          <ProgramCard clientUserId={clientUserId} />
          <RecordsCard records={data.records} />
        </div>
      </div>
      <ProgressSection progress={data} />
    </ClientsFrame>
  )
}
