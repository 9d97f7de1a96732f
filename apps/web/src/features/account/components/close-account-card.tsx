import type { AccountClosed } from '@app/contracts'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { errorText, serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { closeAccount, sendCloseCode } from '../api/account-privacy-api'

/**
 * Closing the account (issue 20): says plainly what happens, then asks for the password or a
 * mailed code (clients who sign in with codes have no password).
 */
export function CloseAccountCard({ onClosed }: { onClosed: (closed: AccountClosed) => void }) {
  const { t } = useTranslation('account', { keyPrefix: 'close' })
  const [open, setOpen] = useState(false)
  const [withCode, setWithCode] = useState(false)
  const [codeSent, setCodeSent] = useState(false)
  const [secret, setSecret] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const reset = (code: boolean) => {
    setWithCode(code)
    setCodeSent(false)
    setSecret('')
    setFieldError(undefined)
    setProblem(null)
  }
  const askCode = async () => {
    setProblem(null)
    try {
      await sendCloseCode()
      setCodeSent(true)
    } catch (err) {
      setProblem(serverErrorText(err, errorsT, t('failed')).message)
    }
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setProblem(null)
    setFieldError(undefined)
    const field = withCode ? 'otp' : 'password'
    if (!secret.trim()) {
      setFieldError(errorText(field, 'required', errorsT))
      document.getElementById(`close-${field}`)?.focus()
      return
    }
    setBusy(true)
    try {
      const closed = await closeAccount(withCode ? { otp: secret.trim() } : { password: secret })
      setOpen(false)
      onClosed(closed)
    } catch (err) {
      const { field: wrong, message } = serverErrorText(err, errorsT, t('failed'))
      if (wrong === field) {
        setFieldError(message)
        document.getElementById(`close-${field}`)?.focus()
      } else setProblem(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          <li>{t('points.subscriptions')}</li>
          <li>{t('points.sessions')}</li>
          <li>{t('points.reopen')}</li>
          <li>{t('points.purge')}</li>
        </ul>
      </CardContent>
      <CardFooter>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            if (next) reset(false)
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive">{t('open')}</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t('dialogTitle')}</DialogTitle>
              <DialogDescription>{t('dialogDescription')}</DialogDescription>
            </DialogHeader>
            <form noValidate className="grid gap-4" onSubmit={submit}>
              {withCode ? (
                codeSent ? (
                  <>
                    <p role="status" className="text-sm">
                      {t('codeSent')}
                    </p>
                    <FormField
                      id="close-otp"
                      label={t('code')}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      value={secret}
                      onChange={(e) => setSecret(e.target.value.replace(/\D/g, ''))}
                      error={fieldError}
                    />
                  </>
                ) : (
                  <Button type="button" variant="outline" onClick={() => void askCode()}>
                    {t('sendCode')}
                  </Button>
                )
              ) : (
                <FormField
                  id="close-password"
                  label={t('password')}
                  type="password"
                  autoComplete="current-password"
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                  error={fieldError}
                />
              )}
              <Button type="button" variant="link" className="justify-self-start px-0" onClick={() => reset(!withCode)}>
                {withCode ? t('usePassword') : t('useCode')}
              </Button>
              {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t('cancel')}
                </Button>
                <Button type="submit" variant="destructive" disabled={busy || (withCode && !codeSent)}>
                  {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  {t('confirm')}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardFooter>
    </Card>
  )
}
