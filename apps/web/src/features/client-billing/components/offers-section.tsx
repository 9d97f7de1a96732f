import type { Offer } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Pencil, Plus, Tag } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { billingKeys, retireOffer, useOffers } from '../api/client-billing-api'
import { ConfirmAction } from './confirm-action'
import { OfferDialog } from './offer-dialog'
import { EmptyState, LoadError, LoadingState } from '@/components/states'

/** The trainer's offers: create, edit, retire. */
export function OffersSection({ canCharge }: { canCharge: boolean }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'offers' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const offers = useOffers()
  const [dialog, setDialog] = useState<{ open: boolean; offer: Offer | null }>({ open: false, offer: null })
  const [retiring, setRetiring] = useState<Offer | null>(null)

  const retire = useMutation({
    mutationFn: (offer: Offer) => retireOffer(offer.id),
    onSuccess: async (offer) => {
      toast.success(t('retired', { title: offer.title }))
      setRetiring(null)
      await queryClient.invalidateQueries({ queryKey: billingKeys.all })
    },
    onError: (err) => toast.error(serverErrorText(err, errorsT, t('retireFailed')).message),
  })

  return (
    <Card aria-labelledby="offers-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Tag className="size-5 text-primary" aria-hidden="true" />
            <h2 id="offers-title">{t('title')}</h2>
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </div>
        <Button onClick={() => setDialog({ open: true, offer: null })} disabled={!canCharge}>
          <Plus aria-hidden="true" />
          {t('new')}
        </Button>
      </CardHeader>
      <CardContent>
        {offers.isPending ? (
          <LoadingState label={t('loading')} />
        ) : offers.isError ? (
          <LoadError error={offers.error} fallback={t('loadFailed')} onRetry={() => void offers.refetch()} />
        ) : offers.data.data.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('title')}>
            {offers.data.data.map((offer) => (
              <li key={offer.id} className="grid gap-2 rounded-lg border p-4" aria-label={offer.title}>
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold break-words">{offer.title}</h3>
                  <Badge variant={offer.retired ? 'secondary' : 'success'}>{offer.retired ? t('stateRetired') : t('stateActive')}</Badge>
                </div>
                {offer.description ? <p className="text-sm text-muted-foreground break-words">{offer.description}</p> : null}
                <p className="text-sm">
                  <span className="text-lg font-semibold">{format.clp(offer.priceClp)}</span> {t('perMonth')}
                  {' · '}
                  {offer.sessionsPerMonth > 0 ? t('sessions', { n: offer.sessionsPerMonth }) : t('sessionsOpen')}
                </p>
                {offer.retired ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDialog({ open: true, offer })}
                      disabled={!canCharge}
                      aria-label={t('editNamed', { title: offer.title })}
                    >
                      <Pencil aria-hidden="true" />
                      {t('edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setRetiring(offer)}
                      disabled={!canCharge}
                      aria-label={t('retireNamed', { title: offer.title })}
                    >
                      {t('retire')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <OfferDialog open={dialog.open} offer={dialog.offer} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
      <ConfirmAction
        open={retiring !== null}
        title={t('retireTitle')}
        description={t('retireQuestion', { title: retiring?.title ?? '' })}
        confirmLabel={t('retire')}
        cancelLabel={t('cancel')}
        pending={retire.isPending}
        onConfirm={() => retiring && retire.mutate(retiring)}
        onClose={() => setRetiring(null)}
      />
    </Card>
  )
}
