import type { Booking } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { useSession } from '@/lib/use-session'
import { bookingKeys, cancelMyBooking, useMyBookings } from '../api/booking-api'
import { CalendarFeed } from '../components/calendar-feed'
import { ClientFrame } from '../components/client-frame'
import { ReviewForm } from '../components/review-form'
import { formatters } from '../lib/time'

function BookingItem({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking', { keyPrefix: 'mine' })
  const format = formatters(i18n.language)
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const cancel = useMutation({
    mutationFn: () => cancelMyBooking(booking.id),
    onSuccess: () => (toast.success(t('cancelled')), void queryClient.invalidateQueries({ queryKey: bookingKeys.all })),
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('cancelFailed')).message),
  })
  const live = booking.state === 'pending' || booking.state === 'confirmed'
  const canCancel = live && Date.now() < Date.parse(booking.cancellableUntil)
  const trainerName = `${booking.trainer.firstName} ${booking.trainer.lastName}`
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold capitalize">{format.dayTime(booking.startsAt)}</p>
        <Badge variant={booking.state === 'cancelled' || booking.state === 'no_show' ? 'secondary' : 'success'}>
          {t(`state.${booking.state}`)}
        </Badge>
      </div>
      <p>
        {booking.sessionType.name} ·{' '}
        {booking.trainer.slug ? (
          <Link to={`/entrenadores/${booking.trainer.slug}`} className="underline underline-offset-4">
            {trainerName}
          </Link>
        ) : (
          trainerName
        )}
      </p>
      {live ? (
        <p className="text-sm text-muted-foreground">
          {canCancel ? t('cancelUntil', { when: format.dayTime(booking.cancellableUntil) }) : t('tooLate')}
        </p>
      ) : null}
      {canCancel ? (
        asking ? (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('confirmCancel')}>
            <span className="text-sm">{t('confirmCancel')}</span>
            <Button size="sm" variant="destructive" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {t('yesCancel')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
              {t('keep')}
            </Button>
          </div>
        ) : (
          <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
            {t('cancel')}
          </Button>
        )
      ) : null}
      {booking.state === 'attended' ? <ReviewForm trainer={booking.trainer} /> : null}
    </li>
  )
}

/** /cliente/reservas — the client's bookings (upcoming and past), cancel, review, calendar link. */
export function MyBookingsPage() {
  const { t } = useTranslation('booking', { keyPrefix: 'mine' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const { user, isLoading } = useSession()
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming')
  const list = useMyBookings(when, !!user)
  if (isLoading && !user) return <PageLoading />
  if (!user)
    return (
      <ClientFrame>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <Button asChild className="justify-self-start">
          <Link to={`/cliente/ingresar?next=${encodeURIComponent('/cliente/reservas')}`}>{t('signIn')}</Link>
        </Button>
      </ClientFrame>
    )
  const items = list.data?.pages.flatMap((p) => p.data) ?? []
  return (
    <ClientFrame>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <div role="group" aria-label={t('which')} className="flex gap-2">
        {(['upcoming', 'past'] as const).map((w) => (
          <Button key={w} size="sm" variant={when === w ? 'default' : 'outline'} aria-pressed={when === w} onClick={() => setWhen(w)}>
            {t(`when.${w}`)}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : list.isError ? (
        <ErrorAlert>{t('loadFailed')}</ErrorAlert>
      ) : items.length === 0 ? (
        <p>
          {t('empty')}{' '}
          <Link to="/entrenadores" className="underline underline-offset-4">
            {t('findTrainer')}
          </Link>
        </p>
      ) : (
        <ul className="grid gap-3">
          {items.map((b) => (
            <BookingItem key={b.id} booking={b} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('more')}
        </Button>
      ) : null}
      <CalendarFeed kind="client" />
    </ClientFrame>
  )
}
