import { PAYOUT_ONBOARDING_PATH, PAYOUT_RETURN_PARAM } from '@app/contracts/constants'
import { Banknote, Loader2, MousePointerClick } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { getSession } from '@/lib/session'
import { getPayoutAccount, setupPayouts, startPayoutLink } from '@/lib/account-api'
import { getFlow } from '@/lib/signup-flow'
import { serverErrorText } from '@/lib/error-text'
import { AuthLayout } from '../components/auth-layout'
import { ErrorAlert } from '@/components/ui/error-alert'
import { usePayoutWatch } from '../hooks/use-payout-watch'
import linkTexts from './payout-link-texts.es.json'

function flowUser() {
  const flow = getFlow()
  if (flow.email && flow.userId) return { email: flow.email, userId: flow.userId }
  const user = getSession()?.user
  return user ? { email: user.email, userId: user.id } : null
}

/**
 * The provider's tab, back from the provider (`?volver=1`, issue 23 point 9): it closes itself
 * when the browser lets it (a tab opened by the first one), else it asks the person to go back to
 * the first tab, which notices the result by itself. Nothing of the flow happens here.
 */
function ProviderReturn() {
  usePageMeta('Configuración de pagos')
  const navigate = useNavigate()
  useEffect(() => {
    window.close()
  }, [])
  // Whoever closed the first tab goes on here: the flow's page, or the dashboard when signed in.
  const goOn = () => navigate(getFlow().token || !getSession() ? PAYOUT_ONBOARDING_PATH : '/dashboard', { replace: true })
  return (
    <AuthLayout>
      <Card className="text-center">
        <CardHeader className="items-center">
          <MousePointerClick className="size-10 text-primary" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">Vuelve a la primera pestaña</h1>
          </CardTitle>
          <CardDescription role="status">
            Terminaste con el proveedor de pagos. Ya puedes cerrar esta pestaña y volver a la pestaña donde empezaste: ahí verás el
            resultado sin hacer nada más.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" className="w-full" onClick={goOn}>
            Seguir en esta pestaña
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}

export function PayoutOnboardingPage() {
  const [params] = useSearchParams()
  return params.get(PAYOUT_RETURN_PARAM) ? <ProviderReturn /> : <PayoutOnboarding />
}

function PayoutOnboarding() {
  usePageMeta('Configura tus pagos')
  const navigate = useNavigate()
  const [user] = useState(flowUser)
  const [busy, setBusy] = useState<'start' | 'verify' | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [started, setStarted] = useState(false)
  // Decision 213: with a provider that links existing accounts, this page offers that instead of
  // the provider's onboarding; until the server says so (or when it cannot), the spec's page stays.
  const [setup, setSetup] = useState<'onboarding' | 'link'>('onboarding')

  const finished = useCallback(() => {
    toast.success('Configuración de pagos completa')
    navigate('/auth/onboarding/complete')
  }, [navigate])
  // Completed in the provider's tab: this tab moves on by itself.
  usePayoutWatch(user?.userId ?? null, started, finished, (status) => setSetup(status.setup))

  const onStart = async () => {
    setMessage(null)
    if (!user) {
      setMessage('Faltan datos de usuario')
      toast.error('Faltan datos de usuario')
      return
    }
    setBusy('start')
    try {
      const { onboardingUrl } = await setupPayouts(user.userId, user.email)
      if (!onboardingUrl) {
        toast.error('No se recibió URL de onboarding')
        return
      }
      // The provider's page opens in a new tab; this one stays and watches for the result.
      window.open(onboardingUrl, '_blank', 'noopener')
      setStarted(true)
    } catch (err) {
      setMessage(serverErrorText(err, 'es').message)
      toast.error('Error iniciando onboarding')
    } finally {
      setBusy(null)
    }
  }

  const onLink = async () => {
    setMessage(null)
    if (!user) {
      setMessage('Faltan datos de usuario')
      return
    }
    setBusy('start')
    try {
      // The provider's consent page opens here; it sends the person back to the return page.
      const { authorizationUrl } = await startPayoutLink('trainer')
      window.location.assign(authorizationUrl)
    } catch (err) {
      setMessage(serverErrorText(err, 'es').message)
      setBusy(null)
    }
  }

  const onVerify = async () => {
    setMessage(null)
    if (!user) {
      setMessage('Faltan datos de usuario')
      toast.error('Faltan datos de usuario')
      return
    }
    setBusy('verify')
    try {
      const account = await getPayoutAccount(user.userId)
      if (account.complete) {
        finished()
      } else {
        setMessage('Onboarding incompleto. Intenta nuevamente.')
        toast.error('Onboarding incompleto. Intenta nuevamente.')
      }
    } catch (err) {
      setMessage(serverErrorText(err, 'es').message)
      toast.error('Error verificando')
    } finally {
      setBusy(null)
    }
  }

  if (setup === 'link')
    return (
      <AuthLayout>
        <Card>
          <CardHeader>
            <Banknote className="size-10 text-primary" aria-hidden="true" />
            <CardTitle>
              <h1 className="text-2xl">{linkTexts.title}</h1>
            </CardTitle>
            <CardDescription>{linkTexts.description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {message ? <ErrorAlert>{message}</ErrorAlert> : null}
            <Button size="lg" onClick={onLink} disabled={busy !== null}>
              {busy === 'start' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {linkTexts.action}
            </Button>
            <Button variant="outline" onClick={onVerify} disabled={busy !== null}>
              {busy === 'verify' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Verificar estado
            </Button>
            <Button variant="ghost" onClick={() => navigate('/auth/onboarding/complete')} disabled={busy !== null}>
              Omitir por ahora
            </Button>
          </CardContent>
        </Card>
      </AuthLayout>
    )

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <Banknote className="size-10 text-primary" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">Configura tu cuenta de pagos</h1>
          </CardTitle>
          <CardDescription>
            Para recibir los pagos de tus clientes con cobro automático, configura tu cuenta de pagos en Chile. El proveedor se abrirá en
            una pestaña nueva; al terminar, vuelve a esta pestaña y seguiremos solos.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {message ? <ErrorAlert>{message}</ErrorAlert> : null}
          {started ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
              Abrimos la configuración en una pestaña nueva. Cuando termines allá, esta página avanza sola.
            </p>
          ) : null}
          <Button size="lg" onClick={onStart} disabled={busy !== null}>
            {busy === 'start' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Iniciar configuración
          </Button>
          <Button variant="outline" onClick={onVerify} disabled={busy !== null}>
            {busy === 'verify' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Verificar estado
          </Button>
          <Button variant="ghost" onClick={() => navigate('/auth/onboarding/complete')} disabled={busy !== null}>
            Omitir por ahora
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
