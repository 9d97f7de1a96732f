import type { Review } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Spoken } from '@/components/ui/spoken'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { bookingKeys, replyToReview, useTrainerReviews } from '../api/booking-api'

function ReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation('booking', { keyPrefix: 'reviews' })
  const id = useId()
  const [reply, setReply] = useState('')
  const queryClient = useQueryClient()
  const send = useMutation({
    mutationFn: () => replyToReview(review.id, reply),
    onSuccess: () => (toast.success(t('replied')), void queryClient.invalidateQueries({ queryKey: bookingKeys.trainerReviews })),
  })
  return (
    <form onSubmit={(e) => (e.preventDefault(), send.mutate())} className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('replyLabel')}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={2000}
        required
        value={reply}
        onChange={(e) => setReply(e.target.value)}
        className="rounded-md border bg-background p-2 text-sm"
      />
      {send.error ? <ErrorAlert>{serverErrorText(send.error, errorsT, t('failed')).message}</ErrorAlert> : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={send.isPending}>
        {t('send')}
      </Button>
    </form>
  )
}

/** Reviews of the trainer with their one answer each. */
export function TrainerReviewsSection() {
  const { t } = useTranslation('booking', { keyPrefix: 'reviews' })
  const reviews = useTrainerReviews()
  const items = reviews.data?.pages.flatMap((p) => p.data) ?? []
  const first = reviews.data?.pages[0]
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>
          {first && first.average !== null ? t('average', { average: first.average, count: first.count }) : t('none')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {reviews.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : reviews.isError ? (
          <ErrorAlert>{t('loadFailed')}</ErrorAlert>
        ) : (
          <ul className="grid gap-3">
            {items.map((r) => (
              <li key={r.id} className="grid gap-2 rounded-lg border p-3">
                <p className="font-medium">
                  <Spoken label={t('stars', { count: r.rating })}>{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</Spoken> · {r.author}
                </p>
                <p className="whitespace-pre-line text-sm">{r.body}</p>
                {r.reply ? <p className="border-l-2 pl-3 text-sm text-muted-foreground">{r.reply}</p> : <ReplyForm review={r} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
