import { LEAD_STATUSES, type AdminLead } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Card } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getLeads } from '../api/admin-api'
import { DataTable, type Column } from '../components/data-table'
import { ExportButton } from '../components/export-button'
import { FilterBar } from '../components/filter-bar'
import { LeadStatusBadge } from '../components/lead-status-badge'
import { PageHeader } from '../components/page-header'
import { Pager } from '../components/pager'
import { useCursorList } from '../hooks/use-cursor-list'
import { apiFilters } from '../lib/filters'

const FILTERS = ['q', 'status', 'from', 'to'] as const

export function LeadsPage() {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const [search] = useSearchParams()
  const filters = apiFilters(search, FILTERS)
  const list = useCursorList('leads', filters, getLeads)

  const columns: Column<AdminLead>[] = [
    {
      header: t('leads.columns.person'),
      cell: (lead) => (
        <Link to={`/admin/leads/${lead.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {lead.name ?? lead.email}
          {lead.name ? <span className="block text-xs font-normal text-muted-foreground">{lead.email}</span> : null}
        </Link>
      ),
    },
    { header: t('leads.columns.city'), cell: (lead) => lead.city ?? '—' },
    { header: t('leads.columns.phone'), cell: (lead) => lead.phone ?? '—' },
    { header: t('leads.columns.status'), cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    { header: t('leads.columns.received'), cell: (lead) => format.date(lead.createdAt) },
  ]

  return (
    <>
      <PageHeader title={t('leads.title')} description={t('leads.description')} />
      <Card className="gap-0 py-0">
        <FilterBar
          fields={[
            { name: 'q', label: t('filters.search'), kind: 'text', placeholder: t('leads.searchPlaceholder') },
            {
              name: 'status',
              label: t('leads.columns.status'),
              kind: 'select',
              options: LEAD_STATUSES.map((s) => ({ value: s, label: t(`leadStatus.${s}`) })),
            },
            { name: 'from', label: t('filters.from'), kind: 'date' },
            { name: 'to', label: t('filters.to'), kind: 'date' },
          ]}
          actions={<ExportButton path="/admin/leads/export.csv" params={filters} fileName="leads.csv" />}
        />
        <DataTable
          label={t('leads.title')}
          columns={columns}
          rows={list.query.data?.data}
          query={list.query}
          rowKey={(lead) => lead.id}
          emptyTitle={t('leads.empty')}
          emptyHint={t('filters.emptyHint')}
        />
        <Pager page={list.page} hasPrevious={list.hasPrevious} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
      </Card>
    </>
  )
}
