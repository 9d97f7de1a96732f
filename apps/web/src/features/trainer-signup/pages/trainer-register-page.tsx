import { ageOn, BirthDateSchema, EmailSchema, isStrongPassword, MIN_AGE } from '@app/contracts'
import { OTP_RESEND_COOLDOWN_SECONDS, TRIAL_DAYS } from '@app/contracts/constants'
import { ArrowLeft, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { generateCode, lookupUserByEmail } from '../api/signup-api'
import { saveFlow, setPendingRegistration } from '@/lib/signup-flow'
import { errorText, serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { AuthLayout } from '../components/auth-layout'
import { FormField } from '@/components/ui/form-field'
import { PasswordChecklist } from '../components/password-checklist'

interface RegisterForm {
  firstName: string
  lastName: string
  birthDate: string
  email: string
  password: string
  confirmPassword: string
}

/** First letter of each word upper case, as the person types. */
export const capitaliseWords = (value: string) =>
  value.replace(/(^|[\s-])(\p{Ll})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase())

export function TrainerRegisterPage() {
  usePageMeta('Regístrate como entrenador', `Crea tu cuenta de entrenador: ${TRIAL_DAYS} días gratis.`)
  const navigate = useNavigate()
  const [submitting, setSubmitting] = useState(false)
  const form = useForm<RegisterForm>({
    defaultValues: { firstName: '', lastName: '', birthDate: '', email: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const password = form.watch('password')
  const confirmPassword = form.watch('confirmPassword')
  const passwordOk = isStrongPassword(password)
  const mismatch = confirmPassword.length > 0 && confirmPassword !== password
  const canSubmit = passwordOk && password === confirmPassword && !submitting

  const capitalised = (name: 'firstName' | 'lastName') => {
    const field = form.register(name)
    return {
      ...field,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        e.target.value = capitaliseWords(e.target.value)
        return field.onChange(e)
      },
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors()
    const firstName = values.firstName.trim()
    const lastName = values.lastName.trim()
    const email = values.email.trim().toLowerCase()
    // Spec §5, in order: the first rule that fails is shown under its field.
    if (!firstName || !lastName) return form.setError('firstName', { message: errorText('firstName', 'required', 'es') })
    if (!BirthDateSchema.safeParse(values.birthDate).success)
      return form.setError('birthDate', { message: errorText('birthDate', values.birthDate ? 'invalid' : 'required', 'es') })
    if (ageOn(values.birthDate, new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' })) < MIN_AGE)
      return form.setError('birthDate', { message: errorText('birthDate', 'tooYoung', 'es') })
    if (!EmailSchema.safeParse(email).success) return form.setError('email', { message: errorText('email', 'invalidEmail', 'es') })
    if (!isStrongPassword(values.password)) return form.setError('password', { message: errorText('password', 'weakPassword', 'es') })
    if (values.password !== values.confirmPassword)
      return form.setError('confirmPassword', { message: errorText('confirmPassword', 'mismatch', 'es') })

    setSubmitting(true)
    try {
      // A lookup failure (e.g. 404 for a new e-mail) is not an error here.
      const existing = await lookupUserByEmail(email).catch(() => null)
      if (existing?.isActive) {
        form.setError('email', { message: errorText('email', 'emailAlreadyExists', 'es') })
        return
      }
      const sent = await generateCode(email)
      const waited = OTP_RESEND_COOLDOWN_SECONDS - (sent.resendAfterSeconds ?? OTP_RESEND_COOLDOWN_SECONDS)
      setPendingRegistration({ email, password: values.password, firstName, lastName, birthDate: values.birthDate })
      saveFlow({
        email,
        userId: null,
        token: null,
        planId: null,
        planKey: null,
        sessionId: null,
        codeSentAt: String(Date.now() - waited * 1000),
      })
      toast.success('Código enviado a tu correo')
      navigate('/auth/verify')
    } catch (error) {
      applyFieldErrors(form.setError, error, ['email', 'password', 'firstName', 'lastName', 'birthDate'], 'es')
      toast.error(serverErrorText(error, 'es').message)
    } finally {
      setSubmitting(false)
    }
  })

  return (
    <AuthLayout>
      <Button asChild variant="ghost" size="sm" className="mb-3 -ml-2">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Volver al inicio
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap gap-2">
            <Badge variant="success">{TRIAL_DAYS} días gratis</Badge>
            <Badge variant="outline">Sin compromiso: cancela cuando quieras</Badge>
          </div>
          <CardTitle>
            <h1 className="mt-2 text-2xl">Crea tu cuenta de entrenador</h1>
          </CardTitle>
          <CardDescription>
            Prueba la plataforma gratis durante {TRIAL_DAYS} días. Te enviaremos un código para verificar tu correo.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Nombre" autoComplete="given-name" error={errors.firstName?.message} {...capitalised('firstName')} />
              <FormField label="Apellido" autoComplete="family-name" error={errors.lastName?.message} {...capitalised('lastName')} />
            </div>
            <FormField
              label="Fecha de nacimiento"
              type="date"
              autoComplete="bday"
              hint="Debes tener al menos 16 años."
              error={errors.birthDate?.message}
              {...form.register('birthDate')}
            />
            <FormField
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="tu@correo.com"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <FormField
              label="Contraseña"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              hint={<PasswordChecklist password={password} />}
              {...form.register('password')}
            />
            <FormField
              label="Confirmar contraseña"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message ?? (mismatch ? errorText('confirmPassword', 'mismatch', 'es') : undefined)}
              {...form.register('confirmPassword')}
            />
            <p className="text-xs text-muted-foreground">
              Al continuar aceptas los{' '}
              <Link to="/terminos" className="underline">
                términos y condiciones
              </Link>{' '}
              y la{' '}
              <Link to="/privacidad" className="underline">
                política de privacidad
              </Link>
              .
            </p>
            <Button type="submit" size="lg" disabled={!canSubmit}>
              {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Continuar
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            ¿Ya tienes cuenta?{' '}
            <Link to="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Inicia sesión
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
