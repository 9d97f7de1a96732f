import { PlanKeySchema, TRAINER_SUBSCRIPTION_STATES, type AdminTrainer } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Card } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getTrainers } from '../api/admin-api'
import { DataTable, type Column } from '../components/data-table'
import { FilterBar } from '../components/filter-bar'
import { PageHeader } from '../components/page-header'
import { Pager } from '../components/pager'
import { AccountBadge, ClientsCount, SubscriptionBadge } from '../components/trainer-badges'
import { useCursorList } from '../hooks/use-cursor-list'
import { apiFilters } from '../lib/filters'

const FILTERS = ['q', 'subscription', 'plan', 'payout', 'active', 'from', 'to'] as const
const PAYOUT_STATES = ['not_started', 'pending', 'complete'] as const

export function TrainersPage() {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const [search] = useSearchParams()
  const filters = apiFilters(search, FILTERS)
  const list = useCursorList('trainers', filters, getTrainers)

  const columns: Column<AdminTrainer>[] = [
    {
      header: t('trainers.columns.trainer'),
      cell: (trainer) => (
        <Link to={`/admin/trainers/${trainer.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {trainer.firstName} {trainer.lastName}
          <span className="block text-xs font-normal text-muted-foreground">{trainer.email}</span>
        </Link>
      ),
    },
    { header: t('trainers.columns.account'), cell: (trainer) => <AccountBadge isActive={trainer.isActive} /> },
    { header: t('trainers.columns.subscription'), cell: (trainer) => <SubscriptionBadge subscription={trainer.subscription} /> },
    { header: t('trainers.columns.plan'), cell: (trainer) => trainer.plan?.title ?? '—' },
    { header: t('trainers.columns.payout'), cell: (trainer) => t(`payout.${trainer.payout}`) },
    { header: t('trainers.columns.clients'), cell: (trainer) => <ClientsCount clients={trainer.clients} /> },
    { header: t('trainers.columns.gym'), cell: (trainer) => trainer.gym?.name ?? '—' },
    { header: t('trainers.columns.signedUp'), cell: (trainer) => format.date(trainer.signedUpAt) },
  ]

  return (
    <>
      <PageHeader title={t('trainers.title')} description={t('trainers.description')} />
      <Card className="gap-0 py-0">
        <FilterBar
          fields={[
            { name: 'q', label: t('filters.search'), kind: 'text', placeholder: t('trainers.searchPlaceholder') },
            {
              name: 'subscription',
              label: t('trainers.columns.subscription'),
              kind: 'select',
              options: TRAINER_SUBSCRIPTION_STATES.map((s) => ({ value: s, label: t(`subscription.${s}`) })),
            },
            {
              name: 'plan',
              label: t('trainers.columns.plan'),
              kind: 'select',
              options: PlanKeySchema.options.map((key) => ({ value: key, label: t(`planKey.${key}`) })),
            },
            {
              name: 'payout',
              label: t('trainers.columns.payout'),
              kind: 'select',
              options: PAYOUT_STATES.map((s) => ({ value: s, label: t(`payout.${s}`) })),
            },
            {
              name: 'active',
              label: t('trainers.columns.account'),
              kind: 'select',
              options: [
                { value: 'true', label: t('trainers.active') },
                { value: 'false', label: t('trainers.deactivated') },
              ],
            },
            { name: 'from', label: t('trainers.signedUpFrom'), kind: 'date' },
            { name: 'to', label: t('trainers.signedUpTo'), kind: 'date' },
          ]}
        />
        <DataTable
          label={t('trainers.title')}
          columns={columns}
          rows={list.query.data?.data}
          query={list.query}
          rowKey={(trainer) => trainer.id}
          emptyTitle={t('trainers.empty')}
          emptyHint={t('filters.emptyHint')}
        />
        <Pager page={list.page} hasPrevious={list.hasPrevious} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
      </Card>
    </>
  )
}
