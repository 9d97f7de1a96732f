import type { AdminActor } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { DataTable, type Column } from './data-table'
import { AuditValues } from './audit-values'
import { useDateTime } from '../hooks/use-date-time'

export interface HistoryRow {
  id?: string
  at: string
  action: string
  actor: AdminActor | null
  subjectType?: string | null
  subjectId?: string | null
  ip: string | null
  reason: string | null
  before: unknown
  after: unknown
}

export function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation('admin')
  return (
    <span className="grid">
      <span className="font-medium">{t(`actions.${action}`, { defaultValue: action })}</span>
      <code className="text-xs text-muted-foreground">{action}</code>
    </span>
  )
}

/** Audit rows (the audit log, a trainer's or a gym's history): who did what, when, from where, before → after. */
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
    {
      header: t('audit.columns.actor'),
      cell: (row) =>
        row.actor ? (
          <span className="grid">
            <span className="break-all">{row.actor.email ?? t('cli')}</span>
            {row.actor.role ? <span className="text-xs text-muted-foreground">{row.actor.role}</span> : null}
          </span>
        ) : (
          '—'
        ),
    },
    ...(withSubject
      ? [
          {
            header: t('audit.columns.subject'),
            cell: (row: HistoryRow) =>
              row.subjectType ? (
                <span className="grid">
                  <span>{row.subjectType}</span>
                  <code className="text-xs break-all text-muted-foreground">{row.subjectId}</code>
                </span>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    { header: t('audit.columns.ip'), cell: (row) => <code className="text-xs">{row.ip ?? '—'}</code> },
    { header: t('audit.columns.reason'), cell: (row) => row.reason ?? '—' },
    { header: t('audit.columns.values'), cell: (row) => <AuditValues before={row.before} after={row.after} />, className: 'max-w-xs' },
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
