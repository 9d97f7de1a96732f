import type { AccountClosed } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { PageLoading } from '@/components/layout/page-loading'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { clearSession } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { accountKeys, getAccountProfile, getConsents, homeOf } from '../api/account-privacy-api'
import { AccountFrame } from '../components/account-frame'
import { CloseAccountCard } from '../components/close-account-card'
import { ConsentsCard } from '../components/consents-card'
import { ExportCard } from '../components/export-card'
import { ProfileCard } from '../components/profile-card'
import { TaxDocumentsCard } from '../components/tax-documents-card'

/** After closing: when the account can still be reopened, and what was cancelled. */
function Closed({ closed }: { closed: AccountClosed }) {
  const { t } = useTranslation('account', { keyPrefix: 'close' })
  const format = useFormat()
  return (
    <Card>
      <CardHeader>
        <CheckCircle2 className="size-10 text-primary" aria-hidden="true" />
        <CardTitle>
          <h1 className="text-2xl" tabIndex={-1} ref={(el) => el?.focus()}>
            {t('closedTitle')}
          </h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p>{t('closedText', { date: format.date(closed.purgeAfter) })}</p>
        {closed.cancelledSubscriptions > 0 ? <p>{t('closedSubscriptions', { count: closed.cancelledSubscriptions })}</p> : null}
        <Button asChild className="justify-self-start">
          <Link to="/">{t('home')}</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

/** /cuenta — the person's own account (issue 20): details, consents, export, closing. */
export function AccountPage() {
  const { t } = useTranslation('account')
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const { user, isLoading } = useSession()
  const [closed, setClosed] = useState<AccountClosed | null>(null)
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: getAccountProfile, enabled: !!user })
  const consents = useQuery({ queryKey: accountKeys.consents, queryFn: getConsents, enabled: !!user })

  if (closed) {
    return (
      <AccountFrame>
        <Closed closed={closed} />
      </AccountFrame>
    )
  }
  if (!user) {
    return (
      <AccountFrame>
        {isLoading ? (
          <PageLoading label={t('loading')} />
        ) : (
          <>
            <h1 className="text-2xl font-bold">{t('title')}</h1>
            <p>{t('signedOut')}</p>
            <Button asChild className="justify-self-start">
              <Link to="/auth/login">{t('signIn')}</Link>
            </Button>
          </>
        )}
      </AccountFrame>
    )
  }
  const failed = profile.error ?? consents.error
  return (
    <AccountFrame back={homeOf(user.role)}>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {failed ? (
        <>
          <ErrorAlert>{serverErrorText(failed, errorsT, t('loadFailed')).message}</ErrorAlert>
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => void Promise.all([profile.refetch(), consents.refetch()])}
          >
            {t('retry')}
          </Button>
        </>
      ) : !profile.data || !consents.data ? (
        <PageLoading label={t('loading')} />
      ) : (
        <>
          <ProfileCard profile={profile.data} />
          <ConsentsCard consents={consents.data} />
          {/* Those the platform charges (decision 223): their boletas, facturas and credit notes. */}
          {user.role === 'trainer' || user.role === 'gym_owner' ? <TaxDocumentsCard /> : null}
          <ExportCard />
          <CloseAccountCard
            onClosed={(result) => {
              setClosed(result)
              // The server revoked every session: forget this one without a "session expired" toast.
              clearSession()
            }}
          />
        </>
      )}
    </AccountFrame>
  )
}

export default AccountPage
