import type { ClientAssignmentList } from '@app/contracts'
import { ClipboardList } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadError, LoadingState } from '@/components/states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useClientAssignments } from '../api/clients-api'
import { localeOf, santiagoDay, shortDay } from '../lib/days'

type Assignment = ClientAssignmentList['data'][number]
type Phase = 'current' | 'upcoming' | 'finished' | 'ended'

const phaseOf = (a: Assignment, today: string): Phase =>
  a.endedAt ? 'ended' : today < a.startDate ? 'upcoming' : today > a.endDate ? 'finished' : 'current'

/** Day 1 of a program week is the start date's weekday (decision 211): day N falls N − 1 days after it. */
const weekday = (startDate: string, day: number, language: string) => {
  const at = new Date(`${startDate}T12:00:00Z`)
  at.setUTCDate(at.getUTCDate() + day - 1)
  return new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', timeZone: 'UTC' }).format(at)
}

function AssignmentBlock({ assignment, phase }: { assignment: Assignment; phase: Phase }) {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'program' })
  const lang = i18n.language
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">
          <Link
            to={`/dashboard/programas/${assignment.programId}`}
            className="underline-offset-4 hover:underline"
            aria-label={t('open', { title: assignment.programTitle })}
          >
            {assignment.programTitle}
          </Link>
        </h3>
        <Badge variant={phase === 'current' ? 'success' : 'outline'}>{t(`phases.${phase}`)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('meta', {
          version: assignment.version,
          count: assignment.weeks,
          start: shortDay(assignment.startDate, lang),
          end: shortDay(assignment.endDate, lang, true),
        })}
      </p>
      {assignment.days.length ? (
        <>
          <p className="text-sm font-medium">{t('days')}</p>
          <ul className="grid gap-1 text-sm">
            {assignment.days.map((d) => (
              <li key={d.day}>{t('day', { weekday: weekday(assignment.startDate, d.day, lang), title: d.title, count: d.exercises })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

/** What the client follows now (or next), and how many programs came before. */
export function ProgramCard({ clientUserId }: { clientUserId: string }) {
  const { t } = useTranslation('trainer-clients', { keyPrefix: 'program' })
  const headingId = useId()
  const assignments = useClientAssignments(clientUserId)
  const today = santiagoDay(new Date())
  const all = (assignments.data?.data ?? []).map((a) => ({ a, phase: phaseOf(a, today) }))
  const live = all.filter((x) => x.phase === 'current' || x.phase === 'upcoming')
  const earlier = all.length - live.length
  const shown = live.length ? live : all.slice(0, 1)
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <ClipboardList className="size-5 text-primary" aria-hidden="true" />
        {t('title')}
      </h2>
      {assignments.isPending ? (
        <LoadingState label={t('loading')} rows={2} />
      ) : assignments.isError ? (
        <LoadError error={assignments.error} fallback={t('loadFailed')} onRetry={() => void assignments.refetch()} />
      ) : all.length === 0 ? (
        <div className="grid gap-2">
          <p className="font-medium">{t('none')}</p>
          <p className="text-sm text-muted-foreground">{t('noneHint')}</p>
          <Button asChild size="sm" variant="outline" className="w-fit">
            <Link to="/dashboard/programas">{t('toPrograms')}</Link>
          </Button>
        </div>
      ) : (
        <>
          {shown.map(({ a, phase }) => (
            <AssignmentBlock key={a.id} assignment={a} phase={phase} />
          ))}
          {earlier > (live.length ? 0 : 1) ? (
            <p className="text-sm text-muted-foreground">{t('earlier', { count: live.length ? earlier : earlier - 1 })}</p>
          ) : null}
        </>
      )}
    </section>
  )
}
