import type { MySubscription } from '@app/contracts'
import { formatClp } from '@app/contracts/format-clp'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { serverErrorText } from '@/lib/error-text'
import { billingKeys, cancelMySubscription, withdrawMySubscription } from '../api/client-billing-api'
import { formatDay } from './client-layout'
import { ConfirmAction } from './confirm-action'

/** Whether the client may still withdraw now (the server decides the date; it also checks no service was given). */
export const canWithdraw = (sub: MySubscription, now = Date.now()) =>
  sub.state !== 'cancelled' && sub.withdrawableUntil !== null && new Date(sub.withdrawableUntil).getTime() > now

/** The last day of the window (the server's instant is the midnight that closes it). */
const lastWithdrawalDay = (sub: MySubscription) => formatDay(new Date(Date.parse(sub.withdrawableUntil!) - 1).toISOString())

/**
 * Cancel and withdraw where the subscription is shown (decision 224): each one tap and one
 * confirmation, never a form or a call. Cancel keeps the paid days; withdrawal (within 10 days,
 * before any session) refunds everything and ends now.
 */
export function SubscriptionActions({ sub }: { sub: MySubscription }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<'cancel' | 'withdraw' | null>(null)
  const done = (message: string) => (updated: MySubscription) => {
    queryClient.setQueryData(billingKeys.mySubscriptions, (old: { data: MySubscription[] } | undefined) =>
      old ? { data: old.data.map((s) => (s.id === updated.id ? updated : s)) } : old,
    )
    setAsking(null)
    toast.success(message)
  }
  const failed = (fallback: string) => (err: Error) => {
    setAsking(null)
    toast.error(serverErrorText(err, 'es', fallback).message)
  }
  const cancel = useMutation({
    mutationFn: () => cancelMySubscription(sub.id),
    onSuccess: done('Suscripción cancelada. Te enviamos un correo con la fecha de término.'),
    onError: failed('No se pudo cancelar la suscripción'),
  })
  const withdraw = useMutation({
    mutationFn: () => withdrawMySubscription(sub.id),
    onSuccess: done('Desististe de la suscripción. Te devolvemos el total pagado y te enviamos un correo.'),
    onError: failed('No se pudo procesar el desistimiento'),
  })
  if (sub.state === 'cancelled') return null
  const end = sub.currentPeriodEnd ? formatDay(sub.currentPeriodEnd) : null
  return (
    <div className="flex flex-wrap gap-2">
      {sub.cancelAtPeriodEnd ? null : (
        <Button variant="outline" onClick={() => setAsking('cancel')}>
          Cancelar suscripción
        </Button>
      )}
      {canWithdraw(sub) ? (
        <Button variant="outline" onClick={() => setAsking('withdraw')}>
          Desistir y recibir reembolso
        </Button>
      ) : null}
      <ConfirmAction
        open={asking === 'cancel'}
        title="¿Cancelar tu suscripción?"
        description={
          end
            ? `No se renovará. Mantienes el acceso hasta el ${end}, el fin del período que ya pagaste, y no habrá más cobros.`
            : 'No se renovará y no habrá más cobros.'
        }
        confirmLabel="Sí, cancelar"
        cancelLabel="Volver"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setAsking(null)}
      />
      {canWithdraw(sub) ? (
        <ConfirmAction
          open={asking === 'withdraw'}
          title="¿Desistir de tu suscripción?"
          description={`Ejerces tu derecho de retracto (Ley 19.496, art. 3 bis): la suscripción termina ahora y te devolvemos todo lo que pagaste (${formatClp(sub.priceClp)}) al mismo medio de pago. Puedes hacerlo hasta el ${lastWithdrawalDay(sub)} si tu entrenador aún no te ha dado una sesión.`}
          confirmLabel="Sí, desistir"
          cancelLabel="Volver"
          pending={withdraw.isPending}
          onConfirm={() => withdraw.mutate()}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  )
}
