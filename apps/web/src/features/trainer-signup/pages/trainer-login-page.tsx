import type { SubscriptionStatus } from '@app/contracts'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { sleep } from '@/lib/sleep'
import { useSession } from '@/lib/use-session'
import { createPortalSession, getSubscriptionStatus } from '@/lib/account-api'
import { saveFlow } from '@/lib/signup-flow'
import { serverErrorText } from '@/lib/error-text'
import { isAccountClosed, ReopenLink } from '@/components/account/reopen-link'
import { applyFieldErrors } from '@/lib/field-errors'
import { errorsT } from '@/lib/i18n'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { formResolver } from '@/lib/form-resolver'
import { LoginFormSchema } from '@/lib/login-form'
import { AuthLayout } from '../components/auth-layout'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'

/** Spec §4: the pause between a successful login and the subscription check. */
export const AFTER_LOGIN_DELAY_MS = 300

type Phase = 'idle' | 'login' | 'checking'

export function TrainerLoginPage() {
  const { t } = useTranslation('trainer-signup', { keyPrefix: 'login' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const toDashboard = params.get('next') === '/dashboard'
  const { login } = useSession()
  const [phase, setPhase] = useState<Phase>('idle')
  const [alert, setAlert] = useState<string | null>(null)
  const [closedEmail, setClosedEmail] = useState<string | null>(null)
  const form = useForm<z.input<typeof LoginFormSchema>, unknown, z.output<typeof LoginFormSchema>>({
    resolver: formResolver(LoginFormSchema, errorsT),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null)
    setClosedEmail(null)
    setPhase('login')
    let user
    try {
      user = await login({ email: values.email, password: values.password }, 'email')
    } catch (error) {
      const { message } = serverErrorText(error, errorsT)
      if (isAccountClosed(error)) setClosedEmail(values.email)
      if (!applyFieldErrors(form.setError, error, ['email', 'password'], errorsT)) setAlert(message)
      toast.error(message)
      setPhase('idle')
      return
    }
    toast.success(t('success'))
    setPhase('checking')
    await sleep(AFTER_LOGIN_DELAY_MS)

    let status: SubscriptionStatus
    try {
      status = await getSubscriptionStatus()
    } catch {
      toast.error(t('statusFailed'))
      saveFlow({ email: user.email, userId: user.id })
      navigate('/auth/select-plan')
      return
    }
    const active = status.hasActiveSubscription
    // A gym's trainer got the account from the gym: their dashboard says whether the gym covers
    // the plan; plan selection is for self-service sign-up (issue 23, point 4).
    if (!active && status.gym) {
      navigate('/dashboard')
      return
    }
    if (!active) {
      saveFlow({ email: user.email, userId: user.id })
      navigate('/auth/select-plan')
      return
    }
    // Back from the end of sign-up (issue 23, point 9): the dashboard, not the billing portal.
    if (toDashboard) {
      navigate('/dashboard')
      return
    }
    try {
      const { url } = await createPortalSession(`${window.location.origin}/dashboard`)
      if (url) {
        window.location.assign(url)
        return
      }
      navigate('/dashboard')
    } catch {
      toast.error(t('portalFailed'))
      navigate('/dashboard')
    }
  })

  const busy = phase !== 'idle'
  return (
    <AuthLayout headerEnd={<LanguageSwitch />}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{t('title')}</h1>
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField
              label={t('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('emailPlaceholder')}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <FormField
              label={t('password')}
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
            {closedEmail ? <ReopenLink email={closedEmail} source={errorsT} /> : null}
            <Button type="submit" disabled={busy} size="lg">
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t(`button.${phase}`)}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            {t('noAccount')}{' '}
            <Link to="/auth/register" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('register')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
