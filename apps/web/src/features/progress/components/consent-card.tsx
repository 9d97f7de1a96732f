import type { HealthConsentStatus } from '@app/contracts'
import { ShieldCheck } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { requestToaster } from '@/components/layout/deferred-toaster'
import { Spinner } from '@/components/states'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Label } from '@/components/ui/label'
import { serverErrorText } from '@/lib/error-text'
import { useConsentActions } from '../api/progress-api'
import { useErrorWords } from '../lib/error-words'
import { dayText, focusHeading } from '../lib/format'
import { ConfirmDialog } from './confirm-dialog'

/** The entry form's heading id; focus moves there (from the page, once it is mounted) after consenting. */
export const ENTRY_HEADING_ID = 'progress-entry-title'
/** The heading focus moves to when the consent summary it came from is gone. */
export const CONSENT_HEADING_ID = 'progress-consent-title'

const pageLanguage = (language: string): 'es' | 'en' => (language.startsWith('en') ? 'en' : 'es')

/**
 * Explicit consent before the first measurement or photo (Ley 21.719, decision 209): the purpose
 * text in the reader's language, as the API versions it, and one button. Shown until the client
 * consents to the current version; also after a withdrawal (their entries stay theirs).
 */
export function ConsentRequest({ status, onGiven }: { status: HealthConsentStatus; onGiven?: () => void }) {
  const { t, i18n } = useTranslation('progress', { keyPrefix: 'consent' })
  const words = useErrorWords()
  const { give } = useConsentActions()
  const language = pageLanguage(i18n.language)
  const headingId = CONSENT_HEADING_ID
  const withdrawn = status.history.length > 0 && !status.given
  const older = status.given && !status.current
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
        {t('title')}
      </h2>
      <p>{older ? t('changed') : t('ask')}</p>
      <blockquote className="rounded-md border-l-4 border-primary bg-muted/60 p-3 text-sm" lang={language}>
        {status.text[language]}
      </blockquote>
      {withdrawn ? <p className="text-sm text-muted-foreground">{t('withdrawnNote')}</p> : null}
      {give.isError ? <ErrorAlert>{serverErrorText(give.error, words, t('failed')).message}</ErrorAlert> : null}
      <Button
        type="button"
        className="min-h-11 w-full sm:w-fit"
        disabled={give.isPending}
        onClick={() =>
          // mutateAsync: this card unmounts as soon as the new status is in, the toast must still show.
          give.mutateAsync({ version: status.currentVersion, language }).then(
            () => {
              requestToaster()
              toast.success(t('accepted'))
              // The form that takes this card's place focuses its heading once it is mounted (the page
              // holds the wish): focusing here raced the re-render on a busy main thread.
              onGiven?.()
            },
            () => undefined, // shown in the card
          )
        }
      >
        <Spinner show={give.isPending} />
        {t('accept')}
      </Button>
    </section>
  )
}

/** The consent in force, and the way out: withdraw, optionally erasing every entry. */
export function ConsentSummary({ status }: { status: HealthConsentStatus }) {
  const { t, i18n } = useTranslation('progress', { keyPrefix: 'consent' })
  const words = useErrorWords()
  const { withdraw } = useConsentActions()
  const [open, setOpen] = useState(false)
  const [erase, setErase] = useState(false)
  const eraseId = useId()
  const headingId = useId()
  const withdrawn = useRef(false)
  const since = status.history.findLast((r) => r.accepted)?.createdAt
  const sinceDay = since ? new Date(since).toLocaleDateString('en-CA', { timeZone: 'America/Santiago' }) : null
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-xl border bg-card p-4">
      <h2 id={headingId} className="font-semibold">
        {t('title')}
      </h2>
      {sinceDay ? <p className="text-sm text-muted-foreground">{t('given', { date: dayText(sinceDay, i18n.language) })}</p> : null}
      <Button
        type="button"
        variant="outline"
        className="min-h-11 w-full sm:w-fit"
        onClick={() => {
          withdraw.reset()
          setErase(false)
          setOpen(true)
        }}
      >
        {t('withdraw')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('withdrawTitle')}
        question={t('withdrawQuestion')}
        confirm={{ idle: t('confirmWithdraw'), busy: t('withdrawing') }}
        pending={withdraw.isPending}
        error={withdraw.isError ? serverErrorText(withdraw.error, words, t('failed')).message : null}
        onClose={() => setOpen(false)}
        onCloseAutoFocus={(event) => {
          // Withdrawn: this card is gone, the consent request took the entry form's place.
          if (!withdrawn.current) return
          event.preventDefault()
          focusHeading(CONSENT_HEADING_ID)
        }}
        onConfirm={() => {
          // Set before the answer: this card unmounts as soon as the new status is in.
          withdrawn.current = true
          withdraw.mutateAsync(erase).then(
            () => {
              setOpen(false)
              requestToaster()
              toast.success(erase ? t('withdrawnErased') : t('withdrawn'))
            },
            () => {
              withdrawn.current = false
            },
          )
        }}
      >
        <div className="grid gap-1">
          <div className="flex items-start gap-3">
            <Checkbox id={eraseId} className="mt-0.5 size-5" checked={erase} onCheckedChange={(v) => setErase(v === true)} />
            <Label htmlFor={eraseId} className="leading-snug">
              {t('erase')}
            </Label>
          </div>
          <p className="pl-8 text-xs text-muted-foreground">{t('eraseHint')}</p>
        </div>
      </ConfirmDialog>
    </section>
  )
}
