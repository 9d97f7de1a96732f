import type { OtpSent, User } from '@app/contracts'
import { MailWarning } from 'lucide-react'
import { useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { api, ApiError } from '@/lib/api-client'
import { setUser } from '@/lib/session'

const sendCode = () => api.post<OtpSent>('/auth/email/verification/send')
const confirmCode = (otp: string) => api.post<User>('/auth/email/verification/confirm', { otp })

function problem(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.errors?.otp === 'invalidOrExpired') return 'The code is invalid or has expired. Check it or send a new one.'
    if (err.status === 429) return err.retryAfter ? `Please wait ${err.retryAfter} seconds before asking for a new code.` : 'Too many attempts. Please wait a moment.'
  }
  return 'Something went wrong. Please try again.'
}

/**
 * Shown while the owner's own e-mail is unverified: mails to trainers wait until then (issue 9).
 * Registration already mailed a code; "Send a new code" mails another.
 */
export function EmailVerificationBanner({ user }: { user: User }) {
  const [otp, setOtp] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Only an explicit false: a session stored before the field existed shows nothing until /auth/me refreshes it.
  if (user.emailVerified !== false) return null

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
      setMessage(`We sent a new code to ${user.email}.`)
    } catch (err) {
      setError(problem(err))
    }
  }

  return (
    <Alert data-testid="email-verification-banner" role="region" aria-label="Verify your e-mail">
      <MailWarning aria-hidden="true" />
      <AlertTitle>Verify your e-mail address</AlertTitle>
      <AlertDescription>
        <p>
          Enter the 6-digit code we sent to <strong className="break-all">{user.email}</strong>. Until you do, welcome e-mails to your trainers wait; you can still create gyms and trainer
          accounts.
        </p>
        <form onSubmit={onConfirm} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="grid gap-1">
            <Label htmlFor="verification-code">Verification code</Label>
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
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
          <Button type="button" variant="outline" onClick={onResend}>
            Send a new code
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
