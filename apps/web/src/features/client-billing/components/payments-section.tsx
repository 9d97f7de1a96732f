import type { DateRangeQuery, Payment } from '@app/contracts'
import { Receipt } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { usePayments } from '../api/client-billing-api'
import { refundable } from '../lib/refund'
import { RefundDialog } from './refund-dialog'
import { EmptyState, LoadError, LoadingState } from '@/components/states'

const STATE_VARIANT = { paid: 'success', partially_refunded: 'outline', refunded: 'secondary', disputed: 'destructive' } as const

/** Each payment with its stored split; refund whole or part. */
export function PaymentsSection({ period }: { period: DateRangeQuery }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'payments' })
  const format = useFormat()
  const payments = usePayments(period)
  const [refunding, setRefunding] = useState<Payment | null>(null)

  return (
    <Card aria-labelledby="payments-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden="true" />
          <h2 id="payments-title">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {payments.isPending ? (
          <LoadingState label={t('loading')} />
        ) : payments.isError ? (
          <LoadError error={payments.error} fallback={t('loadFailed')} onRetry={() => void payments.refetch()} />
        ) : payments.data.data.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('title')}>
            {payments.data.data.map((payment) => (
              <li
                key={payment.id}
                className="grid gap-3 p-4 md:grid-cols-[1fr_auto] md:items-center"
                aria-label={t('rowLabel', { email: payment.clientEmail, date: format.date(payment.paidAt) })}
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{format.clp(payment.amountClp)}</span>
                    <Badge variant={STATE_VARIANT[payment.state]}>{t(`state.${payment.state}`)}</Badge>
                    <span className="text-sm text-muted-foreground">{format.date(payment.paidAt)}</span>
                  </div>
                  <span className="text-sm break-all">
                    {payment.clientEmail} · {payment.offerTitle}
                  </span>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-label={t('split')}>
                    <div>
                      <dt className="text-muted-foreground">{t('trainerShare')}</dt>
                      <dd data-testid="trainer-share">{format.clp(payment.trainerShareClp)}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">{t('gymShare')}</dt>
                      <dd data-testid="gym-share">{format.clp(payment.gymShareClp)}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">{t('platformShare')}</dt>
                      <dd data-testid="platform-share">{format.clp(payment.platformShareClp)}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">{t('refunded')}</dt>
                      <dd>{format.clp(payment.refundedClp)}</dd>
                    </div>
                  </dl>
                </div>
                {refundable(payment) > 0 && payment.state !== 'disputed' ? (
                  <Button size="sm" variant="outline" onClick={() => setRefunding(payment)}>
                    {t('refund')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </Card>
  )
}
