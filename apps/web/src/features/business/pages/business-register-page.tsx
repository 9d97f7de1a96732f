import type { BusinessRegisterInput } from '@app/contracts'
import { BUSINESS_PASSWORD_MIN } from '@app/contracts/constants'
import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { setSession } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { registerBusiness } from '../api/business-api'
import { AuthCard } from '../components/auth-card'
import { CentralBillingFields, LegalConsents, PlanChoice } from '../components/registration-fields'
import { normaliseWebsite, validateRegistration, type RegisterForm } from '../lib/register-validation'

/** Spec §8: the message when the server did not explain the failure. */
export const REGISTER_FAILED = 'Error al registrar el gimnasio. Inténtelo nuevamente.'
export const AUTO_LOGIN_FAILED = 'Registro exitoso, pero el inicio de sesión automático falló. Por favor, inicie sesión manualmente.'

const defaults: RegisterForm = {
  firstName: '',
  lastName: '',
  businessName: '',
  address: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  website: '',
  subscriptionPlan: 'business',
  acceptTerms: false,
  acceptPrivacy: false,
  centralBillingEnabled: true,
  paymentAccountId: '',
}

export function BusinessRegisterPage() {
  usePageMeta('Registro de gimnasio', 'Registra tu gimnasio para gestionar entrenadores, pagos y comisiones.')
  const navigate = useNavigate()
  const { login } = useSession()
  const [error, setError] = useState<string | null>(null)
  const [needsManualLogin, setNeedsManualLogin] = useState(false)
  const form = useForm<RegisterForm>({ defaultValues: defaults })
  const { isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    const problem = validateRegistration(values)
    if (problem) {
      setError(problem)
      return
    }
    const payload: BusinessRegisterInput = {
      email: values.email.trim(),
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      businessName: values.businessName.trim(),
      businessAddress: values.address.trim(),
      businessPhone: values.phone.trim() || null,
      businessWebsite: normaliseWebsite(values.website) || null,
      // Plan and central billing stay in the form (spec §3) but are not sent: the server decides them.
    }
    let registered
    try {
      registered = await registerBusiness(payload)
    } catch (err) {
      setError(serverErrorText(err, 'es', REGISTER_FAILED).message)
      return
    }
    // Automatic login: the registration answers a session; without one, sign in with the new credentials.
    try {
      if (registered.token && registered.refreshToken && registered.user) {
        setSession({ user: registered.user, token: registered.token, refreshToken: registered.refreshToken })
      } else {
        await login({ email: payload.email, password: payload.password }, 'business')
      }
      navigate('/business/dashboard', { replace: true })
    } catch {
      setNeedsManualLogin(true)
    }
  })

  if (needsManualLogin) {
    return (
      <AuthCard title="¡Registro completado!">
        <div className="grid gap-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
          <p role="status">{AUTO_LOGIN_FAILED}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button asChild>
              <Link to="/business/login">Iniciar sesión</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/">Volver al inicio</Link>
            </Button>
          </div>
        </div>
      </AuthCard>
    )
  }

  const { register } = form
  return (
    <AuthCard wide title="Registro de gimnasio" description="Crea la cuenta de administrador de tu gimnasio. Los campos marcados con * son obligatorios.">
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold">Administrador</legend>
          <FormField id="firstName" label="Nombre *" autoComplete="given-name" {...register('firstName')} />
          <FormField id="lastName" label="Apellido *" autoComplete="family-name" {...register('lastName')} />
          <FormField id="email" label="Correo electrónico *" type="email" autoComplete="email" {...register('email')} />
          <div className="hidden sm:block" />
          <FormField id="password" label="Contraseña *" hint={`Mínimo ${BUSINESS_PASSWORD_MIN} caracteres`} type="password" autoComplete="new-password" {...register('password')} />
          <FormField id="confirmPassword" label="Confirmar contraseña *" type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold">Gimnasio</legend>
          <FormField id="businessName" label="Nombre del gimnasio *" autoComplete="organization" {...register('businessName')} />
          <FormField id="address" label="Dirección *" autoComplete="street-address" {...register('address')} />
          <FormField id="phone" label="Teléfono (opcional)" type="tel" autoComplete="tel" placeholder="+56 9 1234 5678" {...register('phone')} />
          <FormField id="website" label="Sitio web (opcional)" type="url" autoComplete="url" placeholder="https://tugimnasio.cl" {...register('website')} />
        </fieldset>

        <PlanChoice form={form} />
        <CentralBillingFields form={form} />
        <LegalConsents form={form} />

        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Registrando...' : 'Registrar gimnasio'}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          ¿Ya tienes una cuenta?{' '}
          <Link to="/business/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Inicia sesión
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}
