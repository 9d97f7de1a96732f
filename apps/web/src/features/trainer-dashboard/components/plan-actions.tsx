import type { SubscriptionStatus } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { cancelMyPlan, withdrawMyPlan } from '@/lib/account-api'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'

type Asking = 'cancel' | 'withdraw' | null

/**
 * The plan's cancel and withdrawal where the plan is shown (decision 224): one tap and one
 * confirmation each, never a form or a call. `onChanged` gets the server's new status.
 */
export function PlanActions({ status, onChanged }: { status: SubscriptionStatus; onChanged: (next: SubscriptionStatus) => void }) {
  const { t } = useTranslation('trainer-dashboard', { keyPrefix: 'planActions' })
  const format = useFormat()
  const [asking, setAsking] = useState<Asking>(null)
  const sub = status.subscription
  const settle = (message: string) => (next: SubscriptionStatus) => {
    setAsking(null)
    onChanged(next)
    toast.success(message)
  }
  const failed = (fallback: string) => (err: Error) => {
    setAsking(null)
    toast.error(serverErrorText(err, errorsT, fallback).message)
  }
  const cancel = useMutation({ mutationFn: cancelMyPlan, onSuccess: settle(t('cancelled')), onError: failed(t('cancelFailed')) })
  const withdraw = useMutation({ mutationFn: withdrawMyPlan, onSuccess: settle(t('withdrawn')), onError: failed(t('withdrawFailed')) })
  if (!sub || !status.hasActiveSubscription) return null
  const withdrawable = sub.withdrawableUntil !== null && Date.parse(sub.withdrawableUntil) > Date.now()
  // The server's instant is the midnight that closes the window: its last day is the day before.
  const lastDay = withdrawable ? format.date(new Date(Date.parse(sub.withdrawableUntil!) - 1).toISOString()) : ''
  const end = sub.currentPeriodEnd ? format.date(sub.currentPeriodEnd) : '—'
  const pending = cancel.isPending || withdraw.isPending
  const dialog =
    asking === 'cancel'
      ? {
          title: t('cancelTitle'),
          description: t('cancelDescription', { date: end }),
          confirm: t('cancelConfirm'),
          run: () => cancel.mutate(),
        }
      : asking === 'withdraw'
        ? {
            title: t('withdrawTitle'),
            description:
              sub.status === 'trialing' ? t('withdrawDescription', { date: lastDay }) : t('withdrawDescriptionPaid', { date: lastDay }),
            confirm: t('withdrawConfirm'),
            run: () => withdraw.mutate(),
          }
        : null
  return (
    <>
      {sub.cancelAtPeriodEnd ? null : (
        <Button variant="outline" onClick={() => setAsking('cancel')}>
          {t('cancel')}
        </Button>
      )}
      {withdrawable ? (
        <Button variant="outline" onClick={() => setAsking('withdraw')}>
          {t('withdraw')}
        </Button>
      ) : null}
      <AlertDialog open={dialog !== null} onOpenChange={(open) => !open && !pending && setAsking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{dialog?.title}</AlertDialogTitle>
            <AlertDialogDescription>{dialog?.description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>{t('back')}</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              disabled={pending}
              onClick={(e) => {
                e.preventDefault()
                dialog?.run()
              }}
            >
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {dialog?.confirm}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}
