import type { ClientWorkoutList } from '@app/contracts'
import { CheckCircle2, Dumbbell, MessageSquare, Pencil } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState, LoadError, LoadingState } from '@/components/states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { useFormat } from '@/lib/i18n'
import { useClientWorkouts } from '../api/clients-api'
import { dayTime, shortDay } from '../lib/days'
import { ReplyForm } from './reply-form'

type Session = ClientWorkoutList['data'][number]
type SetRow = Session['sets'][number]

/** The session's sets, one line per exercise in the program's order: "8 × 60 kg · 7 × 62,5 kg". */
function useSetLines(sets: SetRow[]) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'workouts' })
  const format = useFormat()
  return useMemo(() => {
    const byItem = new Map<string, SetRow[]>()
    for (const set of sets) byItem.set(set.itemKey, [...(byItem.get(set.itemKey) ?? []), set])
    const order = (key: string) => Number(/e(\d+)$/.exec(key)?.[1] ?? 0)
    return [...byItem.entries()]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([key, rows]) => ({
        key,
        name: i18n.language === 'en' ? rows[0]!.exerciseNameEn || rows[0]!.exerciseNameEs : rows[0]!.exerciseNameEs,
        sets: rows
          .sort((a, b) => a.setNumber - b.setNumber)
          .map((s) => {
            if (!s.done) return t('notDoneSet')
            const load = s.loadKg !== null ? t('kg', { value: format.number(s.loadKg) }) : null
            const work = s.reps !== null ? String(s.reps) : s.seconds !== null ? t('seconds', { value: s.seconds }) : '—'
            return load ? `${work} × ${load}` : work
          }),
      }))
  }, [sets, t, i18n.language, format])
}

function SessionCard({ session, clientUserId, clientName }: { session: Session; clientUserId: string; clientName: string }) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'workouts' })
  const lines = useSetLines(session.sets)
  const [editing, setEditing] = useState(false)
  const titleId = useId()
  // The form goes away once the answer is saved: focus lands on what replaced it, not on the page.
  const [saved, setSaved] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (saved && !editing && editButton.current) {
      editButton.current.focus()
      setSaved(false)
    }
  }, [saved, editing, session.trainerReply])
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm" aria-labelledby={titleId} data-testid="session">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id={titleId} className="font-semibold">
            {session.title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t('session', { week: session.week, day: session.day, program: session.programTitle, version: session.version })}
          </p>
          <p className="text-sm text-muted-foreground">{t('scheduled', { date: shortDay(session.scheduledOn, i18n.language, true) })}</p>
        </div>
        {session.completedAt ? (
          <Badge variant="success">
            <CheckCircle2 className="size-3.5" aria-hidden="true" />
            {t('done', { when: dayTime(session.completedAt, i18n.language) })}
          </Badge>
        ) : (
          <Badge variant="outline">{t('notDone')}</Badge>
        )}
      </div>
      {lines.length ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('setsCaption', { title: session.title })}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('exercise')}</th>
              <th scope="col">{t('set')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key} className="border-t first:border-0">
                <th scope="row" className="py-1.5 pr-3 align-top font-medium">
                  {line.name}
                </th>
                <td className="py-1.5 tabular-nums">{line.sets.join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted-foreground">{t('noSets')}</p>
      )}
      {session.comment ? (
        <div className="grid gap-3 rounded-lg bg-muted/60 p-3">
          <figure className="grid gap-1">
            <figcaption className="flex items-center gap-1.5 text-sm font-medium">
              <MessageSquare className="size-4" aria-hidden="true" />
              {t('comment', { name: clientName })}
            </figcaption>
            <blockquote className="text-sm whitespace-pre-line">{session.comment}</blockquote>
          </figure>
          {session.trainerReply && !editing ? (
            <div className="grid gap-1 border-l-2 border-primary pl-3">
              <p className="text-sm font-medium">{t('reply')}</p>
              <p className="text-sm whitespace-pre-line">{session.trainerReply}</p>
              <Button ref={editButton} variant="ghost" size="sm" className="w-fit" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {t('edit')}
              </Button>
            </div>
          ) : (
            <ReplyForm
              clientUserId={clientUserId}
              clientName={clientName}
              sessionId={session.sessionId}
              initial={session.trainerReply ?? ''}
              onDone={editing ? () => setEditing(false) : undefined}
              onSaved={() => setSaved(true)}
            />
          )}
        </div>
      ) : null}
    </li>
  )
}

/** The client's sessions on the trainer's programs, newest first, with their comments answered in place. */
export function WorkoutList({ clientUserId, clientName }: { clientUserId: string; clientName: string }) {
  const { t } = useTranslation('trainer-clients', { keyPrefix: 'workouts' })
  const workouts = useClientWorkouts(clientUserId)
  const [onlyComments, setOnlyComments] = useState(false)
  const headingId = useId()
  const all = workouts.data?.data ?? []
  const unanswered = all.filter((s) => s.comment && !s.trainerReply).length
  const shown = onlyComments ? all.filter((s) => s.comment) : all
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Dumbbell className="size-5 text-primary" aria-hidden="true" />
          {t('title')}
          {unanswered ? (
            <Badge variant="destructive">
              {t('unanswered')}: {unanswered}
            </Badge>
          ) : null}
        </h2>
        {all.some((s) => s.comment) ? (
          <div className="flex items-center gap-2">
            <Checkbox id={`${headingId}-only`} checked={onlyComments} onCheckedChange={(value) => setOnlyComments(value === true)} />
            <Label htmlFor={`${headingId}-only`}>{t('onlyComments')}</Label>
          </div>
        ) : null}
      </div>
      {workouts.isPending ? (
        <LoadingState label={t('loading')} />
      ) : workouts.isError ? (
        <LoadError error={workouts.error} fallback={t('loadFailed')} onRetry={() => void workouts.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <ul className="grid gap-3">
          {shown.map((session) => (
            <SessionCard key={session.sessionId} session={session} clientUserId={clientUserId} clientName={clientName} />
          ))}
        </ul>
      )}
    </section>
  )
}
