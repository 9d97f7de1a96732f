import type { Booking } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { bookingKeys, cancelBookingByTrainer, confirmBooking, markAttendance, useCalendar } from '../api/booking-api'
import { addDays, formatters, mondayOf, santiagoDay } from '../lib/time'

function CalendarEntry({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking', { keyPrefix: 'calendar' })
  const format = formatters(i18n.language)
  const queryClient = useQueryClient()
  const act = useMutation({
    mutationFn: (action: 'confirm' | 'cancel' | 'attended' | 'noShow') =>
      action === 'confirm'
        ? confirmBooking(booking.id)
        : action === 'cancel'
          ? cancelBookingByTrainer(booking.id)
          : markAttendance(booking.id, action === 'attended'),
    onSuccess: () => (toast.success(t('updated')), void queryClient.invalidateQueries({ queryKey: bookingKeys.all })),
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('failed')).message),
  })
  const live = booking.state === 'pending' || booking.state === 'confirmed'
  // Check-in opens 15 minutes before the start (the API's CHECK_IN_MS).
  const started = Date.parse(booking.startsAt) - 15 * 60_000 <= Date.now()
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {format.time(booking.startsAt)}–{format.time(booking.endsAt)} · {booking.sessionType.name}
        </p>
        <Badge variant={live ? 'success' : 'secondary'}>{t(`state.${booking.state}`)}</Badge>
      </div>
      <p className="text-sm">
        {booking.client.firstName} {booking.client.lastName}
      </p>
      <div className="flex flex-wrap gap-2">
        {booking.state === 'pending' ? (
          <Button size="sm" onClick={() => act.mutate('confirm')} disabled={act.isPending}>
            {t('confirm')}
          </Button>
        ) : null}
        {live && !started ? (
          <Button size="sm" variant="outline" onClick={() => act.mutate('cancel')} disabled={act.isPending}>
            {t('cancel')}
          </Button>
        ) : null}
        {started && booking.state !== 'cancelled' ? (
          <>
            <Button
              size="sm"
              variant={booking.state === 'attended' ? 'default' : 'outline'}
              onClick={() => act.mutate('attended')}
              disabled={act.isPending}
            >
              {t('attended')}
            </Button>
            <Button
              size="sm"
              variant={booking.state === 'no_show' ? 'default' : 'outline'}
              onClick={() => act.mutate('noShow')}
              disabled={act.isPending}
            >
              {t('noShow')}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  )
}

/** The trainer's week (Santiago), day by day: confirm, cancel (the client is mailed), attendance. */
export function CalendarSection() {
  const { t, i18n } = useTranslation('booking', { keyPrefix: 'calendar' })
  const format = formatters(i18n.language)
  const [week, setWeek] = useState(() => mondayOf(santiagoDay(new Date())))
  const calendar = useCalendar(week)
  const items = calendar.data?.pages.flatMap((p) => p.data) ?? []
  const days = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(week, n))
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => setWeek((w) => addDays(w, -7))}>
            {t('previous')}
          </Button>
          <p className="text-sm font-medium" aria-live="polite">
            {t('weekOf', { day: format.day(`${week}T12:00:00Z`) })}
          </p>
          <Button variant="outline" size="sm" onClick={() => setWeek((w) => addDays(w, 7))}>
            {t('next')}
          </Button>
        </div>
        {calendar.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : calendar.isError ? (
          <ErrorAlert>{t('loadFailed')}</ErrorAlert>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <div className="grid gap-4">
            {days.map((day) => {
              const ofDay = items.filter((b) => santiagoDay(b.startsAt) === day)
              if (!ofDay.length) return null
              return (
                <section key={day} aria-label={format.day(`${day}T12:00:00Z`)}>
                  <h3 className="mb-2 font-semibold capitalize">{format.day(`${day}T12:00:00Z`)}</h3>
                  <ul className="grid gap-2">
                    {ofDay.map((b) => (
                      <CalendarEntry key={b.id} booking={b} />
                    ))}
                  </ul>
                </section>
              )
            })}
          </div>
        )}
        {calendar.hasNextPage ? (
          <Button variant="outline" onClick={() => void calendar.fetchNextPage()}>
            {t('more')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  )
}
