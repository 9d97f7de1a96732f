import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import type { z } from 'zod'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { isAccountClosed, ReopenLink } from '@/components/account/reopen-link'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { LoginFormSchema } from '@/lib/login-form'
import { isBusinessUser } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { AuthCard } from '../components/auth-card'

export function BusinessLoginPage() {
  const { t } = useTranslation('business', { keyPrefix: 'login' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const { user, isLoading, login } = useSession()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const [closedEmail, setClosedEmail] = useState<string | null>(null)
  const form = useForm<z.input<typeof LoginFormSchema>, unknown, z.output<typeof LoginFormSchema>>({
    resolver: formResolver(LoginFormSchema, errorsT),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  if (isLoading && !isSubmitting) return <PageLoading label={t('loading')} />
  if (user && isBusinessUser(user.role) && !isSubmitting) return <Navigate to="/business/dashboard" replace />

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    setClosedEmail(null)
    try {
      await login(values, 'business')
      navigate('/business/dashboard', { replace: true })
    } catch (err) {
      // Spec §8: the alert when the server gave no message.
      setError(serverErrorText(err, errorsT, t('failed')).message)
      if (isAccountClosed(err)) setClosedEmail(values.email)
    }
  })

  return (
    <AuthCard title={t('title')} description={t('description')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          id="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          placeholder={t('emailPlaceholder')}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          id="password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Link to="/recuperar-password" className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline">
          {t('forgotPassword')}
        </Link>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {closedEmail ? <ReopenLink email={closedEmail} source={errorsT} /> : null}
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('submitting') : t('submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('noAccount')}{' '}
          <Link to="/business/registro" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('register')}
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}
