import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { clearSession, getSession } from '@/lib/session'
import { requestPasswordReset, resetPassword } from '../api/business-api'
import { AuthCard, FieldError, FormAlert } from './auth-card'

export const INVALID_LINK = 'El enlace no es válido o ha expirado. Solicita uno nuevo.'
const SEND_FAILED = 'No pudimos enviar el enlace. Inténtalo nuevamente.'
const RESET_FAILED = 'No pudimos cambiar la contraseña. Inténtalo nuevamente.'

const RequestSchema = z.object({
  email: z.string().trim().min(1, 'El correo electrónico es requerido').pipe(z.email('Email inválido')),
})
const ResetSchema = z
  .object({
    password: z.string().min(1, 'La contraseña es requerida').min(6, 'La contraseña debe tener al menos 6 caracteres'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Las contraseñas no coinciden' })

function RequestLinkForm() {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const form = useForm<z.infer<typeof RequestSchema>>({ resolver: zodResolver(RequestSchema), defaultValues: { email: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null)
    try {
      await requestPasswordReset(email)
      setSentTo(email)
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : SEND_FAILED)
    }
  })

  if (sentTo) {
    return (
      <AuthCard title="Revisa tu correo">
        <div className="grid gap-4 text-center">
          <MailCheck className="mx-auto size-12 text-primary" aria-hidden="true" />
          <p role="status">
            Si existe una cuenta con <strong className="break-all">{sentTo}</strong>, te enviamos un enlace para crear una nueva contraseña. El enlace vale por 60 minutos. Revisa
            también la carpeta de spam.
          </p>
          <Button variant="outline" asChild>
            <Link to="/business/login">Volver al inicio de sesión</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Recuperar contraseña" description="Ingresa el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="email">Correo electrónico</Label>
          <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email} aria-describedby={errors.email ? 'email-error' : undefined} {...form.register('email')} />
          <FieldError id="email-error" message={errors.email?.message} />
        </div>
        {error && (
          <FormAlert>{error}</FormAlert>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Enviando...' : 'Enviar enlace'}
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
  const [error, setError] = useState<string | null>(null)
  const [linkInvalid, setLinkInvalid] = useState(false)
  const form = useForm<z.infer<typeof ResetSchema>>({ resolver: zodResolver(ResetSchema), defaultValues: { password: '', confirmPassword: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null)
    try {
      await resetPassword(hash, password)
      // Every session of the account ended on the server: this browser's too.
      if (getSession()) clearSession()
      setDone(true)
    } catch (err) {
      if (err instanceof ApiError && err.errors?.hash) {
        setLinkInvalid(true)
        setError(INVALID_LINK)
      } else {
        setError(err instanceof ApiError && err.status === 429 ? err.message : RESET_FAILED)
      }
    }
  })

  if (done) {
    return (
      <AuthCard title="Contraseña actualizada">
        <div className="grid gap-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
          <p role="status">Tu contraseña fue cambiada. Por seguridad cerramos todas las sesiones abiertas; inicia sesión con la nueva contraseña.</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button asChild>
              <Link to="/business/login">Acceso gimnasios</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/auth/login">Acceso entrenadores</Link>
            </Button>
          </div>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Crear nueva contraseña" description="Elige una contraseña nueva para tu cuenta.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="password">Nueva contraseña</Label>
          <Input id="password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} aria-describedby={errors.password ? 'password-error' : undefined} {...form.register('password')} />
          <FieldError id="password-error" message={errors.password?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="confirmPassword">Confirmar contraseña</Label>
          <Input id="confirmPassword" type="password" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} aria-describedby={errors.confirmPassword ? 'confirmPassword-error' : undefined} {...form.register('confirmPassword')} />
          <FieldError id="confirmPassword-error" message={errors.confirmPassword?.message} />
        </div>
        {error && (
          <FormAlert>
              {error}
              {linkInvalid && (
                <Link to="/recuperar-password" className="font-medium underline underline-offset-4">
                  Solicitar un nuevo enlace
                </Link>
              )}
            </FormAlert>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando...' : 'Guardar contraseña'}
        </Button>
      </form>
    </AuthCard>
  )
}

export function PasswordRecoveryPage() {
  usePageMeta('Recuperar contraseña', 'Recupera el acceso a tu cuenta.')
  const [params] = useSearchParams()
  const hash = params.get('hash')?.trim()
  // A new key per hash: following a second link starts a fresh form.
  return hash ? <NewPasswordForm key={hash} hash={hash} /> : <RequestLinkForm />
}
