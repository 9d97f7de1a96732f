import type { PayoutLinkOwner } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Banknote } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { getPayoutAccount } from '@/lib/account-api'
import { useSession } from '@/lib/use-session'
import { PayoutLinkPanel } from './payout-link-panel'

/** The dashboards' payout card when the provider in use links accounts (id `payouts`: the billing notice links here). */
export function PayoutLinkCard({ owner }: { owner: PayoutLinkOwner }) {
  const { t } = useTranslation('payout-links', { keyPrefix: 'card' })
  return (
    <Card id="payouts" tabIndex={-1}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Banknote className="size-5 text-primary" aria-hidden="true" />
          <h2>{t(`title.${owner}`)}</h2>
        </CardTitle>
        <CardDescription>{t(`description.${owner}`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <PayoutLinkPanel owner={owner} />
      </CardContent>
    </Card>
  )
}

/**
 * The gym's card on the owner's dashboard: shown only when the server's provider links accounts
 * (PayoutAccountStatus.setup); with onboarding providers the gym has nothing to link here.
 */
export function GymPayoutLinkCard() {
  const { user } = useSession()
  const status = useQuery({ queryKey: ['payout-account', user?.id], queryFn: () => getPayoutAccount(user!.id), enabled: !!user })
  return status.data?.setup === 'link' ? <PayoutLinkCard owner="gym" /> : null
}
