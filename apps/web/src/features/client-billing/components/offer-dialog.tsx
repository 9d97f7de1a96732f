import { OfferCreateSchema, OFFER_PRICE_MAX_CLP, OFFER_PRICE_MIN_CLP, type Offer } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { MoneyField } from '@/components/money-field'
import { Textarea } from '@/components/ui/textarea'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT, useFormat } from '@/lib/i18n'
import { billingKeys, createOffer, updateOffer } from '../api/client-billing-api'
import { Spinner } from '@/components/states'

type OfferInput = z.input<typeof OfferCreateSchema>
type OfferOutput = z.output<typeof OfferCreateSchema>
const empty: OfferInput = { title: '', description: '', priceClp: Number.NaN, sessionsPerMonth: 8 }

/** Creates an offer, or edits one (a new price applies to new subscriptions only). */
export function OfferDialog({ open, offer, onOpenChange }: { open: boolean; offer: Offer | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'offerDialog' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const form = useForm<OfferInput, unknown, OfferOutput>({ resolver: formResolver(OfferCreateSchema, errorsT), defaultValues: empty })
  const { errors } = form.formState

  useEffect(() => {
    if (open)
      form.reset(
        offer
          ? { title: offer.title, description: offer.description, priceClp: offer.priceClp, sessionsPerMonth: offer.sessionsPerMonth }
          : empty,
      )
  }, [open, offer, form])

  const mutation = useMutation({
    mutationFn: (values: OfferOutput) => (offer ? updateOffer(offer.id, values) : createOffer(values)),
    onSuccess: async () => {
      toast.success(offer ? t('updated') : t('created'))
      onOpenChange(false)
      await queryClient.invalidateQueries({ queryKey: billingKeys.offers })
    },
    onError: (err) => {
      applyFieldErrors(form.setError, err, Object.keys(empty), errorsT)
      toast.error(serverErrorText(err, errorsT, t('failed')).message)
    },
  })

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{offer ? t('editTitle') : t('createTitle')}</DialogTitle>
          <DialogDescription>{offer ? t('editDescription') : t('createDescription')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
          <FormField
            id="offer-title"
            label={t('titleLabel')}
            error={errors.title?.message}
            placeholder={t('titlePlaceholder')}
            {...form.register('title')}
          />
          <FormField
            id="offer-description"
            label={t('descriptionLabel')}
            error={errors.description?.message}
            render={(aria) => <Textarea {...aria} rows={3} {...form.register('description')} />}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <MoneyField
              id="offer-price"
              name="priceClp"
              label={t('priceLabel')}
              error={errors.priceClp?.message}
              hint={t('priceHint', { min: format.clp(OFFER_PRICE_MIN_CLP), max: format.clp(OFFER_PRICE_MAX_CLP) })}
              register={form.register}
              control={form.control}
            />
            <FormField
              id="offer-sessions"
              label={t('sessionsLabel')}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              error={errors.sessionsPerMonth?.message}
              hint={t('sessionsHint')}
              {...form.register('sessionsPerMonth', { valueAsNumber: true })}
            />
          </div>
          {offer ? <p className="text-sm text-muted-foreground">{t('priceChangeNote')}</p> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              <Spinner show={mutation.isPending} />
              {offer ? t('save') : t('create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
