import type { Booking } from '@app/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { ApiError } from '@/lib/api-client'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { bookingKeys, getMyReview, saveReview } from '../api/booking-api'

/** The client's one review of a trainer they attended (stars 1–5 and text), editable. */
export function ReviewForm({ trainer }: { trainer: Booking['trainer'] }) {
  const { t } = useTranslation('booking', { keyPrefix: 'review' })
  const ref = trainer.slug ?? trainer.id
  const id = useId()
  const existing = useQuery({
    queryKey: bookingKeys.myReview(ref),
    queryFn: async () => {
      try {
        return await getMyReview(ref)
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null
        throw err
      }
    },
  })
  const [rating, setRating] = useState<number>()
  const [body, setBody] = useState<string>()
  const save = useMutation({
    mutationFn: () => saveReview(ref, { rating: rating ?? existing.data?.rating ?? 0, body: body ?? existing.data?.body ?? '' }),
    onSuccess: () => toast.success(t('saved')),
  })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate()
  }
  if (existing.isPending) return null
  const current = rating ?? existing.data?.rating
  return (
    <form onSubmit={onSubmit} className="grid gap-2 rounded-lg border p-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium">
        {existing.data ? t('editTitle') : t('title')}
      </h3>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="sr-only">{t('stars')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="flex items-center gap-1 text-sm">
            <input type="radio" name={`${id}-rating`} value={n} checked={current === n} onChange={() => setRating(n)} />
            {t('starsOption', { count: n })}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-body`} className="text-sm font-medium">
        {t('body')}
      </label>
      <textarea
        id={`${id}-body`}
        value={body ?? existing.data?.body ?? ''}
        onChange={(e) => setBody(e.target.value)}
        maxLength={2000}
        rows={3}
        className="rounded-md border bg-background p-2 text-sm"
      />
      {save.error ? <ErrorAlert>{serverErrorText(save.error, errorsT, t('failed')).message}</ErrorAlert> : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending || !current}>
        {t('submit')}
      </Button>
    </form>
  )
}
