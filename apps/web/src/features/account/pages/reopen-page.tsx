import { AccountReopenSchema } from '@app/contracts'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { errorText, serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { startSession } from '@/lib/session'
import { homeOf, reopenAccount, sendReopenCode } from '../api/account-privacy-api'
import { AccountFrame } from '../components/account-frame'

type Input = z.input<typeof AccountReopenSchema>
type Output = z.output<typeof AccountReopenSchema>

/** /cuenta/reabrir?email= — signing in to an account closed less than 90 days ago reopens it (issue 20). */
export function ReopenPage() {
  const { t } = useTranslation('account', { keyPrefix: 'reopen' })
  usePageMeta(t('metaTitle'))
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [withCode, setWithCode] = useState(false)
  const [codeSent, setCodeSent] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const form = useForm<Input, unknown, Output>({
    resolver: formResolver(AccountReopenSchema, errorsT),
    defaultValues: { email: params.get('email') ?? '' },
  })
  const { errors, isSubmitting } = form.formState

  const askCode = async () => {
    setProblem(null)
    const ok = await form.trigger('email')
    if (!ok) return
    try {
      await sendReopenCode(form.getValues('email'))
      setCodeSent(true)
    } catch (err) {
      setProblem(serverErrorText(err, errorsT, t('failed')).message)
    }
  }
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null)
    const secret = withCode ? values.otp : values.password
    if (!secret) {
      const field = withCode ? 'otp' : 'password'
      form.setError(field, { message: errorText(field, 'required', errorsT) }, { shouldFocus: true })
      return
    }
    try {
      const session = await reopenAccount(withCode ? { email: values.email, otp: secret } : { email: values.email, password: secret })
      startSession({ user: session.user, token: session.token, refreshToken: session.refreshToken })
      toast.success(t('done'))
      navigate(homeOf(session.user.role), { replace: true })
    } catch (err) {
      if (!applyFieldErrors(form.setError, err, ['email', 'password', 'otp'], errorsT)) {
        setProblem(serverErrorText(err, errorsT, t('failed')).message)
      }
    }
  })

  return (
    <AccountFrame>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted-foreground">{t('description')}</p>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          id="reopen-email"
          label={t('email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        {withCode ? (
          codeSent ? (
            <>
              <p role="status">{t('codeSent')}</p>
              <FormField
                id="reopen-otp"
                label={t('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                error={errors.otp?.message}
                {...form.register('otp', { setValueAs: (v: string) => v || undefined })}
              />
            </>
          ) : (
            <Button type="button" variant="outline" className="justify-self-start" onClick={() => void askCode()}>
              {t('sendCode')}
            </Button>
          )
        ) : (
          <FormField
            id="reopen-password"
            label={t('password')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password', { setValueAs: (v: string) => v || undefined })}
          />
        )}
        <Button
          type="button"
          variant="link"
          className="justify-self-start px-0"
          onClick={() => {
            setWithCode(!withCode)
            setCodeSent(false)
            form.clearErrors()
          }}
        >
          {withCode ? t('usePassword') : t('useCode')}
        </Button>
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <Button type="submit" size="lg" disabled={isSubmitting || (withCode && !codeSent)}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('submit')}
        </Button>
      </form>
    </AccountFrame>
  )
}

export default ReopenPage
