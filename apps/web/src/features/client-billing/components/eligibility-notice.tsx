import { AlertTriangle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

export type Missing = 'subscription' | 'payouts' | 'taxStart'

/**
 * Why the trainer cannot charge clients yet, and the page that fixes each reason. `payoutSetup`
 * link (decision 213): the provider links accounts, so the reason is the unlinked account and the
 * way out is the dashboard's payout card (#payouts) with its "Link" button.
 */
export function EligibilityNotice({ missing, payoutSetup = 'onboarding' }: { missing: Missing[]; payoutSetup?: 'onboarding' | 'link' }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'eligibility' })
  return (
    <Alert>
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>{t('title')}</AlertTitle>
      <AlertDescription>
        <ul className="mt-1 grid gap-3">
          {missing.includes('subscription') ? (
            <li className="grid gap-2">
              <span>{t('subscription')}</span>
              <Button asChild size="sm" className="w-fit">
                <Link to="/auth/select-plan">{t('subscriptionAction')}</Link>
              </Button>
            </li>
          ) : null}
          {/* No second payout button here: the dashboard's payout card has the one that works (issue 23, point 4). */}
          {missing.includes('payouts') && payoutSetup === 'link' ? (
            <li className="grid gap-2">
              <span>{t('payoutsLink')}</span>
              <Button asChild size="sm" className="w-fit">
                <a href="#payouts" onClick={() => requestAnimationFrame(() => document.getElementById('payouts')?.focus())}>
                  {t('payoutsLinkAction')}
                </a>
              </Button>
            </li>
          ) : missing.includes('payouts') ? (
            <li>{t('payouts')}</li>
          ) : null}
          {missing.includes('taxStart') ? (
            <li className="grid gap-2">
              <span>{t('taxStart')}</span>
              <Button asChild size="sm" className="w-fit">
                <a href="#tax-start">{t('taxStartAction')}</a>
              </Button>
            </li>
          ) : null}
        </ul>
      </AlertDescription>
    </Alert>
  )
}
