import type { DateRangeQuery } from '@app/contracts'
import { TrendingUp } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { INTL_LOCALE, type Language } from '@/lib/language'
import { useIncome } from '../api/client-billing-api'
import { monthLabel } from '../lib/period'
import { CsvButtons } from './csv-buttons'
import { EmptyState, LoadError, LoadingState } from '@/components/states'

/** Income per month (gross, refunds, platform commission, gym share, net) and the CSV exports. */
export function IncomeSection({ period }: { period: DateRangeQuery }) {
  const { t, i18n } = useTranslation('client-billing', { keyPrefix: 'income' })
  const format = useFormat()
  const income = useIncome(period)
  const locale = INTL_LOCALE[i18n.language as Language] ?? 'en'
  const showGym = income.data?.data.some((m) => m.gymShareClp !== 0) ?? false

  return (
    <Card aria-labelledby="income-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <TrendingUp className="size-5 text-primary" aria-hidden="true" />
            <h2 id="income-title">{t('title')}</h2>
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </div>
        <CsvButtons kinds={['payments', 'ledger']} period={period} />
      </CardHeader>
      <CardContent>
        {income.isPending ? (
          <LoadingState label={t('loading')} />
        ) : income.isError ? (
          <LoadError error={income.error} fallback={t('loadFailed')} onRetry={() => void income.refetch()} />
        ) : income.data.data.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={t('title')}>
            <table className="w-full text-right text-sm">
              <thead className="bg-muted/60">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    {t('month')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('gross')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('refunded')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('commission')}
                  </th>
                  {showGym ? (
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('gymShare')}
                    </th>
                  ) : null}
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('net')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {income.data.data.map((m) => (
                  <tr key={m.month} className="border-t" data-month={m.month}>
                    <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                      {monthLabel(m.month, locale)}
                      <span className="block text-xs font-normal text-muted-foreground">{t('paymentCount', { n: m.payments })}</span>
                    </th>
                    <td className="px-3 py-2 whitespace-nowrap" data-testid="income-gross">
                      {format.clp(m.grossClp)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{format.clp(m.refundedClp)}</td>
                    <td className="px-3 py-2 whitespace-nowrap" data-testid="income-commission">
                      {format.clp(m.platformCommissionClp)}
                    </td>
                    {showGym ? (
                      <td className="px-3 py-2 whitespace-nowrap" data-testid="income-gym">
                        {format.clp(m.gymShareClp)}
                      </td>
                    ) : null}
                    <td className="px-3 py-2 font-semibold whitespace-nowrap" data-testid="income-net">
                      {format.clp(m.netClp)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
