import { ForgotPasswordSchema, ResetPasswordSchema } from '@app/contracts'
import { PASSWORD_RESET_TTL_MINUTES } from '@app/contracts/constants'
import { CheckCircle2, MailCheck, type LucideIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { errorText, serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { clearSession, getSession } from '@/lib/session'
import { requestPasswordReset, resetPassword } from '../api/business-api'
import { AuthCard } from '../components/auth-card'

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

/** One step's form: sends, and keeps the failure text (spec §8) for the alert. */
function useStep<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, Values>,
  send: (values: Values) => Promise<void>,
  fallback: string,
) {
  const [error, setError] = useState<ReactNode>(null)
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      await send(values)
    } catch (err) {
      setError(serverErrorText(err, errorsT, fallback).message)
    }
  })
  return { error, setError, onSubmit, submitting: form.formState.isSubmitting }
}

function RequestLinkForm() {
  const { t } = useTranslation('business', { keyPrefix: 'recovery' })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<z.infer<typeof ForgotPasswordSchema>>({
    resolver: formResolver(ForgotPasswordSchema, errorsT),
    defaultValues: { email: '' },
  })
  const step = useStep(form, async ({ email }) => (await requestPasswordReset(email), setSentTo(email)), t('sendFailed'))

  if (sentTo) {
    return (
      <DoneCard
        title={t('sentTitle')}
        icon={MailCheck}
        actions={
          <Button variant="outline" asChild>
            <Link to="/business/login">{t('backToLogin')}</Link>
          </Button>
        }
      >
        <Trans
          t={t}
          i18nKey="sentBody"
          values={{ email: sentTo, minutes: PASSWORD_RESET_TTL_MINUTES }}
          components={{ email: <strong className="break-all" /> }}
        />
      </DoneCard>
    )
  }

  return (
    <AuthCard title={t('requestTitle')} description={t('requestDescription')}>
      <form onSubmit={step.onSubmit} noValidate className="grid gap-4">
        <FormField
          id="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        {step.error && <ErrorAlert>{step.error}</ErrorAlert>}
        <Button type="submit" disabled={step.submitting}>
          {step.submitting ? t('sending') : t('send')}
        </Button>
        <Link to="/business/login" className="text-center text-sm text-primary underline-offset-4 hover:underline">
          {t('backToLogin')}
        </Link>
      </form>
    </AuthCard>
  )
}

function NewPasswordForm({ hash }: { hash: string }) {
  const { t } = useTranslation('business', { keyPrefix: 'recovery' })
  const [done, setDone] = useState(false)
  const form = useForm<z.infer<typeof NewPasswordSchema>>({
    resolver: formResolver(NewPasswordSchema, errorsT),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const step = useStep(
    form,
    async ({ password }) => {
      await resetPassword(hash, password)
      // Every session of the account ended on the server: this browser's too.
      if (getSession()) clearSession()
      setDone(true)
    },
    t('resetFailed'),
  )

  if (done) {
    return (
      <DoneCard
        title={t('doneTitle')}
        icon={CheckCircle2}
        actions={
          <>
            <Button asChild>
              <Link to="/business/login">{t('gymLogin')}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/auth/login">{t('trainerLogin')}</Link>
            </Button>
          </>
        }
      >
        {t('doneBody')}
      </DoneCard>
    )
  }

  // A spent or expired link (code invalidHash): offer a new one.
  const linkInvalid = step.error === errorText('hash', 'invalidHash', errorsT)
  return (
    <AuthCard title={t('newTitle')} description={t('newDescription')}>
      <form onSubmit={step.onSubmit} noValidate className="grid gap-4">
        <FormField
          id="password"
          label={t('newPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          id="confirmPassword"
          label={t('confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        {step.error && (
          <ErrorAlert>
            {step.error}
            {linkInvalid && (
              <Link to="/recuperar-password" className="font-medium underline underline-offset-4">
                {t('requestNew')}
              </Link>
            )}
          </ErrorAlert>
        )}
        <Button type="submit" disabled={step.submitting}>
          {step.submitting ? t('saving') : t('save')}
        </Button>
      </form>
    </AuthCard>
  )
}

export function PasswordRecoveryPage() {
  const { t } = useTranslation('business', { keyPrefix: 'recovery' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const [params] = useSearchParams()
  const hash = params.get('hash')?.trim()
  // A new key per hash: following a second link starts a fresh form.
  return hash ? <NewPasswordForm key={hash} hash={hash} /> : <RequestLinkForm />
}
