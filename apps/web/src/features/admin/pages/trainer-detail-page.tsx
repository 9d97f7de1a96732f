import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getTrainer } from '../api/admin-api'
import { BackLink } from '../components/back-link'
import { DetailStates, Facts } from '../components/detail-states'
import { HistoryTable } from '../components/history-table'
import { PageHeader } from '../components/page-header'
import { TrainerActions } from '../components/trainer-actions'
import { AccountBadge, ClientsCount, SubscriptionBadge } from '../components/trainer-badges'

export function TrainerDetailPage() {
  const { t } = useTranslation('admin')
  const { id = '' } = useParams()
  const format = useFormat()
  const query = useQuery({ queryKey: ['admin', 'trainers', 'detail', id], queryFn: () => getTrainer(id) })

  return (
    <>
      <BackLink to="/admin/trainers">{t('trainerDetail.back')}</BackLink>
      <DetailStates query={query}>
        {(trainer) => (
          <>
            <PageHeader title={`${trainer.firstName} ${trainer.lastName}`} description={trainer.email}>
              <AccountBadge isActive={trainer.isActive} />
            </PageHeader>
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>{t('trainerDetail.account')}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <Facts
                    items={[
                      [t('trainers.columns.subscription'), <SubscriptionBadge subscription={trainer.subscription} />],
                      [t('trainers.columns.plan'), trainer.plan?.title ?? '—'],
                      [t('trainers.columns.payout'), t(`payout.${trainer.payout}`)],
                      [t('trainers.columns.clients'), <ClientsCount clients={trainer.clients} />],
                      [t('trainers.columns.gym'), trainer.gym?.name ?? '—'],
                      [t('trainers.columns.signedUp'), format.date(trainer.signedUpAt)],
                      [
                        t('trainerDetail.periodEnd'),
                        trainer.subscription.currentPeriodEnd ? format.date(trainer.subscription.currentPeriodEnd) : '—',
                      ],
                    ]}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>{t('trainerDetail.actions')}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <TrainerActions trainer={trainer} />
                </CardContent>
              </Card>
            </div>
            <Card className="gap-0 pb-0">
              <CardHeader className="pb-4">
                <CardTitle>
                  <h2>{t('history')}</h2>
                </CardTitle>
              </CardHeader>
              <HistoryTable label={t('history')} rows={trainer.history} emptyTitle={t('trainerDetail.noHistory')} />
            </Card>
          </>
        )}
      </DetailStates>
    </>
  )
}
