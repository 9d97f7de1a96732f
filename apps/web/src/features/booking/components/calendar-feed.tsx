import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { revokeFeed, rotateFeed } from '../api/booking-api'

/** The secret .ics URL: shown once when made; a new one or a revocation ends the old one. */
export function CalendarFeed({ kind }: { kind: 'trainer' | 'client' }) {
  const { t } = useTranslation('booking', { keyPrefix: 'feed' })
  const [url, setUrl] = useState<string>()
  const inputId = useId()
  const rotate = useMutation({
    mutationFn: () => rotateFeed(kind),
    onSuccess: (r) => setUrl(r.url),
    onError: () => toast.error(t('failed')),
  })
  const revoke = useMutation({
    mutationFn: () => revokeFeed(kind),
    onSuccess: () => (setUrl(undefined), toast.success(t('revoked'))),
    onError: () => toast.error(t('failed')),
  })
  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-2 rounded-xl border bg-card p-4">
      <h2 id={`${inputId}-title`} className="font-semibold">
        {t('title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('description')}</p>
      {url ? (
        <label htmlFor={inputId} className="grid gap-1 text-sm font-medium">
          {t('url')}
          <input
            id={inputId}
            readOnly
            value={url}
            className="h-10 rounded-md border bg-muted px-3 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          {url ? t('rotate') : t('create')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
          {t('revoke')}
        </Button>
      </div>
    </section>
  )
}
