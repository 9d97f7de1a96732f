import type { AdminActor, AdminRef } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { DataTable, type Column } from './data-table'
import { RefLink } from './ref-link'
import { useAuditText, type AuditChange } from '../hooks/use-audit-text'
import { useDateTime } from '../hooks/use-date-time'

export interface HistoryRow {
  id?: string
  at: string
  action: string
  actor: AdminActor | null
  actorRef?: AdminRef | null
  subjectType?: string | null
  subjectId?: string | null
  subjectRef?: AdminRef | null
  ip: string | null
  reason: string | null
  before: unknown
  after: unknown
}

/** The action in words, its code under it (the code is what the filter and the CSV use). */
function ActionLabel({ action }: { action: string }) {
  const { actionLabel } = useAuditText()
  return (
    <span className="grid">
      <span className="font-medium">{actionLabel(action)}</span>
      <code className="text-xs text-muted-foreground">{action}</code>
    </span>
  )
}

/** What the row did, as a sentence, and each changed value as "label: before → after". */
function AuditSentence({ row }: { row: HistoryRow }) {
  const { describe } = useAuditText()
  const { sentence, changes } = describe(row)
  return (
    <span className="grid gap-1">
      <span>{sentence}</span>
      {changes.length ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {changes.map((change) => (
            <li key={change.label}>
              <ChangeText change={change} />
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  )
}

function ChangeText({ change }: { change: AuditChange }) {
  return (
    <>
      {change.label}:{' '}
      {change.before === null ? (
        <span className="text-foreground">{change.after}</span>
      ) : (
        <>
          {change.before} → <span className="text-foreground">{change.after}</span>
        </>
      )}
    </>
  )
}

/** A reason the server wrote is shown in words with its code; an operator's reason as typed. */
function ReasonText({ reason }: { reason: string | null }) {
  const { reason: reasonText } = useAuditText()
  const shown = reasonText(reason)
  if (!shown) return <>—</>
  return (
    <span className="grid">
      <span className="break-words">{shown.text}</span>
      {shown.code ? <code className="text-xs text-muted-foreground">{shown.code}</code> : null}
    </span>
  )
}

function ActorCell({ row }: { row: HistoryRow }) {
  const { t } = useTranslation('admin')
  const { role } = useAuditText()
  if (!row.actor) return <>—</>
  const { actor, actorRef } = row
  return (
    <span className="grid">
      {actorRef ? <RefLink value={actorRef} /> : <span className="break-all">{actor.email ?? t('cli')}</span>}
      {actorRef && actor.email ? <span className="text-xs break-all text-muted-foreground">{actor.email}</span> : null}
      {actor.role && actor.role !== 'cli' ? <span className="text-xs text-muted-foreground">{role(actor.role)}</span> : null}
    </span>
  )
}

function SubjectCell({ row }: { row: HistoryRow }) {
  const { subjectType } = useAuditText()
  if (!row.subjectType) return <>—</>
  return (
    <span className="grid">
      <span className="text-xs text-muted-foreground">{subjectType(row.subjectType)}</span>
      {row.subjectRef ? (
        <RefLink value={row.subjectRef} />
      ) : row.subjectId ? (
        // An e-mail or an address is its own name; an id is shown only when nothing else is left.
        <code className="text-xs break-all">{row.subjectId}</code>
      ) : null}
    </span>
  )
}

/** Audit rows (the audit log, a trainer's or a gym's history): who did what, when, from where, and what changed, in words. */
export function HistoryTable({
  label,
  rows,
  query,
  withSubject,
  emptyTitle,
  emptyHint,
}: {
  label: string
  rows: HistoryRow[] | undefined
  query?: Parameters<typeof DataTable>[0]['query']
  withSubject?: boolean
  emptyTitle: string
  emptyHint?: string
}) {
  const { t } = useTranslation('admin')
  const dateTime = useDateTime()
  const columns: Column<HistoryRow>[] = [
    { header: t('audit.columns.at'), cell: (row) => <time dateTime={row.at}>{dateTime(row.at)}</time>, className: 'whitespace-nowrap' },
    { header: t('audit.columns.action'), cell: (row) => <ActionLabel action={row.action} /> },
    { header: t('audit.columns.values'), cell: (row) => <AuditSentence row={row} />, className: 'max-w-sm' },
    { header: t('audit.columns.actor'), cell: (row) => <ActorCell row={row} /> },
    ...(withSubject ? [{ header: t('audit.columns.subject'), cell: (row: HistoryRow) => <SubjectCell row={row} /> }] : []),
    { header: t('audit.columns.reason'), cell: (row) => <ReasonText reason={row.reason} />, className: 'max-w-xs' },
    { header: t('audit.columns.ip'), cell: (row) => <code className="text-xs">{row.ip ?? '—'}</code> },
  ]
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      query={query}
      rowKey={(row) => row.id ?? `${row.at}-${row.action}`}
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      minWidth="min-w-[1040px]"
    />
  )
}
