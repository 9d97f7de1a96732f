import type { PayoutLink, PayoutLinkOwner } from '@app/contracts'
import { CheckCircle2, Loader2, XCircle } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { getFlow } from '@/lib/signup-flow'
import { completePayoutLink, goLink } from '../api/payout-links-api'

/** Why linking did not finish: each with its own words and the way out. */
export type ReturnProblem = 'refused' | 'expired' | 'codeRefused' | 'providerDown' | 'otherPerson' | 'signedOut' | 'broken' | 'unexpected'
type Phase = { kind: 'working' } | { kind: 'done'; link: PayoutLink } | { kind: 'failed'; problem: ReturnProblem }

/** What an answer of completePayoutLink means for the person. */
export function problemOf(err: unknown): ReturnProblem {
  if (!(err instanceof ApiError)) return err instanceof TypeError ? 'providerDown' : 'unexpected'
  if (err.status === 503) return 'providerDown'
  if (err.status === 401) return 'signedOut'
  if (err.status === 403) return 'otherPerson'
  if (err.status === 422 && err.errors?.state) return 'expired'
  if (err.status === 422 && err.errors?.code) return 'codeRefused'
  return 'unexpected'
}

/** Who is linking, for "try again" when the answer did not say: a gym owner links the gym. */
const ownerGuess = (): PayoutLinkOwner => (getSession()?.user.role === 'gym_owner' ? 'gym' : 'trainer')

/** Where the person goes on: the sign-up flow's next page, the trainer's or the gym's dashboard. */
export function nextPathOf(owner: PayoutLinkOwner) {
  if (owner === 'gym') return '/business/dashboard'
  return !getSession() && getFlow().token ? '/auth/onboarding/complete' : '/dashboard'
}

/**
 * The page the payment provider sends the person back to with `code` and `state` (the API's
 * PAYOUT_LINK_RETURN_PATH, decision 207): it sends them on once, says in words whether the account
 * is now linked, and offers to try again when the request expired, was refused or the provider
 * did not answer (the state is spent by then, so "try again" starts a new link).
 */
export function PayoutLinkReturnPage() {
  const { t } = useTranslation('payout-links', { keyPrefix: 'return' })
  usePageMeta(t('metaTitle'))
  const [phase, setPhase] = useState<Phase>({ kind: 'working' })
  const [retrying, setRetrying] = useState(false)
  const sent = useRef(false)

  useEffect(() => {
    if (sent.current) return
    sent.current = true
    const params = new URLSearchParams(window.location.search)
    const code = params.get('code')
    const state = params.get('state')
    const refused = params.get('error')
    // The code is single-use: it leaves the address bar (and the history) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname)
    if (refused) return setPhase({ kind: 'failed', problem: 'refused' })
    if (!code || !state) return setPhase({ kind: 'failed', problem: 'broken' })
    if (!getSession() && !getFlow().token) return setPhase({ kind: 'failed', problem: 'signedOut' })
    completePayoutLink(code, state).then(
      (link) => setPhase({ kind: 'done', link }),
      (err: unknown) => setPhase({ kind: 'failed', problem: problemOf(err) }),
    )
  }, [])

  const retry = async () => {
    setRetrying(true)
    try {
      await goLink(ownerGuess())
    } catch (err) {
      setPhase({ kind: 'failed', problem: problemOf(err) })
      setRetrying(false)
    }
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-4 px-4 py-4">
          <Logo />
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-8">
        <Card>
          {phase.kind === 'working' ? (
            <CardHeader>
              <CardTitle>
                <h1 className="text-2xl">{t('workingTitle')}</h1>
              </CardTitle>
              <CardDescription role="status" className="flex items-center gap-2">
                <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
                {t('working')}
              </CardDescription>
            </CardHeader>
          ) : phase.kind === 'done' ? (
            <>
              <CardHeader>
                <CheckCircle2 className="size-10 text-emerald-700" aria-hidden="true" />
                <CardTitle>
                  <h1 className="text-2xl">{t('doneTitle')}</h1>
                </CardTitle>
                <CardDescription role="status">{t(`done.${phase.link.owner}`, { account: phase.link.providerAccountId })}</CardDescription>
              </CardHeader>
              <CardContent>
                <Button asChild>
                  <Link to={nextPathOf(phase.link.owner)}>{t('continue')}</Link>
                </Button>
              </CardContent>
            </>
          ) : (
            <>
              <CardHeader>
                <XCircle className="size-10 text-destructive" aria-hidden="true" />
                <CardTitle>
                  <h1 className="text-2xl">{t('failedTitle')}</h1>
                </CardTitle>
                <CardDescription role="alert">{t(`problem.${phase.problem}`)}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-3">
                {phase.problem === 'signedOut' || phase.problem === 'otherPerson' ? (
                  <Button asChild>
                    <Link to="/auth/login?next=/dashboard">{t('signIn')}</Link>
                  </Button>
                ) : (
                  <Button onClick={() => void retry()} disabled={retrying}>
                    {retrying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    {t('tryAgain')}
                  </Button>
                )}
                <Button asChild variant="outline">
                  <Link to={nextPathOf(ownerGuess())}>{t('later')}</Link>
                </Button>
              </CardContent>
            </>
          )}
        </Card>
      </main>
    </div>
  )
}
