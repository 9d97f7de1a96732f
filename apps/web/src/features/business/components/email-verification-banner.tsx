import type { OtpSent, User } from '@app/contracts'
import { MailWarning } from 'lucide-react'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { api, ApiError } from '@/lib/api-client'
import { setUser } from '@/lib/session'

const sendCode = () => api.post<OtpSent>('/auth/email/verification/send')
const confirmCode = (otp: string) => api.post<User>('/auth/email/verification/confirm', { otp })

/**
 * Shown while the owner's own e-mail is unverified: mails to trainers wait until then (issue 9).
 * Registration already mailed a code; "Send a new code" mails another.
 */
export function EmailVerificationBanner({ user }: { user: User }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.verify' })
  const [otp, setOtp] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Only an explicit false: a session stored before the field existed shows nothing until /auth/me refreshes it.
  if (user.emailVerified !== false) return null

  const problem = (err: unknown): string => {
    if (err instanceof ApiError) {
      if (err.errors?.otp === 'invalidOrExpired') return t('invalidCode')
      if (err.status === 429) return err.retryAfter ? t('waitSeconds', { seconds: err.retryAfter }) : t('tooMany')
    }
    return t('failed')
  }

  const onConfirm = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      setUser(await confirmCode(otp))
    } catch (err) {
      setError(problem(err))
    } finally {
      setBusy(false)
    }
  }
  const onResend = async () => {
    setError(null)
    try {
      await sendCode()
      setMessage(t('sent', { email: user.email }))
    } catch (err) {
      setError(problem(err))
    }
  }

  return (
    <Alert data-testid="email-verification-banner" role="region" aria-label={t('region')}>
      <MailWarning aria-hidden="true" />
      <AlertTitle>{t('title')}</AlertTitle>
      <AlertDescription>
        <p>
          <Trans t={t} i18nKey="body" values={{ email: user.email }} components={{ email: <strong className="break-all" /> }} />
        </p>
        <form onSubmit={onConfirm} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="grid gap-1">
            <Label htmlFor="verification-code">{t('code')}</Label>
            <Input
              id="verification-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
              aria-invalid={!!error}
              aria-describedby={error ? 'verification-error' : undefined}
              className="w-36"
            />
          </div>
          <Button type="submit" disabled={otp.length !== 6 || busy}>
            {busy ? t('verifying') : t('verify')}
          </Button>
          <Button type="button" variant="outline" onClick={onResend}>
            {t('resend')}
          </Button>
        </form>
        {message && !error && <p role="status">{message}</p>}
        {error && (
          <p id="verification-error" role="alert" className="text-destructive">
            {error}
          </p>
        )}
      </AlertDescription>
    </Alert>
  )
}
