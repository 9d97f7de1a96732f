import { ClientInvitationCreateSchema, type Offer } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { errorsT, useFormat } from '@/lib/i18n'
import { billingKeys, inviteClient } from '../api/client-billing-api'
import { Spinner } from '@/components/states'

type InviteInput = z.input<typeof ClientInvitationCreateSchema>
type InviteOutput = z.output<typeof ClientInvitationCreateSchema>

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:border-ring aria-invalid:border-destructive md:text-sm'

/** Invites an e-mail to one of the active offers; the server mails the link. */
export function InviteDialog({ open, offers, onOpenChange }: { open: boolean; offers: Offer[]; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'inviteDialog' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: formResolver(ClientInvitationCreateSchema, errorsT),
    defaultValues: { offerId: '', email: '' },
  })
  const { errors } = form.formState

  useEffect(() => {
    if (open) form.reset({ offerId: offers[0]?.id ?? '', email: '' })
  }, [open, offers, form])

  const mutation = useMutation({
    mutationFn: inviteClient,
    onSuccess: async (invitation) => {
      toast.success(t('sent', { email: invitation.email }))
      onOpenChange(false)
      await queryClient.invalidateQueries({ queryKey: billingKeys.clients })
    },
    onError: (err) => {
      applyFieldErrors(form.setError, err, ['offerId', 'email'], errorsT)
      toast.error(serverErrorText(err, errorsT, t('failed')).message)
    },
  })

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
          <FormField
            id="invite-offer"
            label={t('offerLabel')}
            error={errors.offerId?.message}
            render={(aria) => (
              <select {...aria} className={selectClass} {...form.register('offerId')}>
                {offers.map((offer) => (
                  <option key={offer.id} value={offer.id}>
                    {offer.title} · {format.clp(offer.priceClp)}
                  </option>
                ))}
              </select>
            )}
          />
          <FormField
            id="invite-email"
            label={t('emailLabel')}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              <Spinner show={mutation.isPending} />
              {t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
