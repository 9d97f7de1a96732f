import type { CheckoutStatus } from '@app/contracts'
import { PAYOUT_ONBOARDING_PATH } from '@app/contracts/constants'
import { CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { verifyCheckout } from '../api/signup-api'
import { saveFlow } from '@/lib/signup-flow'
import { AuthLayout } from '../components/auth-layout'

/** Spec §4: the pause on the success page before payout onboarding. */
export const AFTER_PAYMENT_DELAY_MS = 1200

type Verification = { state: 'checking' } | { state: 'done'; result: CheckoutStatus } | { state: 'error' }
const isPaid = (r: CheckoutStatus) => r.paymentStatus === 'paid' || r.status === 'complete'

export function CheckoutSuccessPage() {
  usePageMeta('Pago exitoso')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const sessionId = params.get('sid')
  const [verification, setVerification] = useState<Verification>({ state: 'checking' })
  const announced = useRef(false)

  useEffect(() => {
    if (!sessionId) {
      setVerification({ state: 'error' })
      return
    }
    let cancelled = false
    verifyCheckout(sessionId)
      .then((result) => !cancelled && setVerification({ state: 'done', result }))
      .catch(() => !cancelled && setVerification({ state: 'error' }))
    return () => {
      cancelled = true
    }
  }, [sessionId])

  const paid = verification.state === 'done' && isPaid(verification.result)

  useEffect(() => {
    if (verification.state === 'checking' || announced.current) return
    announced.current = true
    if (verification.state === 'error') toast.error('Error verificando pago')
    else if (paid) toast.success('Pago confirmado')
    else toast.error('Pago pendiente o fallido')
  }, [verification, paid])

  useEffect(() => {
    if (!paid || !sessionId) return
    saveFlow({ sessionId })
    const timer = setTimeout(() => navigate(PAYOUT_ONBOARDING_PATH), AFTER_PAYMENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [paid, sessionId, navigate])

  const status =
    verification.state === 'checking'
      ? 'Verificando pago...'
      : verification.state === 'error'
        ? 'Error verificando pago'
        : paid
          ? 'Pago confirmado. Te llevamos a configurar tus pagos...'
          : 'Pago pendiente o fallido'

  return (
    <AuthLayout>
      <Card className="text-center">
        <CardHeader className="items-center">
          {verification.state === 'checking' ? (
            <Loader2 className="size-12 animate-spin text-primary" aria-hidden="true" />
          ) : paid ? (
            <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
          ) : (
            <Clock className="size-12 text-amber-600" aria-hidden="true" />
          )}
          <CardTitle>
            <h1 className="text-2xl">
              {paid ? 'Pago exitoso' : verification.state === 'checking' ? 'Procesando pago' : 'Pago no completado'}
            </h1>
          </CardTitle>
          <CardDescription role="status" aria-live="polite">
            {status}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button size="lg" disabled={!paid} onClick={() => navigate(PAYOUT_ONBOARDING_PATH)}>
            Continuar manualmente
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth/select-plan">Elegir otro plan</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}

export function CheckoutCancelPage() {
  usePageMeta('Pago cancelado')
  return (
    <AuthLayout>
      <Card className="text-center">
        <CardHeader className="items-center">
          <XCircle className="size-12 text-muted-foreground" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">Pago cancelado</h1>
          </CardTitle>
          <CardDescription>No se realizó ningún cargo. Puedes elegir un plan cuando quieras.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button asChild size="lg">
            <Link to="/auth/select-plan">Volver a los planes</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth/login">Ir a iniciar sesión</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
