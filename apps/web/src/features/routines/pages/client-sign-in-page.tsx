import { OtpRequestSchema, OtpVerifySchema } from '@app/contracts'
import { Loader2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { useSession } from '@/lib/use-session'
import { loginWithClientCode, sendClientCode } from '../api/client-auth-api'
import { ClientPlainFrame } from '../components/client-shell'
import { safeNext } from '../lib/next-path'

/** /cliente/ingresar?next= — a client signs in with a six-digit code mailed to them. */
export function ClientSignInPage() {
  const { t } = useTranslation('routines', { keyPrefix: 'signIn' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  const navigate = useNavigate()
  const { user } = useSession()
  const [email, setEmail] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const codeInput = useRef<HTMLInputElement | null>(null)

  const emailForm = useForm<z.input<typeof OtpRequestSchema>, unknown, z.output<typeof OtpRequestSchema>>({
    resolver: formResolver(OtpRequestSchema, errorsT),
    defaultValues: { email: '' },
  })
  const codeForm = useForm<z.input<typeof OtpVerifySchema>, unknown, z.output<typeof OtpVerifySchema>>({
    resolver: formResolver(OtpVerifySchema, errorsT),
    defaultValues: { email: '', otp: '' },
  })

  useEffect(() => {
    if (email) codeInput.current?.focus()
  }, [email])

  const onEmail = emailForm.handleSubmit(async ({ email: address }) => {
    setAlert(null)
    try {
      await sendClientCode(address)
      codeForm.reset({ email: address, otp: '' })
      setEmail(address)
    } catch (error) {
      setAlert(serverErrorText(error, errorsT, t('sendFailed')).message)
    }
  })

  const onCode = codeForm.handleSubmit(async (values) => {
    setAlert(null)
    try {
      await loginWithClientCode(values.email, values.otp)
      navigate(next, { replace: true })
    } catch (error) {
      const { field, message } = serverErrorText(error, errorsT, t('loginFailed'))
      if (field === 'otp') codeForm.setError('otp', { message })
      else setAlert(message)
    }
  })

  if (user && !email) return <Navigate to={next} replace />
  const { ref: otpRef, ...otpField } = codeForm.register('otp')
  return (
    <ClientPlainFrame>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {email ? (
        <form onSubmit={onCode} noValidate className="grid gap-4">
          <p role="status">{t('codeSent', { email })}</p>
          <FormField
            label={t('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeForm.formState.errors.otp?.message}
            ref={(el) => {
              otpRef(el)
              codeInput.current = el
            }}
            {...otpField}
          />
          {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
          <Button type="submit" size="lg" disabled={codeForm.formState.isSubmitting}>
            {codeForm.formState.isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('enter')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setEmail(null)}>
            {t('otherEmail')}
          </Button>
        </form>
      ) : (
        <form onSubmit={onEmail} noValidate className="grid gap-4">
          <p className="text-muted-foreground">{t('description')}</p>
          <FormField
            label={t('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={emailForm.formState.errors.email?.message}
            {...emailForm.register('email')}
          />
          {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
          <Button type="submit" size="lg" disabled={emailForm.formState.isSubmitting}>
            {emailForm.formState.isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('sendCode')}
          </Button>
        </form>
      )}
    </ClientPlainFrame>
  )
}
