import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getBusiness } from '../api/admin-api'
import { BackLink } from '../components/back-link'
import { CentralBillingCard } from '../components/central-billing-card'
import { DetailStates, Facts } from '../components/detail-states'
import { GymPlanForm } from '../components/gym-plan-form'
import { HistoryTable } from '../components/history-table'
import { PageHeader } from '../components/page-header'
import { formatSplit } from '../lib/console-format'

export function GymDetailPage() {
  const { t } = useTranslation('admin')
  const { id = '' } = useParams()
  const format = useFormat()
  const query = useQuery({ queryKey: ['admin', 'gyms', 'detail', id], queryFn: () => getBusiness(id) })

  return (
    <>
      <BackLink to="/admin/gyms">{t('gymDetail.back')}</BackLink>
      <DetailStates query={query}>
        {(business) => (
          <>
            <PageHeader title={business.name} description={t('gymDetail.description')} />
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>{t('gymDetail.summary')}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <Facts
                    items={[
                      [t('gyms.columns.owner'), `${business.owner.firstName} ${business.owner.lastName} · ${business.owner.email}`],
                      [t('gymDetail.gym'), business.gym ? `${business.gym.name} · ${business.gym.city}` : '—'],
                      [t('gyms.columns.plan'), t(`plan.${business.subscriptionPlan}`)],
                      [
                        t('gyms.columns.trainers'),
                        <span data-testid="trainer-limit">
                          {t('gyms.trainersOf', { count: business.trainers.count, limit: business.trainers.limit })}
                        </span>,
                      ],
                      [t('gyms.columns.split'), formatSplit(business.centralBilling.commissionRates, format.percent)],
                      [t('gyms.columns.created'), format.date(business.createdAt)],
                    ]}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>{t('gymDetail.change')}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  {/* A fresh form after each save: its defaults are the saved values. */}
                  <GymPlanForm
                    key={`${business.subscriptionPlan}-${formatSplit(business.centralBilling.commissionRates, String)}`}
                    business={business}
                  />
                </CardContent>
              </Card>
            </div>
            <CentralBillingCard business={business} />
            <Card className="gap-0 pb-0">
              <CardHeader className="pb-4">
                <CardTitle>
                  <h2>{t('history')}</h2>
                </CardTitle>
              </CardHeader>
              <HistoryTable label={t('history')} rows={business.history} emptyTitle={t('gymDetail.noHistory')} />
            </Card>
          </>
        )}
      </DetailStates>
    </>
  )
}
