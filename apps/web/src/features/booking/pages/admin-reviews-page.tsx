import type { AdminReview } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { hideReview, unhideReview, useAdminReviews } from '../api/booking-api'

function Moderate({ review }: { review: AdminReview }) {
  const { t } = useTranslation('booking', { keyPrefix: 'moderation' })
  const id = useId()
  const [reason, setReason] = useState('')
  const queryClient = useQueryClient()
  const act = useMutation({
    mutationFn: () => (review.hidden ? unhideReview(review.id, reason) : hideReview(review.id, reason)),
    onSuccess: () => (
      setReason(''),
      toast.success(review.hidden ? t('shown') : t('hidden')),
      void queryClient.invalidateQueries({ queryKey: ['booking', 'admin-reviews'] })
    ),
  })
  return (
    <form onSubmit={(e) => (e.preventDefault(), act.mutate())} className="flex flex-wrap items-end gap-2">
      <label htmlFor={id} className="grid gap-1 text-sm">
        {t('reason')}
        <input
          id={id}
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="h-9 rounded-md border bg-background px-2"
        />
      </label>
      <Button type="submit" size="sm" variant={review.hidden ? 'outline' : 'destructive'} disabled={act.isPending}>
        {review.hidden ? t('show') : t('hide')}
      </Button>
      {act.error ? <ErrorAlert>{serverErrorText(act.error, errorsT, t('failed')).message}</ErrorAlert> : null}
    </form>
  )
}

/** /admin/reviews — operators read every review and hide abusive ones with a reason (audited). */
export function AdminReviewsPage() {
  const { t } = useTranslation('booking', { keyPrefix: 'moderation' })
  usePageMeta(t('title'))
  const [state, setState] = useState<'all' | 'visible' | 'hidden'>('all')
  const list = useAdminReviews(state)
  const items = list.data?.pages.flatMap((p) => p.data) ?? []
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <label className="grid max-w-xs gap-1 text-sm font-medium">
        {t('filter')}
        <select
          className="h-9 rounded-md border bg-background px-2"
          value={state}
          onChange={(e) => setState(e.target.value as typeof state)}
        >
          {(['all', 'visible', 'hidden'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`states.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : list.isError ? (
        <ErrorAlert>{t('loadFailed')}</ErrorAlert>
      ) : items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((r) => (
            <li key={r.id} className="grid gap-2 rounded-lg border bg-background p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">
                  {t('line', { rating: r.rating, author: r.author, email: r.clientEmail, trainer: r.trainerName })}
                </p>
                {r.hidden ? <Badge variant="secondary">{t('hiddenBadge')}</Badge> : null}
              </div>
              <p className="whitespace-pre-line text-sm">{r.body}</p>
              {r.hiddenReason ? <p className="text-sm text-muted-foreground">{t('hiddenBecause', { reason: r.hiddenReason })}</p> : null}
              <Moderate review={r} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button variant="outline" onClick={() => void list.fetchNextPage()}>
          {t('more')}
        </Button>
      ) : null}
    </div>
  )
}
