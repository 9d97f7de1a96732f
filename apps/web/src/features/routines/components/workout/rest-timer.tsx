import { Timer } from 'lucide-react'
import { startTransition, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { clockText } from '../../lib/workout-format'

export interface Rest {
  /** When the rest ends (ms since epoch): a timer that survives the phone sleeping. */
  endsAt: number
  seconds: number
  /** Where focus goes back when the rest ends or is skipped from inside the bar. */
  returnTo: HTMLElement | null
}

export interface RestTimerHandle {
  /** Starts a rest of `seconds`; focus goes back to `from` when it ends from inside the bar. */
  start: (seconds: number, from: HTMLElement) => void
}

/**
 * The rest after a set, in a bar within thumb reach above the tabs. The time itself is a timer
 * (not read out each second); its start and its end are said in a polite live region. It keeps
 * its own state behind a handle: starting a rest on a tap draws this bar only, not the day, and
 * after the set's own answer (a tap's answer within 100 ms on a slow phone, issue 25).
 */
export function RestTimer({ ref }: { ref: Ref<RestTimerHandle> }) {
  const { t } = useTranslation('routines', { keyPrefix: 'today' })
  const [rest, setRest] = useState<Rest | null>(null)
  // The bar is drawn just after the tap's own answer (the set turning done), not in the same frame.
  useImperativeHandle(
    ref,
    () => ({
      start: (seconds, from) => {
        const endsAt = Date.now() + seconds * 1000
        startTransition(() => setRest({ endsAt, seconds, returnTo: from }))
      },
    }),
    [],
  )
  const onEnd = () => setRest(null)
  const onAdd = (s: number) => setRest((r) => (r ? { ...r, endsAt: r.endsAt + s * 1000, seconds: r.seconds + s } : r))
  const [now, setNow] = useState(() => Date.now())
  const [said, setSaid] = useState('')
  const bar = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!rest) return
    setSaid(t('restStarted', { seconds: rest.seconds }))
    setNow(Date.now())
    const tick = window.setInterval(() => setNow(Date.now()), 250)
    return () => window.clearInterval(tick)
  }, [rest, t])

  const left = rest ? Math.max(0, Math.ceil((rest.endsAt - now) / 1000)) : 0
  const finish = (skipped: boolean) => {
    const focusInside = bar.current?.contains(document.activeElement)
    if (!skipped) {
      setSaid(t('restOver'))
      navigator.vibrate?.(200)
    } else setSaid('')
    if (focusInside) rest?.returnTo?.focus()
    onEnd()
  }
  useEffect(() => {
    if (rest && left === 0) finish(false)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the time runs out
  }, [rest, left])

  return (
    <>
      <p role="status" className="sr-only">
        {said}
      </p>
      {rest ? (
        <div
          ref={bar}
          className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 border-t bg-primary text-primary-foreground shadow-lg"
        >
          <div className="mx-auto flex max-w-lg items-center gap-3 px-4 py-2">
            <Timer className="size-5 shrink-0" aria-hidden="true" />
            <p className="grow text-sm font-medium">
              {t('restTimer')}{' '}
              <span role="timer" className="text-2xl font-bold tabular-nums">
                {clockText(left)}
              </span>
            </p>
            <Button type="button" variant="secondary" className="h-11" aria-label={t('addRestLabel')} onClick={() => onAdd(15)}>
              {t('addRest')}
            </Button>
            <Button type="button" variant="secondary" className="h-11" onClick={() => finish(true)}>
              {t('skipRest')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  )
}
