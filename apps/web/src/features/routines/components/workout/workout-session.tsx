import type { WorkoutSession as Session } from '@app/contracts'
import { CheckCircle2 } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { ApiError, newIdempotencyKey } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import type { SyncedSet } from '../../hooks/use-workout-sync'
import { exerciseText } from '../../lib/exercise-text'
import { groupRuns, type SessionItem } from '../../lib/workout-format'
import type { QueuedDone, QueuedSet, QueuedWrite, WriteQueue } from '../../lib/write-queue'
import { ExerciseCard } from './exercise-card'
import type { SetFigures, SetState } from './set-row'

const sameDay = (s: Session, b: { assignmentId: string; week: number; day: number }) =>
  b.assignmentId === s.assignmentId && b.week === s.week && b.day === s.day

/** Each set's state: waiting in the queue (or refused), taken by the server now or earlier, or open. */
function setStates(session: Session, item: SessionItem, writes: QueuedWrite[], synced: Map<string, SyncedSet>) {
  const states = new Map<number, SetState>()
  for (const log of item.logged) states.set(log.setNumber, { status: 'saved', ...log, record: false })
  for (const s of synced.values())
    if (sameDay(session, s) && s.setLog.itemKey === item.key)
      states.set(s.setLog.setNumber, { status: 'saved', ...s.setLog, record: s.record })
  for (const w of writes)
    if (w.kind === 'set' && sameDay(session, w.body) && w.body.itemKey === item.key)
      states.set(w.body.setNumber, {
        status: w.refusal ? 'refused' : 'pending',
        reps: w.body.reps ?? null,
        loadKg: w.body.loadKg ?? null,
        seconds: w.body.seconds ?? null,
        record: false,
      })
  const count = Math.max(item.sets, ...states.keys())
  return Array.from({ length: count }, (_, i) => states.get(i + 1) ?? { status: 'open' as const })
}

export interface SessionActions {
  userId: string
  writes: QueuedWrite[]
  synced: Map<string, SyncedSet>
  add: WriteQueue['add']
  discard: (key: string) => void
  startRest: (seconds: number, from: HTMLElement) => void
}

/** A training day: its exercises (supersets and circuits together), refusals to show, and the finish. */
export function WorkoutSession({ session, actions }: { session: Session; actions: SessionActions }) {
  const { t, i18n } = useTranslation('routines', { keyPrefix: 'today' })
  const headingId = useId()
  const mine = actions.writes.filter((w) => sameDay(session, w.body))
  const refused = mine.filter((w) => w.refusal)

  const logSet = (item: SessionItem, setNumber: number, figures: SetFigures, button: HTMLButtonElement) => {
    const key = newIdempotencyKey()
    const write: Omit<QueuedSet, 'attempts' | 'retryAt' | 'refusal'> = {
      kind: 'set',
      key,
      userId: actions.userId,
      queuedAt: Date.now(),
      body: {
        idempotencyKey: key,
        assignmentId: session.assignmentId,
        week: session.week,
        day: session.day,
        itemKey: item.key,
        setNumber,
        ...figures,
        done: true,
        performedAt: new Date().toISOString(),
      },
    }
    void actions.add(write)
    // In a superset or circuit the rest comes after the round: after the group's last exercise.
    const group = item.group ? session.items.filter((i) => i.group?.label === item.group!.label) : [item]
    const rest = group.at(-1)!.key === item.key ? item.restSeconds : null
    if (rest) actions.startRest(rest, button)
  }
  // One function for the page's life, so that a card whose sets did not change is not drawn again.
  const latestLogSet = useRef(logSet)
  latestLogSet.current = logSet
  const onDone = useCallback(
    (item: SessionItem, setNumber: number, figures: SetFigures, button: HTMLButtonElement) =>
      latestLogSet.current(item, setNumber, figures, button),
    [],
  )

  const nameOf = (key: string) => {
    const item = session.items.find((i) => i.key === key)
    return item ? exerciseText({ ...item.exercise, cuesEn: [] }, i18n.language).name : t('exerciseFallback')
  }
  const reason = (w: QueuedWrite) =>
    serverErrorText(new ApiError(w.refusal!.message, w.refusal!.status, w.refusal!.data), errorsT, t('loadFailed')).message

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          {session.title || t('untitledDay')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('sessionOf', { program: session.programTitle, week: session.week, trainer: session.trainerName })}
        </p>
      </div>
      {refused.length ? (
        <ul className="grid gap-2">
          {refused.map((w) => (
            <li key={w.key} role="alert" className="grid gap-2 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-900">
              <p>
                {w.kind === 'set'
                  ? t('refusedSet', { n: w.body.setNumber, name: nameOf(w.body.itemKey), reason: reason(w) })
                  : t('refusedDone', { reason: reason(w) })}
              </p>
              <Button type="button" variant="outline" size="sm" className="h-10 w-fit" onClick={() => actions.discard(w.key)}>
                {t('discard')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {groupRuns(session.items).map((run) => {
        const groupName =
          run.group?.kind === 'superset' ? t('superset', { label: run.group.label }) : t('circuit', { label: run.group?.label })
        return run.group ? (
          <div key={run.items[0]!.key} role="group" aria-label={groupName} className="grid gap-2 rounded-xl border-l-4 border-primary pl-2">
            <p className="text-sm font-semibold text-primary">
              {groupName} <span className="font-normal text-muted-foreground">· {t('groupHint')}</span>
            </p>
            {run.items.map((item) => (
              <ExerciseCard key={item.key} item={item} states={setStates(session, item, mine, actions.synced)} onDone={onDone} />
            ))}
          </div>
        ) : (
          <ExerciseCard
            key={run.items[0]!.key}
            item={run.items[0]!}
            states={setStates(session, run.items[0]!, mine, actions.synced)}
            onDone={onDone}
          />
        )
      })}
      <FinishSession session={session} queuedDone={mine.find((w): w is QueuedDone => w.kind === 'done' && !w.refusal)} actions={actions} />
    </section>
  )
}

function FinishSession({
  session,
  queuedDone,
  actions,
}: {
  session: Session
  queuedDone: QueuedDone | undefined
  actions: SessionActions
}) {
  const { t } = useTranslation('routines', { keyPrefix: 'today' })
  const [comment, setComment] = useState('')
  const [justFinished, setJustFinished] = useState(false)
  const doneHeading = useRef<HTMLHeadingElement>(null)
  const formId = useId()
  const finished = justFinished || !!queuedDone || !!session.completedAt
  const shownComment = queuedDone?.body.comment ?? session.comment

  useEffect(() => {
    if (justFinished) doneHeading.current?.focus()
  }, [justFinished])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setJustFinished(true)
    void actions.add({
      kind: 'done',
      key: newIdempotencyKey(),
      userId: actions.userId,
      queuedAt: Date.now(),
      body: { assignmentId: session.assignmentId, week: session.week, day: session.day, comment: comment.trim() || undefined },
    })
  }

  if (finished)
    return (
      <div className="grid gap-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
        <h3 ref={doneHeading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {t('finished')}
        </h3>
        {queuedDone ? <p className="text-sm">{t('finishedPending')}</p> : null}
        {shownComment ? <p className="text-sm">{t('yourComment', { comment: shownComment })}</p> : null}
        {session.trainerReply ? (
          <p className="text-sm">{t('trainerReply', { trainer: session.trainerName, reply: session.trainerReply })}</p>
        ) : null}
      </div>
    )
  return (
    <form onSubmit={submit} aria-labelledby={`${formId}-title`} className="grid gap-3 rounded-xl border bg-card p-4">
      <h3 id={`${formId}-title`} className="text-lg font-semibold">
        {t('finishTitle')}
      </h3>
      <div className="grid gap-1">
        <label htmlFor={`${formId}-comment`} className="text-sm font-medium">
          {t('comment')}
        </label>
        <Textarea
          id={`${formId}-comment`}
          aria-describedby={`${formId}-hint`}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <p id={`${formId}-hint`} className="text-xs text-muted-foreground">
          {t('commentHint')}
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full">
        {t('finish')}
      </Button>
    </form>
  )
}
