import { SubscriptionPlanSchema, type AdminBusiness } from '@app/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Spoken } from '@/components/ui/spoken'
import { Card } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getBusinesses } from '../api/admin-api'
import { DataTable, type Column } from '../components/data-table'
import { FilterBar } from '../components/filter-bar'
import { PageHeader } from '../components/page-header'
import { Pager } from '../components/pager'
import { formatSplit } from '../lib/console-format'
import { apiFilters } from '../lib/filters'

const PAGE_SIZE = 20

export function GymsPage() {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const [search, setSearch] = useSearchParams()
  const filters = apiFilters(search, ['q', 'plan'])
  const page = Math.max(1, Number(search.get('page')) || 1)
  const query = useQuery({
    queryKey: ['admin', 'gyms', 'list', filters, page],
    queryFn: () => getBusinesses({ ...filters, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  })
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : undefined
  const goTo = (next: number) =>
    setSearch((current) => {
      const params = new URLSearchParams(current)
      params.set('page', String(next))
      return params
    })

  const columns: Column<AdminBusiness>[] = [
    {
      header: t('gyms.columns.business'),
      cell: (business) => (
        <Link to={`/admin/gyms/${business.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {business.name}
          {business.gym ? (
            <span className="block text-xs font-normal text-muted-foreground">{`${business.gym.name} · ${business.gym.city}`}</span>
          ) : null}
        </Link>
      ),
    },
    {
      header: t('gyms.columns.owner'),
      cell: (business) => (
        <span className="grid">
          <span>{`${business.owner.firstName} ${business.owner.lastName}`}</span>
          <span className="text-xs break-all text-muted-foreground">{business.owner.email}</span>
        </span>
      ),
    },
    { header: t('gyms.columns.plan'), cell: (business) => t(`plan.${business.subscriptionPlan}`) },
    {
      header: t('gyms.columns.trainers'),
      cell: (business) => (
        <Spoken label={t('gyms.trainersOf', { count: business.trainers.count, limit: business.trainers.limit })}>
          {`${business.trainers.count} / ${business.trainers.limit}`}
        </Spoken>
      ),
    },
    { header: t('gyms.columns.split'), cell: (business) => formatSplit(business.centralBilling.commissionRates, format.percent) },
    { header: t('gyms.columns.created'), cell: (business) => format.date(business.createdAt) },
  ]

  return (
    <>
      <PageHeader title={t('gyms.title')} description={t('gyms.description')} />
      <Card className="gap-0 py-0">
        <FilterBar
          fields={[
            { name: 'q', label: t('filters.search'), kind: 'text', placeholder: t('gyms.searchPlaceholder') },
            {
              name: 'plan',
              label: t('gyms.columns.plan'),
              kind: 'select',
              options: SubscriptionPlanSchema.options.map((plan) => ({ value: plan, label: t(`plan.${plan}`) })),
            },
          ]}
        />
        <DataTable
          label={t('gyms.title')}
          columns={columns}
          rows={query.data?.data}
          query={query}
          rowKey={(business) => business.id}
          emptyTitle={t('gyms.empty')}
          emptyHint={t('filters.emptyHint')}
        />
        <Pager
          page={page}
          total={pages}
          hasPrevious={page > 1}
          hasNext={pages !== undefined && page < pages && !query.isPlaceholderData}
          onPrevious={() => goTo(page - 1)}
          onNext={() => goTo(page + 1)}
        />
      </Card>
    </>
  )
}
