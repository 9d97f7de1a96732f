import type { AdminTrainer } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { Spoken } from '@/components/ui/spoken'
import { Badge } from '@/components/ui/badge'
import { useFormat } from '@/lib/i18n'

const SUBSCRIPTION_VARIANT = {
  trial: 'secondary',
  active: 'success',
  past_due: 'destructive',
  cancelled: 'outline',
  none: 'outline',
} as const

/** Subscription state, with the trial's end date while on trial. */
export function SubscriptionBadge({ subscription }: { subscription: AdminTrainer['subscription'] }) {
  const { t } = useTranslation('admin')
  const format = useFormat()
  return (
    <span className="grid gap-0.5">
      <Badge variant={SUBSCRIPTION_VARIANT[subscription.state]}>{t(`subscription.${subscription.state}`)}</Badge>
      {subscription.state === 'trial' && subscription.trialEndsAt ? (
        <span className="text-xs text-muted-foreground">{t('trainers.trialEnds', { date: format.date(subscription.trialEndsAt) })}</span>
      ) : null}
    </span>
  )
}

export function AccountBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('admin')
  return <Badge variant={isActive ? 'success' : 'destructive'}>{isActive ? t('trainers.active') : t('trainers.deactivated')}</Badge>
}

/** "3 / 10" active clients against the plan's limit; no limit shows "3 / ∞". */
export function ClientsCount({ clients }: { clients: AdminTrainer['clients'] }) {
  const { t } = useTranslation('admin')
  return (
    <Spoken
      label={
        clients.limit === null
          ? t('trainers.clientsNoLimit', { active: clients.active })
          : t('trainers.clientsOf', { active: clients.active, limit: clients.limit })
      }
    >{`${clients.active} / ${clients.limit ?? '∞'}`}</Spoken>
  )
}
