import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS } from '@app/contracts/constants'
import { Loader2, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { registerMember, resendCode, verifyCode } from '../api/signup-api'
import { formatCountdown, useCountdown } from '@/lib/use-countdown'
import { getFlow, getPendingRegistration, saveFlow, setPendingRegistration } from '@/lib/signup-flow'
import { ApiError } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { AuthLayout } from '../components/auth-layout'
import { FormField } from '@/components/ui/form-field'
import { InvalidState } from '../components/invalid-state'

export function VerifyCodePage() {
  usePageMeta('Verifica tu correo')
  const navigate = useNavigate()
  const [flow] = useState(getFlow)
  const pending = getPendingRegistration()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [submitting, setSubmitting] = useState(false)
  const [resending, setResending] = useState(false)
  const [sentAt, setSentAt] = useState(() => Number(flow.codeSentAt) || Date.now())
  const secondsLeft = useCountdown(sentAt + OTP_RESEND_COOLDOWN_SECONDS * 1000)

  // The password is kept in memory only: after a reload the registration has to start again.
  if (!flow.email || !pending || pending.email !== flow.email) {
    return (
      <AuthLayout>
        <h1 className="sr-only">Verifica tu correo</h1>
        <InvalidState message="Estado inválido. Reinicia el registro." to="/auth/register" action="Ir al registro" />
      </AuthLayout>
    )
  }
  const email = flow.email

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (code.length !== OTP_LENGTH) return
    setError(undefined)
    setSubmitting(true)
    try {
      // The verification token stays in this function's memory: never stored, never in a URL.
      const { verificationToken } = await verifyCode(email, code)
      toast.success('Correo verificado')
      const registered = await registerMember({ ...pending, email, userType: 'member', verificationToken, language: 'es' })
      setPendingRegistration(null)
      saveFlow({ userId: registered.id, token: registered.signupToken, codeSentAt: null })
      navigate('/auth/select-plan')
    } catch (err) {
      const { field, message } = serverErrorText(err, 'es')
      if (field === 'otp') setError(message)
      toast.error(message)
    } finally {
      setSubmitting(false)
    }
  }

  const onResend = async () => {
    setResending(true)
    try {
      await resendCode(email)
      const now = Date.now()
      saveFlow({ codeSentAt: String(now) })
      setSentAt(now)
      setCode('')
      setError(undefined)
      toast.success('Código reenviado')
    } catch (err) {
      // Refused during the cooldown (429 with Retry-After): the countdown follows the server's clock.
      if (err instanceof ApiError && err.status === 429 && err.retryAfter) {
        const sent = Date.now() - (OTP_RESEND_COOLDOWN_SECONDS - err.retryAfter) * 1000
        saveFlow({ codeSentAt: String(sent) })
        setSentAt(sent)
      }
      toast.error(serverErrorText(err, 'es', 'No se pudo reenviar el código').message)
    } finally {
      setResending(false)
    }
  }

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <MailCheck className="size-10 text-primary" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">Verifica tu correo</h1>
          </CardTitle>
          <CardDescription>
            Ingresa el código de {OTP_LENGTH} dígitos que enviamos a <strong className="text-foreground">{email}</strong>.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField
              label="Código de verificación"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={OTP_LENGTH}
              // The page is the code's only field, reached by submitting the registration (docs/accessibility.md).
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              placeholder={'0'.repeat(OTP_LENGTH)}
              className="h-14 text-center font-mono text-2xl tracking-[0.5em]"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
              error={error}
              hint={`El código es válido por ${OTP_TTL_SECONDS / 60} minutos. Si no lo encuentras, revisa tu carpeta de spam.`}
            />
            <Button type="submit" size="lg" disabled={code.length !== OTP_LENGTH || submitting}>
              {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Continuar
            </Button>
            <Button type="button" variant="outline" onClick={onResend} disabled={secondsLeft > 0 || resending}>
              {resending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {secondsLeft > 0 ? `Reenviar código en ${formatCountdown(secondsLeft)}` : 'Reenviar código'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
