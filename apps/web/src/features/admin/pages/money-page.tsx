import { LEDGER_KINDS, type AdminLedgerTransaction } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Card, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getMoneyTransactions } from '../api/admin-api'
import { DataTable, type Column } from '../components/data-table'
import { ExportButton } from '../components/export-button'
import { LedgerAccount } from '../components/ledger-account'
import { FilterBar } from '../components/filter-bar'
import { MoneySummary } from '../components/money-summary'
import { PageHeader } from '../components/page-header'
import { DisputesCard } from '../components/disputes-card'
import { ReconciliationCard } from '../components/reconciliation-card'
import { Pager } from '../components/pager'
import { useCursorList } from '../hooks/use-cursor-list'
import { useDateTime } from '../hooks/use-date-time'
import { apiFilters } from '../lib/filters'

const FILTERS = ['kind', 'account', 'trainerSearch', 'from', 'to'] as const

/** Money: the figures (GET /admin/money/summary) and the ledger's transactions, filtered and paged on the server. */
export function MoneyPage() {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const dateTime = useDateTime()
  const [search] = useSearchParams()
  const filters = apiFilters(search, FILTERS)
  const list = useCursorList('money-transactions', filters, getMoneyTransactions)

  const columns: Column<AdminLedgerTransaction>[] = [
    { header: t('money.columns.at'), cell: (tx) => dateTime(tx.at), className: 'whitespace-nowrap' },
    { header: t('money.columns.kind'), cell: (tx) => t(`money.kinds.${tx.kind}`) },
    {
      header: t('money.columns.trainer'),
      cell: (tx) =>
        tx.trainer?.userId ? (
          <Link to={`/admin/trainers/${tx.trainer.userId}`} className="text-primary underline-offset-4 hover:underline">
            {tx.trainer.name}
          </Link>
        ) : (
          (tx.trainer?.name ?? '—')
        ),
    },
    {
      header: t('money.columns.amount'),
      cell: (tx) => format.clp(tx.kind === 'payment' ? tx.amountClp : -tx.amountClp),
      className: 'text-right tabular-nums',
    },
    { header: t('money.columns.platform'), cell: (tx) => format.clp(tx.platformClp), className: 'text-right tabular-nums' },
    {
      header: t('money.columns.entries'),
      cell: (tx) => (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {tx.entries.map((entry) => (
            <li key={entry.account} className="flex justify-between gap-3">
              <LedgerAccount entry={entry} />
              <span className="tabular-nums">{format.clp(entry.amountClp)}</span>
            </li>
          ))}
        </ul>
      ),
    },
  ]

  return (
    <>
      <PageHeader title={t('money.title')} description={t('money.description')} />
      <div className="grid min-w-0 gap-6 [&>*]:min-w-0">
        <MoneySummary />
        <ReconciliationCard />
        <DisputesCard />
        <Card className="gap-0 py-0">
          <CardHeader className="pt-4">
            <CardTitle className="text-base">{t('money.transactions')}</CardTitle>
          </CardHeader>
          <FilterBar
            fields={[
              {
                name: 'kind',
                label: t('money.kind'),
                kind: 'select',
                options: LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`money.kinds.${kind}`) })),
              },
              { name: 'account', label: t('money.account'), kind: 'text', placeholder: t('money.accountPlaceholder') },
              { name: 'trainerSearch', label: t('money.trainer'), kind: 'text', placeholder: t('money.trainerPlaceholder') },
              { name: 'from', label: t('filters.from'), kind: 'date' },
              { name: 'to', label: t('filters.to'), kind: 'date' },
            ]}
            actions={<ExportButton path="/admin/money/transactions/export.csv" params={filters} fileName="ledger.csv" />}
          />
          <DataTable
            label={t('money.transactions')}
            columns={columns}
            rows={list.query.data?.data}
            query={list.query}
            rowKey={(tx) => tx.id}
            emptyTitle={t('money.transactionsEmpty')}
            emptyHint={t('filters.emptyHint')}
            minWidth="min-w-[880px]"
          />
          <Pager page={list.page} hasPrevious={list.hasPrevious} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
        </Card>
      </div>
    </>
  )
}
