import type { AdminBusinessDetail } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { BadgeCheck, Ban } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { setCentralBilling } from '../api/admin-api'
import { Facts } from './detail-states'
import { ReasonDialog } from './reason-dialog'

/** Whether the gym's trainers may charge clients (issue 19): the operator's approval, audited with a reason. */
export function CentralBillingCard({ business }: { business: AdminBusinessDetail }) {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const queryClient = useQueryClient()
  const approval = business.centralBillingApproval
  const approved = approval.approvedAt !== null

  const change = async (next: boolean, reason: string) => {
    await setCentralBilling(business.id, next, reason)
    toast.success(next ? t('centralBilling.approvedToast') : t('centralBilling.stoppedToast'))
    await queryClient.invalidateQueries({ queryKey: ['admin', 'gyms'] })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('centralBilling.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Facts
          items={[
            [
              t('centralBilling.state'),
              <span data-testid="central-billing-state">
                {approval.allowed ? t('centralBilling.allowed') : t('centralBilling.notAllowed')}
              </span>,
            ],
            [t('centralBilling.approvedAt'), approval.approvedAt ? format.date(approval.approvedAt) : t('centralBilling.never')],
            [t('centralBilling.ownerVerified'), approval.ownerEmailVerified ? t('centralBilling.yes') : t('centralBilling.no')],
          ]}
        />
        {approved && !approval.ownerEmailVerified ? (
          <p className="text-sm text-muted-foreground">{t('centralBilling.waitingForOwner')}</p>
        ) : null}
        <div>
          {approved ? (
            <ReasonDialog
              destructive
              trigger={
                <Button variant="destructive">
                  <Ban aria-hidden="true" />
                  {t('centralBilling.stop')}
                </Button>
              }
              title={t('centralBilling.stopTitle', { name: business.name })}
              description={t('centralBilling.stopDescription')}
              confirm={t('centralBilling.stop')}
              onConfirm={(reason) => change(false, reason)}
            />
          ) : (
            <ReasonDialog
              trigger={
                <Button>
                  <BadgeCheck aria-hidden="true" />
                  {t('centralBilling.approve')}
                </Button>
              }
              title={t('centralBilling.approveTitle', { name: business.name })}
              description={t('centralBilling.approveDescription')}
              confirm={t('centralBilling.approve')}
              onConfirm={(reason) => change(true, reason)}
            />
          )}
        </div>
      </CardContent>
    </Card>
  )
}
