import { Landmark } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { INTL_LOCALE, type Language } from '@/lib/language'
import { useCommissions } from '../api/client-billing-api'
import { defaultPeriod, monthLabel, type Period } from '../lib/period'
import { CsvButtons } from './csv-buttons'
import { PeriodForm } from './period-form'
import { EmptyState, LoadError, LoadingState } from '@/components/states'

/** The tab's label, in the language on screen. */
export function GymCommissionsTabLabel() {
  const { t } = useTranslation('client-billing', { keyPrefix: 'gym' })
  return <>{t('tab')}</>
}

/** The business dashboard's 'Payments & Commissions' tab: per trainer per month, central billing. */
export function GymCommissions() {
  const { t, i18n } = useTranslation('client-billing', { keyPrefix: 'gym' })
  const format = useFormat()
  const [period, setPeriod] = useState<Period>(defaultPeriod)
  const commissions = useCommissions(period)
  const locale = INTL_LOCALE[i18n.language as Language] ?? 'en'
  const rows = commissions.data?.data ?? []
  const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0)

  return (
    <Card aria-labelledby="commissions-title" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Landmark className="size-5 text-primary" aria-hidden="true" />
            <h2 id="commissions-title">{t('title')}</h2>
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </div>
        <CsvButtons kinds={['commissions']} period={period} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <PeriodForm period={period} onChange={setPeriod} idPrefix="gym-period" />
        {commissions.isPending ? (
          <LoadingState label={t('loading')} />
        ) : commissions.isError ? (
          <LoadError error={commissions.error} fallback={t('loadFailed')} onRetry={() => void commissions.refetch()} />
        ) : (
          <>
            {commissions.data.centralBilling ? null : <p className="text-sm text-muted-foreground">{t('centralOff')}</p>}
            {rows.length === 0 ? (
              <EmptyState title={t('empty')} />
            ) : (
              <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={t('title')}>
                <table className="w-full text-right text-sm">
                  <thead className="bg-muted/60">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-left font-medium">
                        {t('month')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-left font-medium">
                        {t('trainer')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('payments')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('gross')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('refunded')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('trainerShare')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('gymShare')}
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        {t('platformShare')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={`${r.month}-${r.trainerId}`} className="border-t" data-trainer={r.trainerName}>
                        <td className="px-3 py-2 text-left whitespace-nowrap">{monthLabel(r.month, locale)}</td>
                        <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                          {r.trainerName}
                        </th>
                        <td className="px-3 py-2">{format.number(r.payments)}</td>
                        <td className="px-3 py-2 whitespace-nowrap" data-testid="commission-gross">
                          {format.clp(r.grossClp)}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap" data-testid="commission-refunded">
                          {format.clp(r.refundedClp)}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap" data-testid="commission-trainer">
                          {format.clp(r.trainerShareClp)}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap" data-testid="commission-gym">
                          {format.clp(r.gymShareClp)}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap" data-testid="commission-platform">
                          {format.clp(r.platformShareClp)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot className="border-t bg-muted/30 font-semibold">
                    <tr>
                      <th scope="row" colSpan={3} className="px-3 py-2 text-left">
                        {t('total')}
                      </th>
                      <td className="px-3 py-2 whitespace-nowrap">{format.clp(total((r) => r.grossClp))}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{format.clp(total((r) => r.refundedClp))}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{format.clp(total((r) => r.trainerShareClp))}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{format.clp(total((r) => r.gymShareClp))}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{format.clp(total((r) => r.platformShareClp))}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
