import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation } from 'react-router'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { useSession } from '@/lib/use-session'
import { useUpcomingBookings } from '../api/client-api'
import { dayTime } from '../lib/dates'

/** /cliente — "Hoy": the client's day at a glance. */
export function TodayPage() {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  usePageMeta(t('metaTitle'))
  const { user, isLoading } = useSession()
  const location = useLocation()
  const bookings = useUpcomingBookings(!!user)
  if (isLoading && !user) return <PageLoading />
  if (!user) return <Navigate to={`/cliente/ingresar?next=${encodeURIComponent(location.pathname)}`} replace />
  const next = bookings.data?.data.find((b) => b.state === 'pending' || b.state === 'confirmed')
  return (
    <>
      <h1 className="text-2xl font-bold">{t('hello', { name: user.firstName })}</h1>
      <section aria-labelledby="next-booking" className="grid gap-2 rounded-xl border bg-card p-4">
        <h2 id="next-booking" className="font-semibold">
          {t('nextBooking')}
        </h2>
        {bookings.isPending ? (
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
    </>
  )
}
