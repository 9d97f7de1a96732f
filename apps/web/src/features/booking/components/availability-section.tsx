import type { WeeklyHoursRange } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import {
  addException,
  bookingKeys,
  createSessionType,
  removeException,
  setWeeklyHours,
  useExceptions,
  useSessionTypes,
  useWeeklyHours,
} from '../api/booking-api'
import { hhmmOf, minutesOf } from '../lib/time'

const input = 'h-9 rounded-md border bg-background px-2 text-sm'
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

function SessionTypes() {
  const { t } = useTranslation('booking', { keyPrefix: 'availability' })
  const types = useSessionTypes()
  const queryClient = useQueryClient()
  const id = useId()
  const [name, setName] = useState('')
  const [minutes, setMinutes] = useState(60)
  const [capacity, setCapacity] = useState(1)
  const create = useMutation({
    mutationFn: () => createSessionType({ name, durationMinutes: minutes, capacity, active: true }),
    onSuccess: () => (
      setName(''),
      toast.success(t('typeAdded')),
      void queryClient.invalidateQueries({ queryKey: bookingKeys.sessionTypes })
    ),
  })
  const submit = (e: FormEvent) => (e.preventDefault(), create.mutate())
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">{t('typesTitle')}</h3>
      {types.data?.data.length ? (
        <ul className="grid gap-1 text-sm">
          {types.data.data.map((type) => (
            <li key={type.id}>{t('typeLine', { name: type.name, minutes: type.durationMinutes, capacity: type.capacity })}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('noTypes')}</p>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-name`} className="grid gap-1 text-sm">
          {t('typeName')}
          <input id={`${id}-name`} className={input} value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
        </label>
        <label htmlFor={`${id}-minutes`} className="grid gap-1 text-sm">
          {t('duration')}
          <input
            id={`${id}-minutes`}
            className={`${input} w-24`}
            type="number"
            min={15}
            max={480}
            step={5}
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
          />
        </label>
        <label htmlFor={`${id}-capacity`} className="grid gap-1 text-sm">
          {t('capacity')}
          <input
            id={`${id}-capacity`}
            className={`${input} w-20`}
            type="number"
            min={1}
            max={50}
            value={capacity}
            onChange={(e) => setCapacity(Number(e.target.value))}
          />
        </label>
        <Button type="submit" size="sm" disabled={create.isPending}>
          {t('addType')}
        </Button>
      </form>
      {create.error ? <ErrorAlert>{serverErrorText(create.error, errorsT, t('saveFailed')).message}</ErrorAlert> : null}
    </div>
  )
}

function WeeklyHoursEditor() {
  const { t } = useTranslation('booking', { keyPrefix: 'availability' })
  const hours = useWeeklyHours()
  const queryClient = useQueryClient()
  const [ranges, setRanges] = useState<WeeklyHoursRange[]>([])
  useEffect(() => {
    if (hours.data) setRanges(hours.data.ranges)
  }, [hours.data])
  const save = useMutation({
    mutationFn: () => setWeeklyHours(ranges),
    onSuccess: () => (toast.success(t('hoursSaved')), void queryClient.invalidateQueries({ queryKey: bookingKeys.weeklyHours })),
  })
  const update = (i: number, patch: Partial<WeeklyHoursRange>) =>
    setRanges((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">{t('hoursTitle')}</h3>
      <p className="text-sm text-muted-foreground">{t('hoursNote')}</p>
      <ul className="grid gap-2">
        {ranges.map((r, i) => (
          <li key={i} className="flex flex-wrap items-center gap-2">
            <select
              aria-label={t('weekday')}
              className={input}
              value={r.weekday}
              onChange={(e) => update(i, { weekday: Number(e.target.value) })}
            >
              {WEEKDAYS.map((d) => (
                <option key={d} value={d}>
                  {t(`weekdays.${d}`)}
                </option>
              ))}
            </select>
            <input
              aria-label={t('from')}
              type="time"
              step={900}
              className={input}
              value={hhmmOf(r.startMinute)}
              onChange={(e) => update(i, { startMinute: minutesOf(e.target.value) })}
            />
            <input
              aria-label={t('to')}
              type="time"
              step={900}
              className={input}
              value={hhmmOf(r.endMinute)}
              onChange={(e) => update(i, { endMinute: minutesOf(e.target.value) })}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('removeRange')}
              onClick={() => setRanges((list) => list.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setRanges((list) => [...list, { weekday: 1, startMinute: 540, endMinute: 1080 }])}
        >
          {t('addRange')}
        </Button>
        <Button size="sm" onClick={() => save.mutate()} disabled={save.isPending}>
          {t('saveHours')}
        </Button>
      </div>
      {save.error ? <ErrorAlert>{serverErrorText(save.error, errorsT, t('saveFailed')).message}</ErrorAlert> : null}
    </div>
  )
}

function Exceptions() {
  const { t } = useTranslation('booking', { keyPrefix: 'availability' })
  const list = useExceptions()
  const queryClient = useQueryClient()
  const id = useId()
  const [day, setDay] = useState('')
  const [reason, setReason] = useState('')
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.exceptions })
  const add = useMutation({
    mutationFn: () => addException({ day, reason, startMinute: null, endMinute: null }),
    onSuccess: () => (setDay(''), setReason(''), refresh()),
  })
  const remove = useMutation({ mutationFn: removeException, onSuccess: refresh })
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">{t('daysOffTitle')}</h3>
      {list.data?.data.length ? (
        <ul className="grid gap-1 text-sm">
          {list.data.data.map((e) => (
            <li key={e.id} className="flex items-center gap-2">
              {e.day}
              {e.startMinute !== null ? ` ${hhmmOf(e.startMinute)}–${hhmmOf(e.endMinute!)}` : ''} {e.reason}
              <Button variant="ghost" size="icon" aria-label={t('removeDayOff', { day: e.day })} onClick={() => remove.mutate(e.id)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('noDaysOff')}</p>
      )}
      <form onSubmit={(e) => (e.preventDefault(), add.mutate())} className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-day`} className="grid gap-1 text-sm">
          {t('day')}
          <input id={`${id}-day`} type="date" required className={input} value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <label htmlFor={`${id}-reason`} className="grid gap-1 text-sm">
          {t('reason')}
          <input id={`${id}-reason`} className={input} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </label>
        <Button type="submit" size="sm" variant="outline" disabled={add.isPending}>
          {t('addDayOff')}
        </Button>
      </form>
      {add.error ? <ErrorAlert>{serverErrorText(add.error, errorsT, t('saveFailed')).message}</ErrorAlert> : null}
    </div>
  )
}

/** The trainer's bookable time: session types, weekly hours (Santiago) and days off. */
export function AvailabilitySection() {
  const { t } = useTranslation('booking', { keyPrefix: 'availability' })
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SessionTypes />
        <WeeklyHoursEditor />
        <Exceptions />
      </CardContent>
    </Card>
  )
}
