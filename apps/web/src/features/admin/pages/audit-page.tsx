import { AUDIT_ACTIONS } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Card } from '@/components/ui/card'
import { getAudit } from '../api/admin-api'
import { BackupCard } from '../components/backup-card'
import { ExportButton } from '../components/export-button'
import { FilterBar } from '../components/filter-bar'
import { HistoryTable } from '../components/history-table'
import { PageHeader } from '../components/page-header'
import { Pager } from '../components/pager'
import { useCursorList } from '../hooks/use-cursor-list'
import { apiFilters } from '../lib/filters'

const FILTERS = ['actor', 'action', 'subjectType', 'subjectId', 'from', 'to'] as const
/** Families the API takes as `family.*`, then every exact action. */
const FAMILIES = ['auth', 'session', 'user', 'lead', 'business', 'client', 'account', 'privacy', 'review', 'admin', 'backup'] as const
const SUBJECT_TYPES = [
  'user',
  'lead',
  'business',
  'client_payment',
  'client_subscription',
  'client_invitation',
  'review',
  'backup',
  'email',
  'address',
] as const

export function AuditPage() {
  const { t } = useTranslation('admin')
  const [search] = useSearchParams()
  const filters = apiFilters(search, FILTERS)
  const list = useCursorList('audit', filters, getAudit)

  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.description')} />
      <BackupCard />
      <Card className="gap-0 py-0">
        <FilterBar
          fields={[
            { name: 'actor', label: t('audit.columns.actor'), kind: 'text', placeholder: t('audit.actorPlaceholder') },
            {
              name: 'action',
              label: t('audit.columns.action'),
              kind: 'select',
              options: [
                ...FAMILIES.map((family) => ({ value: `${family}.*`, label: t('audit.family', { family }) })),
                ...AUDIT_ACTIONS.map((action) => ({ value: action, label: `${t(`actions.${action}`)} (${action})` })),
              ],
            },
            {
              name: 'subjectType',
              label: t('audit.subjectType'),
              kind: 'select',
              options: SUBJECT_TYPES.map((type) => ({ value: type, label: t(`audit.subjectTypes.${type}`) })),
            },
            { name: 'subjectId', label: t('audit.subjectId'), kind: 'text' },
            { name: 'from', label: t('filters.from'), kind: 'date' },
            { name: 'to', label: t('filters.to'), kind: 'date' },
          ]}
          actions={<ExportButton path="/admin/audit/export.csv" params={filters} fileName="audit-log.csv" />}
        />
        <HistoryTable
          withSubject
          label={t('audit.title')}
          rows={list.query.data?.data}
          query={list.query}
          emptyTitle={t('audit.empty')}
          emptyHint={t('filters.emptyHint')}
        />
        <Pager page={list.page} hasPrevious={list.hasPrevious} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
      </Card>
    </>
  )
}
