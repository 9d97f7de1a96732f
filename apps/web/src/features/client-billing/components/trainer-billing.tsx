import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '@/components/ui/skeleton'
import { getPayoutAccount } from '@/lib/account-api'
import { getTaxStart, taxStartKeys } from '@/lib/tax-start-api'
import { useSession } from '@/lib/use-session'
import { useClients } from '../api/client-billing-api'
import { defaultPeriod, type Period } from '../lib/period'
import { ClientsSection } from './clients-section'
import { EligibilityNotice, type Missing } from './eligibility-notice'
import { IncomeSection } from './income-section'
import { OffersSection } from './offers-section'
import { PaymentsSection } from './payments-section'
import { PeriodForm } from './period-form'

/**
 * The trainer dashboard's client billing (issue 12): offers, clients, payments, income, exports.
 * Charging needs a plan (the client limit is 0 without one; a gym with central billing gives
 * one) and payout onboarding; reading past money does not (docs/client-billing.md).
 */
export function TrainerBilling() {
  const { t } = useTranslation('client-billing', { keyPrefix: 'trainer' })
  const { user } = useSession()
  const clients = useClients()
  // The same query (key and function) as the dashboard's payout card.
  const payouts = useQuery({ queryKey: ['payout-account', user?.id], queryFn: () => getPayoutAccount(user!.id), enabled: !!user })
  // The same query (key and call) as the dashboard's tax-start card.
  const taxStart = useQuery({ queryKey: taxStartKeys.of('trainer'), queryFn: () => getTaxStart('trainer'), enabled: !!user })
  const [period, setPeriod] = useState<Period>(defaultPeriod)

  const known = clients.isSuccess && payouts.isSuccess && taxStart.isSuccess
  const missing: Missing[] = []
  if (clients.data && clients.data.limit === 0) missing.push('subscription')
  if (payouts.data && !payouts.data.complete) missing.push('payouts')
  // With linked accounts the payout answer already holds the tax start (decision 222).
  if (taxStart.data && !taxStart.data.chargingAllowed && payouts.data?.setup !== 'link') missing.push('taxStart')
  const canCharge = known && missing.length === 0

  return (
    <section aria-labelledby="billing-title" className="grid min-w-0 gap-6 [&>*]:min-w-0">
      <div>
        <h2 id="billing-title" className="text-xl font-bold tracking-tight">
          {t('title')}
        </h2>
        <p className="text-muted-foreground">{t('description')}</p>
      </div>
      {!known && (clients.isPending || payouts.isPending || taxStart.isPending) ? (
        <Skeleton role="status" className="h-16 w-full" aria-label={t('checking')} />
      ) : null}
      {missing.length > 0 ? <EligibilityNotice missing={missing} payoutSetup={payouts.data?.setup} /> : null}
      <OffersSection canCharge={canCharge} />
      <ClientsSection canCharge={canCharge} />
      <div className="grid gap-2 rounded-xl border bg-background p-4">
        <h3 className="font-semibold">{t('periodTitle')}</h3>
        <PeriodForm period={period} onChange={setPeriod} idPrefix="trainer-period" />
      </div>
      <IncomeSection period={period} />
      <PaymentsSection period={period} />
    </section>
  )
}
