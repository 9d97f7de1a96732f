import type { BusinessRegisterInput } from '@app/contracts'
import { DEFAULT_COMMISSION_RATES } from '@app/contracts'
import { CheckCircle2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { cn } from '@/lib/utils'
import { registerBusiness } from '../api/business-api'
import { AuthCard, FormAlert } from './auth-card'
import { normaliseWebsite, validateRegistration, type RegisterForm } from './register-validation'

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

/** The text a person sees for a failed registration (spec §8). */
function registrationError(err: unknown): string {
  if (err instanceof ApiError) {
    const errors = err.errors ?? {}
    if (errors.email === 'emailAlreadyExists' || errors.email === 'emailExists') return 'Este correo electrónico ya está registrado'
    if (errors.email) return 'El correo electrónico no es válido'
    if (errors.businessWebsite) return 'El sitio web no es una dirección válida'
    if (errors.businessPhone) return 'El teléfono no es válido'
    if (err.status === 429) return err.message
  }
  return REGISTER_FAILED
}

const pct = (rate: number) => `${Math.round(rate * 100)}%`

function Field({ id, label, children, hint }: { id: string; label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}

export function BusinessRegisterPage() {
  usePageMeta('Registro de gimnasio', 'Registra tu gimnasio para gestionar entrenadores, pagos y comisiones.')
  const navigate = useNavigate()
  const { login } = useSession()
  const [error, setError] = useState<string | null>(null)
  const [needsManualLogin, setNeedsManualLogin] = useState(false)
  const form = useForm<RegisterForm>({ defaultValues: defaults })
  const { isSubmitting } = form.formState
  const centralBilling = form.watch('centralBillingEnabled')
  const plan = form.watch('subscriptionPlan')

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
      setError(registrationError(err))
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
          <Field id="firstName" label="Nombre *">
            <Input id="firstName" autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field id="lastName" label="Apellido *">
            <Input id="lastName" autoComplete="family-name" {...register('lastName')} />
          </Field>
          <Field id="email" label="Correo electrónico *">
            <Input id="email" type="email" autoComplete="email" {...register('email')} />
          </Field>
          <div className="hidden sm:block" />
          <Field id="password" label="Contraseña *" hint="Mínimo 6 caracteres">
            <Input id="password" type="password" autoComplete="new-password" aria-describedby="password-hint" {...register('password')} />
          </Field>
          <Field id="confirmPassword" label="Confirmar contraseña *">
            <Input id="confirmPassword" type="password" autoComplete="new-password" {...register('confirmPassword')} />
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold">Gimnasio</legend>
          <Field id="businessName" label="Nombre del gimnasio *">
            <Input id="businessName" autoComplete="organization" {...register('businessName')} />
          </Field>
          <Field id="address" label="Dirección *">
            <Input id="address" autoComplete="street-address" {...register('address')} />
          </Field>
          <Field id="phone" label="Teléfono (opcional)">
            <Input id="phone" type="tel" autoComplete="tel" placeholder="+56 9 1234 5678" {...register('phone')} />
          </Field>
          <Field id="website" label="Sitio web (opcional)">
            <Input id="website" type="url" autoComplete="url" placeholder="https://tugimnasio.cl" {...register('website')} />
          </Field>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-semibold">Plan de suscripción *</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ['business', 'Business', 'Hasta 10 entrenadores'],
                ['enterprise', 'Enterprise', 'Hasta 50 entrenadores'],
              ] as const
            ).map(([value, title, detail]) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
                  plan === value && 'border-primary bg-accent',
                )}
              >
                <input type="radio" value={value} className="mt-1 accent-[var(--primary)]" {...register('subscriptionPlan')} />
                <span>
                  <span className="block font-medium">{title}</span>
                  <span className="block text-sm text-muted-foreground">{detail}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-semibold">Facturación centralizada</legend>
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="centralBillingEnabled"
              render={({ field }) => <Checkbox id="centralBillingEnabled" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} className="mt-0.5" />}
            />
            <div className="grid gap-1">
              <Label htmlFor="centralBillingEnabled">Activar facturación centralizada</Label>
              <p className="text-sm text-muted-foreground">El gimnasio cobra a los clientes y reparte los pagos con sus entrenadores.</p>
            </div>
          </div>
          {centralBilling && (
            <>
              <Field id="paymentAccountId" label="ID de cuenta de pago (opcional)">
                <Input id="paymentAccountId" placeholder="acct_..." {...register('paymentAccountId')} />
              </Field>
              <div>
                <p className="mb-2 text-sm font-medium" id="commission-title">
                  Reparto de comisiones
                </p>
                <dl aria-labelledby="commission-title" className="grid grid-cols-3 gap-2 text-center">
                  {(
                    [
                      ['Entrenador', DEFAULT_COMMISSION_RATES.trainer],
                      ['Gimnasio', DEFAULT_COMMISSION_RATES.gym],
                      ['Plataforma', DEFAULT_COMMISSION_RATES.platform],
                    ] as const
                  ).map(([label, rate]) => (
                    <div key={label} className="rounded-md bg-muted px-2 py-2">
                      <dt className="text-xs text-muted-foreground">{label}</dt>
                      <dd className="text-lg font-semibold">{pct(rate)}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </>
          )}
        </fieldset>

        <div className="grid gap-3">
          {(
            [
              ['acceptTerms', 'Acepto los ', 'términos y condiciones', '/terminos'],
              ['acceptPrivacy', 'Acepto la ', 'política de privacidad', '/privacidad'],
            ] as const
          ).map(([name, before, linkText, href]) => (
            <div key={name} className="flex items-center gap-3">
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => <Checkbox id={name} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />}
              />
              <Label htmlFor={name} className="font-normal">
                <span>
                  {before}
                  <Link to={href} target="_blank" className="font-medium text-primary underline underline-offset-4">
                    {linkText}
                  </Link>
                  {' *'}
                </span>
              </Label>
            </div>
          ))}
        </div>

        {error && (
          <FormAlert>{error}</FormAlert>
        )}
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
