import type { Today } from '@app/contracts'
import { memo, useCallback, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation } from 'react-router'
import { toast } from 'sonner'
import { requestToaster } from '@/components/layout/deferred-toaster'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { useSession } from '@/lib/use-session'
import { useUpcomingBookings } from '../api/client-api'
import { useMyRecords, useToday } from '../api/workout-api'
import { RestTimer, type RestTimerHandle } from '../components/workout/rest-timer'
import { takeOverIsland } from '../island/hand-off'
import { SyncStatus } from '../components/workout/sync-status'
import { WorkoutSession } from '../components/workout/workout-session'
import { useOnline, useWorkoutSync, type RecordNews } from '../hooks/use-workout-sync'
import { dayTime, santiagoDay } from '../lib/dates'
import { exerciseText } from '../lib/exercise-text'
import { dayText, numberText } from '../lib/workout-format'

/** /cliente — "Hoy": today's session to log set by set (offline too), then the next booking. */
export function TodayPage() {
  const { t } = useTranslation('routines', { keyPrefix: 'today' })
  usePageMeta(t('metaTitle'))
  const { user, isLoading } = useSession()
  const location = useLocation()
  const signedOut = !isLoading && !user
  useLayoutEffect(() => {
    if (signedOut) takeOverIsland()
  }, [signedOut])
  if (isLoading && !user) return <PageLoading />
  if (!user) return <Navigate to={`/cliente/ingresar?next=${encodeURIComponent(location.pathname)}`} replace />
  return <ClientDay userId={user.id} firstName={user.firstName} />
}

function ClientDay({ userId, firstName }: { userId: string; firstName: string }) {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  const today = useToday(userId)
  const records = useMyRecords(userId)
  const restTimer = useRef<RestTimerHandle>(null)
  // The HTML may have drawn the day already (decision 254): this page takes its place once its own
  // day (or its error) is drawn, before the browser paints.
  useLayoutEffect(() => {
    if (!today.isPending) takeOverIsland()
  }, [today.isPending])

  const announceRecord = useCallback(
    (news: RecordNews) => {
      const item = today.data?.data.flatMap((s) => s.items).find((i) => i.exerciseId === news.exerciseId)
      const name = item ? exerciseText({ ...item.exercise, cuesEn: [] }, i18n.language).name : t('exerciseFallback')
      requestToaster()
      toast.success(t('newRecord', { name, load: numberText(news.loadKg, i18n.language), reps: news.reps }), { id: news.key })
    },
    [today.data, i18n.language, t],
  )
  const sync = useWorkoutSync(userId, records.data, announceRecord)
  const pendingSets = sync.writes.filter((w) => w.kind === 'set' && !w.refusal).length

  const actions = {
    userId,
    writes: sync.writes,
    synced: sync.synced,
    add: sync.add,
    discard: (key: string) => void sync.discard(key),
    startRest: (seconds: number, from: HTMLElement) => restTimer.current?.start(seconds, from),
  }

  return (
    <>
      <div>
        <h1 className="text-2xl font-bold">{t('hello', { name: firstName })}</h1>
        <p className="text-muted-foreground first-letter:uppercase">{dayText(today.data?.date ?? santiagoDay(), i18n.language, true)}</p>
      </div>
      <SyncStatus online={sync.online} pending={pendingSets} />
      <Workout today={today} actions={actions} />
      <RestTimer ref={restTimer} />
      <NextBooking userId={userId} />
      {/* Room for the rest bar above the tabs, so it never covers the last set; always there, so
          that a rest starting moves nothing on the page. */}
      <div aria-hidden="true" className="h-16" />
    </>
  )
}

function Workout({ today, actions }: { today: ReturnType<typeof useToday>; actions: Parameters<typeof WorkoutSession>[0]['actions'] }) {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  if (today.isPending) return <p role="status">{t('workoutLoading')}</p>
  if (today.isError)
    return (
      <div role="alert" className="grid gap-2 rounded-xl border bg-card p-4">
        <p>{t('loadFailed')}</p>
        <Button type="button" variant="outline" className="w-fit" onClick={() => void today.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  const day: Today = today.data
  if (!day.data.length)
    return (
      <section className="grid gap-1 rounded-xl border bg-card p-4" role="status">
        {day.next ? (
          <>
            <p className="font-semibold">{t('restDay')}</p>
            <p className="text-sm text-muted-foreground">
              {t('nextSession', { date: dayText(day.next.date, i18n.language, true), title: day.next.title || day.next.programTitle })}
            </p>
          </>
        ) : (
          <p>{t('noProgram')}</p>
        )}
      </section>
    )
  return (
    <>
      {day.data.map((session) => (
        <WorkoutSession key={`${session.assignmentId}/${session.week}/${session.day}`} session={session} actions={actions} />
      ))}
    </>
  )
}

// Memoised: a tap on a set draws the day again, never the booking below it.
const NextBooking = memo(function NextBooking({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  const bookings = useUpcomingBookings(!!userId)
  const online = useOnline()
  const next = bookings.data?.data.find((b) => b.state === 'pending' || b.state === 'confirmed')
  return (
    <section aria-labelledby="next-booking" className="grid gap-2 rounded-xl border bg-card p-4">
      <h2 id="next-booking" className="font-semibold">
        {t('nextBooking')}
      </h2>
      {!bookings.data && (!online || bookings.fetchStatus === 'paused' || bookings.isError) ? (
        <p>{online ? t('bookingsFailed') : t('bookingsOffline')}</p>
      ) : bookings.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : next ? (
        <p className="capitalize">
          {dayTime(next.startsAt, i18n.language)} · {next.sessionType.name}
        </p>
      ) : (
        <p>
          {t('noBooking')}{' '}
          <Link to="/entrenadores" className="underline underline-offset-4">
            {t('findTrainer')}
          </Link>
        </p>
      )}
    </section>
  )
})
