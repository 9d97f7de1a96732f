import type { PublicProfile, Slot } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { api, ApiError } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { useSession } from '@/lib/use-session'
import { bookingKeys, createBooking, useSlots } from '../api/booking-api'
import { ClientFrame } from '../components/client-frame'
import { addDays, formatters, santiagoDay } from '../lib/time'

/** /cliente/reservar/:slug — pick a time of the trainer's week and book it (client). */
export function BookPage() {
  const { t, i18n } = useTranslation('booking', { keyPrefix: 'book' })
  const { slug = '' } = useParams()
  const { user, isLoading } = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [week, setWeek] = useState(0)
  const [typeId, setTypeId] = useState<string>()
  const [chosen, setChosen] = useState<Slot>()
  const from = addDays(santiagoDay(new Date()), week * 7)
  const to = addDays(from, 6)
  const profile = useQuery({
    queryKey: ['trainer-profile', 'profile', slug],
    queryFn: () => api.get<PublicProfile>(`/trainers/${encodeURIComponent(slug)}/profile`, { auth: false }),
  })
  const slots = useSlots(slug, from, to)
  const format = formatters(i18n.language)
  const name = profile.data ? `${profile.data.firstName} ${profile.data.lastName}` : ''
  usePageMeta(t('metaTitle', { name }), t('metaDescription'))

  const book = useMutation({
    mutationFn: (slot: Slot) =>
      createBooking(
        { trainerId: profile.data!.trainerId, sessionTypeId: slot.sessionTypeId, startsAt: slot.startsAt },
        crypto.randomUUID(),
      ),
    onSuccess: () => {
      toast.success(t('booked'))
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all })
      void navigate('/cliente/reservas')
    },
    onError: () => void slots.refetch(),
  })

  if (isLoading && !user) return <PageLoading />
  if (!user)
    return (
      <ClientFrame>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p>{t('signInFirst')}</p>
        <Button asChild className="justify-self-start">
          <Link to={`/cliente/ingresar?next=${encodeURIComponent(`/cliente/reservar/${slug}`)}`}>{t('signIn')}</Link>
        </Button>
      </ClientFrame>
    )

  const types = slots.data?.sessionTypes ?? []
  const activeType = typeId ?? types[0]?.id
  const visible = (slots.data?.data ?? []).filter((s) => s.sessionTypeId === activeType)
  const byDay = new Map<string, Slot[]>()
  for (const s of visible) byDay.set(santiagoDay(s.startsAt), [...(byDay.get(santiagoDay(s.startsAt)) ?? []), s])
  const bookError =
    book.error instanceof ApiError && book.error.status === 403
      ? t('needSubscription')
      : book.error
        ? serverErrorText(book.error, errorsT, t('failed')).message
        : null

  return (
    <ClientFrame>
      <div>
        <h1 className="text-2xl font-bold">{profile.data ? t('titleWith', { name }) : t('title')}</h1>
        <p className="text-muted-foreground">{t('timeZoneNote')}</p>
      </div>
      {types.length > 1 ? (
        <label className="grid gap-1 text-sm font-medium">
          {t('sessionType')}
          <select
            className="h-10 rounded-md border bg-background px-3"
            value={activeType}
            onChange={(e) => (setTypeId(e.target.value), setChosen(undefined))}
          >
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {t('typeOption', { name: type.name, minutes: type.durationMinutes, capacity: type.capacity })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => setWeek((w) => w - 1)} disabled={week === 0}>
          {t('previousWeek')}
        </Button>
        <p className="text-sm font-medium" aria-live="polite">
          {t('weekOf', { from: format.day(`${from}T12:00:00Z`), to: format.day(`${to}T12:00:00Z`) })}
        </p>
        <Button variant="outline" size="sm" onClick={() => setWeek((w) => w + 1)} disabled={week >= 7}>
          {t('nextWeek')}
        </Button>
      </div>
      {slots.isPending || profile.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : slots.isError || profile.isError ? (
        <ErrorAlert>{t('loadFailed')}</ErrorAlert>
      ) : byDay.size === 0 ? (
        <p>{t('noSlots')}</p>
      ) : (
        <div className="grid gap-4">
          {[...byDay].map(([day, list]) => (
            <section key={day} aria-label={format.day(list[0].startsAt)}>
              <h2 className="mb-2 font-semibold capitalize">{format.day(list[0].startsAt)}</h2>
              <ul className="flex flex-wrap gap-2">
                {list.map((s) => (
                  <li key={s.startsAt}>
                    <Button
                      variant={chosen?.startsAt === s.startsAt ? 'default' : 'outline'}
                      size="sm"
                      aria-pressed={chosen?.startsAt === s.startsAt}
                      onClick={() => setChosen(s)}
                    >
                      {format.time(s.startsAt)}
                      {s.capacity > 1 ? ` · ${t('placesLeft', { count: s.remaining })}` : ''}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {chosen ? (
        <div className="grid gap-2 rounded-xl border bg-background p-4 shadow">
          <p>{t('confirmText', { when: format.dayTime(chosen.startsAt), name })}</p>
          {bookError ? <ErrorAlert>{bookError}</ErrorAlert> : null}
          <Button onClick={() => book.mutate(chosen)} disabled={book.isPending}>
            {book.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('confirm')}
          </Button>
        </div>
      ) : null}
    </ClientFrame>
  )
}
