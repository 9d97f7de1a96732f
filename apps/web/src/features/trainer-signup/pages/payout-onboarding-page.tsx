import { Banknote, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { getSession } from '@/lib/session'
import { getPayoutAccount, setupPayouts } from '@/lib/account-api'
import { getFlow } from '@/lib/signup-flow'
import { serverErrorText } from '@/lib/error-text'
import { AuthLayout } from '../components/auth-layout'
import { ErrorAlert } from '@/components/ui/error-alert'

function flowUser() {
  const flow = getFlow()
  if (flow.email && flow.userId) return { email: flow.email, userId: flow.userId }
  const user = getSession()?.user
  return user ? { email: user.email, userId: user.id } : null
}

export function PayoutOnboardingPage() {
  usePageMeta('Configura tus pagos')
  const navigate = useNavigate()
  const [user] = useState(flowUser)
  const [busy, setBusy] = useState<'start' | 'verify' | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [started, setStarted] = useState(false)

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
      // The provider's page opens in a new tab; this one stays to check the result.
      window.open(onboardingUrl, '_blank', 'noopener')
      setStarted(true)
    } catch (err) {
      setMessage(serverErrorText(err, 'es').message)
      toast.error('Error iniciando onboarding')
    } finally {
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
        toast.success('Configuración de pagos completa')
        navigate('/auth/onboarding/complete')
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
            una pestaña nueva; al terminar, vuelve aquí y verifica el estado.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {message ? <ErrorAlert>{message}</ErrorAlert> : null}
          {started ? (
            <p className="text-sm text-muted-foreground" role="status">
              Abrimos la configuración en una pestaña nueva. Cuando termines, pulsa «Verificar estado».
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
