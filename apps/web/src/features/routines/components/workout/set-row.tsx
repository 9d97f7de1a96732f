import { Check, CloudOff, Trophy } from 'lucide-react'
import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import { numberText, parseFigure } from '../../lib/workout-format'

export type SetState =
  | { status: 'open' }
  | { status: 'pending' | 'saved' | 'refused'; reps: number | null; loadKg: number | null; seconds: number | null; record: boolean }

export interface SetFigures {
  reps: number | null
  loadKg: number | null
  seconds: number | null
}

/**
 * One set: reps (or seconds) and kilos, prefilled with the last time's or the plan's figures, and
 * a large "done" button that answers on the tap, before anything reaches the server.
 */
export function SetRow({
  n,
  timed,
  state,
  initial,
  onDone,
  buttonRef,
}: {
  n: number
  timed: boolean
  state: SetState
  initial: { amount: string; kg: string }
  onDone: (figures: SetFigures, button: HTMLButtonElement) => void
  buttonRef?: RefObject<HTMLButtonElement | null>
}) {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  const [amount, setAmount] = useState(initial.amount)
  const [kg, setKg] = useState(initial.kg)
  const [error, setError] = useState('')
  const errorId = useId()
  const done = state.status !== 'open'
  // A second tap before the queue has redrawn the row must not log the set twice (a new key).
  const tapped = useRef(false)
  useEffect(() => {
    if (state.status === 'open') tapped.current = false
  }, [state.status])
  const shown = (value: number | null) => (value === null ? '' : numberText(value, i18n.language))

  const submit = (button: HTMLButtonElement) => {
    if (done) return
    const count = parseFigure(amount)
    const load = parseFigure(kg)
    if (count === null) return setError(timed ? t('needSeconds') : t('needReps'))
    const wholeCount = Number.isInteger(count) && count <= (timed ? 36_000 : 1000)
    const goodLoad = load === null || (Number.isFinite(load) && load <= 1000)
    if (!wholeCount || !goodLoad) return setError(t('badNumber'))
    setError('')
    if (tapped.current) return
    tapped.current = true
    onDone(
      { reps: timed ? null : count, seconds: timed ? count : null, loadKg: load === null ? null : Math.round(load * 100) / 100 },
      button,
    )
  }

  return (
    <li className={cn('grid gap-1 rounded-lg px-2 py-1.5', done && 'bg-emerald-50', state.status === 'refused' && 'bg-red-50')}>
      <div className="grid grid-cols-[3.25rem_1fr_1fr_3rem] items-center gap-2">
        <span className="text-sm font-medium text-muted-foreground">{t('set', { n })}</span>
        <Input
          inputMode="numeric"
          enterKeyHint="next"
          aria-label={timed ? t('secondsOf', { n }) : t('repsOf', { n })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 text-center text-base"
          value={done ? shown(timed ? state.seconds : state.reps) : amount}
          readOnly={done}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Input
          inputMode="decimal"
          enterKeyHint="done"
          aria-label={t('kgOf', { n })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 text-center text-base"
          value={done ? shown(state.loadKg) : kg}
          readOnly={done}
          onChange={(e) => setKg(e.target.value)}
        />
        <button
          ref={buttonRef}
          type="button"
          aria-label={done ? t('doneSet', { n }) : t('markDone', { n })}
          aria-pressed={done}
          className={cn(
            'flex size-12 items-center justify-center rounded-full border-2 transition-colors',
            done ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-primary bg-background text-primary hover:bg-accent',
          )}
          onClick={(e) => submit(e.currentTarget)}
        >
          <Check className="size-6" aria-hidden="true" />
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {state.status === 'pending' ? (
        <p className="flex items-center gap-1 text-xs text-amber-900">
          <CloudOff className="size-3.5" aria-hidden="true" />
          {t('pending')}
        </p>
      ) : null}
      {state.status !== 'open' && state.record ? (
        <p className="flex items-center gap-1 text-xs font-semibold text-emerald-900">
          <Trophy className="size-3.5" aria-hidden="true" />
          {t('record')}
        </p>
      ) : null}
    </li>
  )
}
