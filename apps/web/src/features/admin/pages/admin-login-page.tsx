import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { LanguageSwitch } from '@/components/layout/language-switch'
import { Logo } from '@/components/layout/logo'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { LoginFormSchema } from '@/lib/login-form'
import { useSession } from '@/lib/use-session'
import { ADMIN_ROLE } from '../components/admin-shell'

/** Only a path inside the console: `next` comes from the URL and must not send anyone elsewhere. */
const safeNext = (next: string | null) => (next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/admin')

/**
 * The operator's sign-in: the same e-mail + password login as trainers and members
 * (POST /auth/email/login, the one login form schema and session), then the console.
 */
export function AdminLoginPage() {
  const { t } = useTranslation('admin')
  usePageMeta(t('login.title'), t('login.description'))
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  const { user, login } = useSession()
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm<z.input<typeof LoginFormSchema>, unknown, z.output<typeof LoginFormSchema>>({
    resolver: formResolver(LoginFormSchema, errorsT),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null)
    try {
      await login(values, 'email')
      // A non-admin lands on the console's "no access" state, which offers to switch account.
      navigate(next, { replace: true })
    } catch (error) {
      if (!applyFieldErrors(form.setError, error, ['email', 'password'], errorsT))
        setAlert(serverErrorText(error, errorsT, t('login.failed')).message)
    }
  })

  if (user?.role === ADMIN_ROLE && !isSubmitting) return <Navigate to={next} replace />

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 py-4">
        <Logo suffix={t('consoleName')} />
        <LanguageSwitch />
      </header>
      <main id="main" className="mx-auto max-w-md px-4 pb-10">
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="text-2xl">{t('login.title')}</h1>
            </CardTitle>
            <CardDescription>{t('login.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField
                label={t('login.email')}
                type="email"
                autoComplete="username"
                inputMode="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <FormField
                label={t('login.password')}
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
              <Button type="submit" size="lg" disabled={isSubmitting}>
                {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t('login.submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  )
}
