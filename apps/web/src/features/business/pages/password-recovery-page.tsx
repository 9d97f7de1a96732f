import { ForgotPasswordSchema, ResetPasswordSchema } from '@app/contracts'
import { PASSWORD_RESET_TTL_MINUTES } from '@app/contracts/constants'
import { CheckCircle2, MailCheck, type LucideIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { errorText, serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { clearSession, getSession } from '@/lib/session'
import { requestPasswordReset, resetPassword } from '../api/business-api'
import { AuthCard } from '../components/auth-card'

const SEND_FAILED = 'No pudimos enviar el enlace. Inténtalo nuevamente.'
const RESET_FAILED = 'No pudimos cambiar la contraseña. Inténtalo nuevamente.'

const NewPasswordSchema = ResetPasswordSchema.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'mismatch' })

/** The screen after a step succeeded: an icon, what happened, where to go next. */
function DoneCard({ title, icon: Icon, children, actions }: { title: string; icon: LucideIcon; children: ReactNode; actions: ReactNode }) {
  return (
    <AuthCard title={title}>
      <div className="grid gap-4 text-center">
        <Icon className="mx-auto size-12 text-primary" aria-hidden="true" />
        <p role="status">{children}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">{actions}</div>
      </div>
    </AuthCard>
  )
}

/** One step's form: sends, and keeps the failure text (spec §8, Spanish screen) for the alert. */
function useStep<Values extends FieldValues>(form: UseFormReturn<Values, unknown, Values>, send: (values: Values) => Promise<void>, fallback: string) {
  const [error, setError] = useState<ReactNode>(null)
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      await send(values)
    } catch (err) {
      setError(serverErrorText(err, 'es', fallback).message)
    }
  })
  return { error, setError, onSubmit, submitting: form.formState.isSubmitting }
}

function RequestLinkForm() {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<z.infer<typeof ForgotPasswordSchema>>({ resolver: formResolver(ForgotPasswordSchema, 'es'), defaultValues: { email: '' } })
  const step = useStep(form, async ({ email }) => (await requestPasswordReset(email), setSentTo(email)), SEND_FAILED)

  if (sentTo) {
    return (
      <DoneCard
        title="Revisa tu correo"
        icon={MailCheck}
        actions={
          <Button variant="outline" asChild>
            <Link to="/business/login">Volver al inicio de sesión</Link>
          </Button>
        }
      >
        Si existe una cuenta con <strong className="break-all">{sentTo}</strong>, te enviamos un enlace para crear una nueva contraseña. El enlace vale por{' '}
        {PASSWORD_RESET_TTL_MINUTES} minutos. Revisa también la carpeta de spam.
      </DoneCard>
    )
  }

  return (
    <AuthCard title="Recuperar contraseña" description="Ingresa el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.">
      <form onSubmit={step.onSubmit} noValidate className="grid gap-4">
        <FormField id="email" label="Correo electrónico" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
        {step.error && <ErrorAlert>{step.error}</ErrorAlert>}
        <Button type="submit" disabled={step.submitting}>
          {step.submitting ? 'Enviando...' : 'Enviar enlace'}
        </Button>
        <Link to="/business/login" className="text-center text-sm text-primary underline-offset-4 hover:underline">
          Volver al inicio de sesión
        </Link>
      </form>
    </AuthCard>
  )
}

function NewPasswordForm({ hash }: { hash: string }) {
  const [done, setDone] = useState(false)
  const form = useForm<z.infer<typeof NewPasswordSchema>>({ resolver: formResolver(NewPasswordSchema, 'es'), defaultValues: { password: '', confirmPassword: '' } })
  const { errors } = form.formState
  const step = useStep(
    form,
    async ({ password }) => {
      await resetPassword(hash, password)
      // Every session of the account ended on the server: this browser's too.
      if (getSession()) clearSession()
      setDone(true)
    },
    RESET_FAILED,
  )

  if (done) {
    return (
      <DoneCard
        title="Contraseña actualizada"
        icon={CheckCircle2}
        actions={
          <>
            <Button asChild>
              <Link to="/business/login">Acceso gimnasios</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/auth/login">Acceso entrenadores</Link>
            </Button>
          </>
        }
      >
        Tu contraseña fue cambiada. Por seguridad cerramos todas las sesiones abiertas; inicia sesión con la nueva contraseña.
      </DoneCard>
    )
  }

  // A spent or expired link (code invalidHash): offer a new one.
  const linkInvalid = step.error === LINK_INVALID_TEXT
  return (
    <AuthCard title="Crear nueva contraseña" description="Elige una contraseña nueva para tu cuenta.">
      <form onSubmit={step.onSubmit} noValidate className="grid gap-4">
        <FormField id="password" label="Nueva contraseña" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
        <FormField id="confirmPassword" label="Confirmar contraseña" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        {step.error && (
          <ErrorAlert>
            {step.error}
            {linkInvalid && (
              <Link to="/recuperar-password" className="font-medium underline underline-offset-4">
                Solicitar un nuevo enlace
              </Link>
            )}
          </ErrorAlert>
        )}
        <Button type="submit" disabled={step.submitting}>
          {step.submitting ? 'Guardando...' : 'Guardar contraseña'}
        </Button>
      </form>
    </AuthCard>
  )
}

const LINK_INVALID_TEXT = errorText('hash', 'invalidHash', 'es')

export function PasswordRecoveryPage() {
  usePageMeta('Recuperar contraseña', 'Recupera el acceso a tu cuenta.')
  const [params] = useSearchParams()
  const hash = params.get('hash')?.trim()
  // A new key per hash: following a second link starts a fresh form.
  return hash ? <NewPasswordForm key={hash} hash={hash} /> : <RequestLinkForm />
}
