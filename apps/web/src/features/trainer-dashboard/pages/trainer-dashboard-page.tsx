import type { SubscriptionStatus } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Banknote, CreditCard, Loader2, LogOut, Smartphone, UserCog } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { toast } from 'sonner'
import { ConsentPrompt } from '@/components/account/consent-prompt'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { PageLoading } from '@/components/layout/page-loading'
import { RouteAnnouncer } from '@/components/layout/route-announcer'
import { SkipLink } from '@/components/layout/skip-link'
import { usePageMeta } from '@/components/layout/page-title'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { brand } from '@/lib/brand'
import { useFormat } from '@/lib/i18n'
import { useScrollToHash } from '@/lib/use-scroll-to-hash'
import { useSession } from '@/lib/use-session'
import { createPortalSession, getPayoutAccount, getSubscriptionStatus, PAYOUT_POLL_MS, setupPayouts } from '@/lib/account-api'
import { PlanActions } from '../components/plan-actions'

function SubscriptionCard({
  status,
  onPortal,
  openingPortal,
  onChanged,
}: {
  status: SubscriptionStatus
  onPortal: () => void
  openingPortal: boolean
  onChanged: (next: SubscriptionStatus) => void
}) {
  const { t } = useTranslation('trainer-dashboard')
  const format = useFormat()
  const formatDate = (iso: string | null) => (iso ? format.date(iso) : '—')
  const sub = status.subscription
  const covered = status.gym?.coversPlan ?? false
  return (
    <Card id="subscription">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-primary" aria-hidden="true" />
          <h2>{t('subscription.title')}</h2>
        </CardTitle>
        <CardDescription>{t('subscription.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {/* A gym's trainer: who covers the plan, or that the gym does not yet (issue 23, point 4). */}
        {status.gym ? (
          <p className="text-sm" data-testid="gym-coverage">
            {status.gym.coversPlan
              ? t('subscription.coveredBy', { gym: status.gym.name })
              : t('subscription.gymNotCovering', { gym: status.gym.name })}
          </p>
        ) : null}
        {sub ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('subscription.plan')}</dt>
            <dd className="font-medium">{sub.planTitle}</dd>
            <dt className="text-muted-foreground">{t('subscription.status')}</dt>
            <dd>
              <Badge variant={status.hasActiveSubscription ? 'success' : 'destructive'}>
                {t(`state.${sub.status}`, { defaultValue: sub.status })}
              </Badge>
            </dd>
            <dt className="text-muted-foreground">{t('subscription.trialEnd')}</dt>
            <dd>{formatDate(sub.trialEnd)}</dd>
            <dt className="text-muted-foreground">{sub.cancelAtPeriodEnd ? t('subscription.endsOn') : t('subscription.renewsOn')}</dt>
            <dd>{formatDate(sub.currentPeriodEnd)}</dd>
          </dl>
        ) : covered ? null : (
          <p className="text-sm text-muted-foreground">{t('subscription.none')}</p>
        )}
      </CardContent>
      {sub ? (
        <CardFooter className="flex flex-wrap gap-2">
          <Button onClick={onPortal} disabled={openingPortal}>
            {openingPortal ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('subscription.manage')}
          </Button>
          <PlanActions status={status} onChanged={onChanged} />
        </CardFooter>
      ) : covered ? null : (
        <CardFooter>
          <Button asChild variant={status.gym ? 'outline' : 'default'}>
            <Link to="/auth/select-plan">{t('subscription.choosePlan')}</Link>
          </Button>
        </CardFooter>
      )}
    </Card>
  )
}

/**
 * `billing`: the client billing sections, mounted by the route (features/client-billing).
 * `payoutLink`: the payout card that links an account (features/payout-links), shown instead of
 * the onboarding card when the server's provider links accounts (decision 213).
 */
export function TrainerDashboardPage({ billing, payoutLink }: { billing?: ReactNode; payoutLink?: ReactNode } = {}) {
  const { t } = useTranslation('trainer-dashboard')
  usePageMeta(t('metaTitle'), t('metaDescription'))
  useScrollToHash()
  const { user, isLoading, logout } = useSession()
  const queryClient = useQueryClient()
  const subscription = useQuery({ queryKey: ['subscription-status', user?.id], queryFn: getSubscriptionStatus, enabled: !!user })
  // Opened in the provider's tab: asked again every few seconds and when this tab is looked at
  // again, so the card notices the result by itself (issue 23, point 9).
  const [awaitingPayouts, setAwaitingPayouts] = useState(false)
  const payouts = useQuery({
    queryKey: ['payout-account', user?.id],
    queryFn: () => getPayoutAccount(user!.id),
    enabled: !!user,
    refetchInterval: (query) => (awaitingPayouts && !query.state.data?.complete ? PAYOUT_POLL_MS : false),
    refetchOnWindowFocus: awaitingPayouts ? 'always' : false,
  })
  const [opening, setOpening] = useState<'portal' | 'payouts' | null>(null)

  if (isLoading && !user) return <PageLoading label={t('loading')} />
  if (!user) return <Navigate to="/auth/login" replace />

  const onPortal = async () => {
    setOpening('portal')
    try {
      const { url } = await createPortalSession(`${window.location.origin}/dashboard`)
      window.location.assign(url)
    } catch {
      toast.error(t('portalFailed'))
      setOpening(null)
    }
  }

  const onPayouts = async () => {
    setOpening('payouts')
    try {
      const { onboardingUrl } = await setupPayouts(user.id, user.email)
      if (!onboardingUrl) toast.error(t('noOnboardingUrl'))
      else {
        window.open(onboardingUrl, '_blank', 'noopener')
        setAwaitingPayouts(true)
      }
    } catch {
      toast.error(t('onboardingFailed'))
    } finally {
      setOpening(null)
    }
  }

  const payoutsReady = payouts.data?.complete ?? false
  // Payouts follow a plan: the trainer's own, or the gym's that covers them (a gym's trainer).
  const canSetUpPayouts = Boolean(subscription.data?.subscription || subscription.data?.gym)
  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <RouteAnnouncer />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-4">
          <Logo />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <LanguageSwitch />
            <Button asChild variant="ghost" size="sm">
              <Link to="/cuenta">
                <UserCog aria-hidden="true" />
                {t('myAccount')}
              </Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              {t('logout')}
            </Button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
        <ConsentPrompt />
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('greeting', { firstName: user.firstName, lastName: user.lastName })}</h1>
          <p className="text-muted-foreground">{t('intro')}</p>
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          {subscription.isPending ? (
            <Skeleton role="status" className="h-64 rounded-xl" aria-label={t('loadingSubscription')} />
          ) : subscription.isError ? (
            <ErrorAlert>{t('statusFailed')}</ErrorAlert>
          ) : (
            <SubscriptionCard
              status={subscription.data}
              onPortal={onPortal}
              openingPortal={opening === 'portal'}
              onChanged={(next) => queryClient.setQueryData(['subscription-status', user?.id], next)}
            />
          )}
          {payouts.data?.setup === 'link' && payoutLink ? (
            payoutLink
          ) : (
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Banknote className="size-5 text-primary" aria-hidden="true" />
                  <h2>{t('payouts.title')}</h2>
                </CardTitle>
                <CardDescription>{t('payouts.description')}</CardDescription>
              </CardHeader>
              <CardContent className="text-sm">
                {payouts.isPending ? (
                  <Skeleton className="h-6 w-40" />
                ) : payouts.isError ? (
                  <p className="text-destructive-strong">{t('payouts.checkFailed')}</p>
                ) : (
                  <p>
                    {t('payouts.status')}{' '}
                    <Badge variant={payoutsReady ? 'success' : 'secondary'}>
                      {payoutsReady ? t('payouts.complete') : t('payouts.pending')}
                    </Badge>
                  </p>
                )}
              </CardContent>
              <CardFooter>
                <Button
                  variant={payoutsReady ? 'outline' : 'default'}
                  onClick={onPayouts}
                  disabled={opening === 'payouts' || !canSetUpPayouts}
                >
                  {opening === 'payouts' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  {payoutsReady ? t('payouts.review') : t('payouts.setup')}
                </Button>
              </CardFooter>
            </Card>
          )}
        </div>
        {billing}
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Smartphone className="size-5 text-primary" aria-hidden="true" />
              <h2>{t('app.title')}</h2>
            </CardTitle>
            <CardDescription>{t('app.description')}</CardDescription>
          </CardHeader>
          <CardFooter className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <a href={brand.appStoreUrl} target="_blank" rel="noopener noreferrer">
                App Store
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={brand.playStoreUrl} target="_blank" rel="noopener noreferrer">
                Google Play
              </a>
            </Button>
          </CardFooter>
        </Card>
      </main>
    </div>
  )
}
