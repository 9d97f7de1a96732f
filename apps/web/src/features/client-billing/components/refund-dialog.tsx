import type { Payment } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { MoneyField } from '@/components/money-field'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { errorsT, useFormat } from '@/lib/i18n'
import { billingKeys, refundPayment } from '../api/client-billing-api'
import { refundable, refundFormSchema } from '../lib/refund'
import { Spinner } from '@/components/states'

interface RefundInput {
  kind: 'whole' | 'part'
  amountClp?: number
}

/** Refund a payment, whole or part: the form, then a confirmation naming the amount. */
export function RefundDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'refundDialog' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const remaining = payment ? refundable(payment) : 0
  const schema = useMemo(() => refundFormSchema(remaining), [remaining])
  const form = useForm<RefundInput, unknown, { amountClp?: number }>({
    resolver: formResolver(schema, errorsT),
    defaultValues: { kind: 'whole' },
  })
  const [confirming, setConfirming] = useState<{ amountClp?: number } | null>(null)
  const kind = form.watch('kind')

  useEffect(() => {
    if (payment) {
      form.reset({ kind: 'whole', amountClp: undefined })
      setConfirming(null)
    }
  }, [payment, form])

  const mutation = useMutation({
    mutationFn: (amountClp?: number) => refundPayment(payment!.id, amountClp),
    onSuccess: async (_updated, amountClp) => {
      toast.success(t('done', { amount: format.clp(amountClp ?? remaining) }))
      onClose()
      await queryClient.invalidateQueries({ queryKey: billingKeys.all })
    },
  })

  const amount = confirming ? (confirming.amountClp ?? remaining) : 0
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{confirming ? t('confirmTitle') : t('title')}</DialogTitle>
          <DialogDescription>
            {payment
              ? t('summary', { email: payment.clientEmail, paid: format.clp(payment.amountClp), remaining: format.clp(remaining) })
              : null}
          </DialogDescription>
        </DialogHeader>
        {confirming ? (
          <div className="grid gap-4">
            <p className="font-medium">{t('confirmQuestion', { amount: format.clp(amount), email: payment?.clientEmail ?? '' })}</p>
            <p className="text-sm text-muted-foreground">{t('confirmNote')}</p>
            {mutation.isError ? <ErrorAlert>{serverErrorText(mutation.error, errorsT, t('failed')).message}</ErrorAlert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setConfirming(null)} disabled={mutation.isPending}>
                {t('back')}
              </Button>
              <Button
                type="button"
                variant="destructive"
                onClick={() => mutation.mutate(confirming.amountClp)}
                disabled={mutation.isPending}
              >
                <Spinner show={mutation.isPending} />
                {t('confirm', { amount: format.clp(amount) })}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => setConfirming(values))}>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('kindLegend')}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="whole" className="size-4 accent-primary" {...form.register('kind')} />
                {t('whole', { amount: format.clp(remaining) })}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="part" className="size-4 accent-primary" {...form.register('kind')} />
                {t('part')}
              </label>
            </fieldset>
            {kind === 'part' ? (
              <MoneyField
                id="refund-amount"
                name="amountClp"
                label={t('amountLabel')}
                error={form.formState.errors.amountClp?.message}
                hint={t('amountHint', { remaining: format.clp(remaining) })}
                register={form.register}
                control={form.control}
              />
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit">{t('next')}</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
