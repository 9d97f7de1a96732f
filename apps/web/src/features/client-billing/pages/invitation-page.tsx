import { InvitationConfirmSchema, OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, type InvitationDetails, type OtpSent } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { CalendarCheck, Loader2, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { startSession } from '@/lib/session'
import { formatCountdown, useCountdown } from '@/lib/use-countdown'
import { useSession } from '@/lib/use-session'
import { confirmInvitation, sendInvitationCode, startClientCheckout, useInvitation } from '../api/client-billing-api'
import { ClientLayout } from '../components/client-layout'
import { formatClp } from '@app/contracts/format-clp'
import { WithdrawalNotice } from '../components/withdrawal-notice'

// A new client gives a name: the contract leaves it optional for people who already have an account.
const ConfirmFormSchema = InvitationConfirmSchema.required({ firstName: true, lastName: true, birthDate: true })
type ConfirmInput = z.input<typeof ConfirmFormSchema>
type ConfirmOutput = z.output<typeof ConfirmFormSchema>

/**
 * What the code request answered, told as it is (issue 23 point 10): while the last code is fresh
 * the API sends nothing and answers the seconds left; a new code answers the whole cooldown.
 */
function codeAnswer(sent: OtpSent) {
  return { fresh: sent.resendAfterSeconds >= OTP_RESEND_COOLDOWN_SECONDS, resendAt: Date.now() + sent.resendAfterSeconds * 1000 }
}

/** Starts the provider's checkout for this invitation and leaves for it. */
async function goToCheckout(token: string) {
  const origin = window.location.origin
  const { url } = await startClientCheckout(token, `${origin}/invitacion/pagada`, `${origin}/invitacion/${encodeURIComponent(token)}`)
  window.location.assign(url)
}

function OfferSummary({ invitation }: { invitation: InvitationDetails }) {
  const { trainer, offer } = invitation
  return (
    <Card>
      <CardHeader>
        <CalendarCheck className="size-10 text-primary" aria-hidden="true" />
        <CardTitle>
          <h1 className="text-2xl">
            {trainer.firstName} {trainer.lastName} te invita a entrenar
          </h1>
        </CardTitle>
        <CardDescription>Suscríbete a su plan mensual con cobro automático a tu tarjeta.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <h2 className="text-lg font-semibold break-words">{offer.title}</h2>
        {offer.description ? <p className="text-sm text-muted-foreground break-words">{offer.description}</p> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Precio</dt>
          <dd>
            <span className="text-xl font-bold" data-testid="invitation-price">
              {formatClp(offer.priceClp)}
            </span>{' '}
            al mes
          </dd>
          <dt className="text-muted-foreground">Sesiones</dt>
          <dd>{offer.sessionsPerMonth > 0 ? `${offer.sessionsPerMonth} al mes` : 'Según acuerdes con tu entrenador'}</dd>
        </dl>
        <p className="text-xs text-muted-foreground">
          El cobro se renueva cada mes. Puedes cancelar cuando quieras desde “Mi suscripción”.
        </p>
      </CardContent>
    </Card>
  )
}

function CodeForm({
  token,
  invitation,
  resendAt,
  onSent,
}: {
  token: string
  invitation: InvitationDetails
  /** When another code may be asked for (ms since epoch), from the API's answer. */
  resendAt: number
  onSent: (resendAt: number) => void
}) {
  const form = useForm<ConfirmInput, unknown, ConfirmOutput>({
    resolver: formResolver(ConfirmFormSchema, 'es'),
    defaultValues: { otp: '', firstName: '', lastName: '', birthDate: '' },
  })
  const { errors } = form.formState
  const [leaving, setLeaving] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const secondsLeft = useCountdown(resendAt)

  const resend = useMutation({
    mutationFn: () => sendInvitationCode(token),
    onSuccess: (sent) => {
      const answer = codeAnswer(sent)
      onSent(answer.resendAt)
      if (answer.fresh) toast.success('Te enviamos un código nuevo')
      else
        toast.info(
          `No enviamos otro código: el último sigue siendo válido. Podrás pedir uno nuevo en ${formatCountdown(sent.resendAfterSeconds)}.`,
        )
    },
    onError: (err) => toast.error(serverErrorText(err, 'es', 'No se pudo reenviar el código').message),
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null)
    try {
      const session = await confirmInvitation(token, values)
      startSession({ user: session.user, token: session.token, refreshToken: session.refreshToken })
      toast.success('Correo verificado')
    } catch (err) {
      const shown = applyFieldErrors(form.setError, err, ['otp', 'firstName', 'lastName', 'birthDate'], 'es')
      // A field's own error is shown under it; anything else above the button.
      if (!shown) setProblem(serverErrorText(err, 'es', 'No se pudo verificar el código').message)
      return
    }
    try {
      setLeaving(true)
      await goToCheckout(token)
    } catch (err) {
      setLeaving(false)
      setProblem(serverErrorText(err, 'es', 'No se pudo iniciar el pago').message)
    }
  })

  const busy = form.formState.isSubmitting || leaving
  return (
    <Card>
      <CardHeader>
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <CardTitle>
          <h2 className="text-xl">Confirma tu correo</h2>
        </CardTitle>
        <CardDescription>
          Ingresa el código de {OTP_LENGTH} dígitos que enviamos a <strong className="text-foreground">{invitation.emailHint}</strong>.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id="invitation-otp"
            label="Código de verificación"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            // The field appears because the person just asked for the code: typing it is the next step (docs/accessibility.md).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            placeholder={'0'.repeat(OTP_LENGTH)}
            className="h-14 text-center font-mono text-2xl tracking-[0.5em]"
            error={errors.otp?.message}
            hint="Si no lo encuentras, revisa tu carpeta de spam."
            {...form.register('otp', { setValueAs: (v: string) => v.replace(/\D/g, '').slice(0, OTP_LENGTH) })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="invitation-first-name"
              label="Nombre"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <FormField
              id="invitation-last-name"
              label="Apellido"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <FormField
            id="invitation-birth-date"
            label="Fecha de nacimiento"
            type="date"
            autoComplete="bday"
            error={errors.birthDate?.message}
            hint="Debes tener al menos 16 años."
            {...form.register('birthDate')}
          />
          <p className="text-xs text-muted-foreground">
            Al confirmar aceptas los{' '}
            <Link to="/terminos" className="underline">
              términos y condiciones
            </Link>{' '}
            y la{' '}
            <Link to="/privacidad" className="underline">
              política de privacidad
            </Link>
            .
          </p>
          {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Confirmar y pagar
          </Button>
          <Button type="button" variant="outline" onClick={() => resend.mutate()} disabled={secondsLeft > 0 || resend.isPending || busy}>
            {resend.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {secondsLeft > 0 ? `Reenviar código en ${formatCountdown(secondsLeft)}` : 'Reenviar código'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

/** The client's invitation (Spanish, public): the offer, the e-mail code, then the checkout. */
export function InvitationPage() {
  usePageMeta('Tu invitación', 'Suscríbete al plan mensual de tu entrenador.')
  const { token = '' } = useParams()
  const invitation = useInvitation(token)
  const { user } = useSession()
  const [resendAt, setResendAt] = useState<number | null>(null)
  const [leaving, setLeaving] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const send = useMutation({
    mutationFn: () => sendInvitationCode(token),
    onSuccess: (sent) => {
      const answer = codeAnswer(sent)
      setResendAt(answer.resendAt)
      if (answer.fresh) toast.success('Código enviado a tu correo')
      else toast.info('Ya te enviamos un código hace poco: revisa tu correo, sigue siendo válido.')
    },
    onError: (err) => setProblem(serverErrorText(err, 'es', 'No se pudo enviar el código').message),
  })

  // A client who already confirmed this browser (e.g. back from a cancelled checkout) goes on to pay.
  const payAgain = async () => {
    setProblem(null)
    setLeaving(true)
    try {
      await goToCheckout(token)
    } catch (err) {
      setLeaving(false)
      setProblem(serverErrorText(err, 'es', 'No se pudo iniciar el pago').message)
    }
  }

  if (invitation.isPending) return <PageLoading />
  if (invitation.isError) {
    const gone = invitation.error instanceof ApiError && invitation.error.status < 500
    return (
      <ClientLayout>
        <h1 className="text-2xl font-bold">Invitación no disponible</h1>
        <ErrorAlert>
          {gone
            ? 'Esta invitación no es válida o ya expiró. Pide a tu entrenador que te envíe una nueva.'
            : serverErrorText(invitation.error, 'es', 'No se pudo cargar la invitación').message}
        </ErrorAlert>
        {gone ? null : (
          <Button variant="outline" onClick={() => void invitation.refetch()}>
            Reintentar
          </Button>
        )}
      </ClientLayout>
    )
  }

  return (
    <ClientLayout>
      <OfferSummary invitation={invitation.data} />
      <WithdrawalNotice />
      {resendAt !== null ? (
        <CodeForm token={token} invitation={invitation.data} resendAt={resendAt} onSent={setResendAt} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-xl">Confirma tu correo para continuar</h2>
            </CardTitle>
            <CardDescription>
              Te enviaremos un código de {OTP_LENGTH} dígitos a <strong className="text-foreground">{invitation.data.emailHint}</strong>, el
              correo de tu invitación.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
            <Button size="lg" onClick={() => send.mutate()} disabled={send.isPending || leaving}>
              {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Enviar código
            </Button>
            {user?.role === 'member' ? (
              <Button variant="outline" onClick={() => void payAgain()} disabled={leaving}>
                {leaving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Ya confirmé mi correo: continuar al pago
              </Button>
            ) : null}
          </CardContent>
          <CardFooter className="text-xs text-muted-foreground">
            <span>
              ¿Ya eres cliente? Revisa{' '}
              <Link to="/mi-suscripcion" className="underline">
                tu suscripción
              </Link>
              .
            </span>
          </CardFooter>
        </Card>
      )}
    </ClientLayout>
  )
}
