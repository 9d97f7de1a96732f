import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { exerciseText } from '../../lib/exercise-text'
import { islandTyped } from '../../island/hand-off'
import { dayText, figures, initialFigures, usePrescription, type SessionItem } from '../../lib/workout-format'
import { SetRow, type SetFigures, type SetState } from './set-row'

interface ExerciseCardProps {
  item: SessionItem
  /** One per set, planned ones first, then any extra the client logged. */
  states: SetState[]
  /** Keep it stable (the card is memoised and does not compare it). */
  onDone: (item: SessionItem, setNumber: number, figures: SetFigures, button: HTMLButtonElement) => void
}

const sameSet = (a: SetState, b: SetState) =>
  a.status === b.status &&
  (a.status === 'open' ||
    (b.status !== 'open' && a.reps === b.reps && a.loadKg === b.loadKg && a.seconds === b.seconds && a.record === b.record))

/**
 * A tap on "done" changes one set: only its card draws again (the sets' states are new objects at
 * every render of the day, so they are compared by value), which keeps the tap's answer within a
 * frame on a slow phone (issue 25).
 */
const sameCard = (a: ExerciseCardProps, b: ExerciseCardProps) =>
  a.item === b.item && a.states.length === b.states.length && a.states.every((state, i) => sameSet(state, b.states[i]!))

/** One exercise of the day: what to do, the last time's figures beside it, and its sets. */
export const ExerciseCard = memo(function ExerciseCard({ item, states, onDone }: ExerciseCardProps) {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  const { name } = exerciseText({ ...item.exercise, cuesEn: [] }, i18n.language)
  const prescription = usePrescription()
  const timed = item.reps === null
  const headingId = `exercise-${item.key}`
  // The figures typed in the HTML's own day before the app took over, else the last time's or the plan's.
  const initial = (n: number) => islandTyped(item.key, n) ?? initialFigures(item, n, i18n.language)
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-3 shadow-xs">
      <header className="grid gap-1">
        <h3 id={headingId} className="text-lg leading-tight font-semibold">
          {name}
        </h3>
        <p className="text-sm font-medium">{prescription(item)}</p>
        {item.notes ? <p className="text-sm text-muted-foreground">{item.notes}</p> : null}
        <p className="text-sm text-muted-foreground">
          {item.lastTime
            ? t('lastTime', {
                date: dayText(item.lastTime.on, i18n.language),
                sets: item.lastTime.sets.map((s) => figures(s, i18n.language)).join(', '),
              })
            : t('firstTime')}
        </p>
      </header>
      <div className="grid gap-1">
        <div
          aria-hidden="true"
          className="grid grid-cols-[3.25rem_1fr_1fr_3rem] gap-2 px-2 text-center text-xs font-medium text-muted-foreground"
        >
          <span />
          <span>{timed ? t('seconds') : t('reps')}</span>
          <span>{t('kg')}</span>
          <span />
        </div>
        <ol aria-label={t('setsOf', { name })} className="grid gap-1">
          {states.map((state, i) => (
            <SetRow
              key={i}
              n={i + 1}
              timed={timed}
              state={state}
              initial={initial(i + 1)}
              onDone={(figures, button) => onDone(item, i + 1, figures, button)}
            />
          ))}
        </ol>
      </div>
    </article>
  )
}, sameCard)
