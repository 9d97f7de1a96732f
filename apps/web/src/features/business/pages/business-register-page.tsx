import type { BusinessRegisterInput } from '@app/contracts'
import { BUSINESS_PASSWORD_MIN } from '@app/contracts/constants'
import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { startSession } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { registerBusiness } from '../api/business-api'
import { AuthCard } from '../components/auth-card'
import { CentralBillingFields, LegalConsents, PlanChoice } from '../components/registration-fields'
import { normaliseWebsite, validateRegistration, type RegisterForm } from '../lib/register-validation'

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
  const { t, i18n } = useTranslation('business', { keyPrefix: 'register' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
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
      setError(t(`rule.${problem}`, { min: BUSINESS_PASSWORD_MIN }))
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
      // The account keeps the language this screen is in: its dashboard and mails (decision 161).
      language: i18n.language === 'en' ? 'en' : 'es',
      // Plan and central billing stay in the form (spec §3) but are not sent: the server decides them.
    }
    let registered
    try {
      registered = await registerBusiness(payload)
    } catch (err) {
      // Spec §8: the server's message, else the screen's fallback.
      setError(serverErrorText(err, errorsT, t('failed')).message)
      return
    }
    // Automatic login: the registration answers a session; without one, sign in with the new credentials.
    try {
      if (registered.token && registered.refreshToken && registered.user) {
        startSession({ user: registered.user, token: registered.token, refreshToken: registered.refreshToken })
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
      <AuthCard title={t('doneTitle')}>
        <div className="grid gap-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
          <p role="status">{t('autoLoginFailed')}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button asChild>
              <Link to="/business/login">{t('doneLogin')}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/">{t('home')}</Link>
            </Button>
          </div>
        </div>
      </AuthCard>
    )
  }

  const { register } = form
  return (
    <AuthCard wide title={t('title')} description={t('description')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold">{t('admin')}</legend>
          <FormField id="firstName" label={t('firstName')} autoComplete="given-name" {...register('firstName')} />
          <FormField id="lastName" label={t('lastName')} autoComplete="family-name" {...register('lastName')} />
          <FormField id="email" label={t('email')} type="email" autoComplete="email" {...register('email')} />
          <div className="hidden sm:block" />
          <FormField
            id="password"
            label={t('password')}
            hint={t('passwordHint', { min: BUSINESS_PASSWORD_MIN })}
            type="password"
            autoComplete="new-password"
            {...register('password')}
          />
          <FormField
            id="confirmPassword"
            label={t('confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold">{t('gym')}</legend>
          <FormField id="businessName" label={t('businessName')} autoComplete="organization" {...register('businessName')} />
          <FormField id="address" label={t('address')} autoComplete="street-address" {...register('address')} />
          <FormField
            id="phone"
            label={t('phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('phonePlaceholder')}
            {...register('phone')}
          />
          <FormField
            id="website"
            label={t('website')}
            type="url"
            autoComplete="url"
            placeholder={t('websitePlaceholder')}
            {...register('website')}
          />
        </fieldset>

        <PlanChoice form={form} />
        <CentralBillingFields form={form} />
        <LegalConsents form={form} />

        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('submitting') : t('submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('haveAccount')}{' '}
          <Link to="/business/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('login')}
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}
