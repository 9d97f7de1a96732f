import type { PayoutLinkOwner } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link2, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Skeleton } from '@/components/ui/skeleton'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { deletePayoutLink, getPayoutLink, goLink } from '../api/payout-links-api'

export const payoutLinkKey = (owner: PayoutLinkOwner) => ['payout-link', owner] as const

/**
 * The linked payout account of a trainer (owner trainer) or of the gym (owner gym), decision 213:
 * "Link" when there is none or it was revoked; the account, since when, and "Unlink" (asked first)
 * when linked. Rendered only when the provider in use links accounts (PayoutAccountStatus.setup).
 */
export function PayoutLinkPanel({ owner }: { owner: PayoutLinkOwner }) {
  const { t } = useTranslation('payout-links', { keyPrefix: 'panel' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const link = useQuery({ queryKey: payoutLinkKey(owner), queryFn: () => getPayoutLink(owner) })
  const [leaving, setLeaving] = useState(false)
  const [startError, setStartError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const unlink = useMutation({
    mutationFn: () => deletePayoutLink(owner),
    onSuccess: (data) => {
      queryClient.setQueryData(payoutLinkKey(owner), data)
      // Charging depends on it: the payout status and the billing notice read it again.
      void queryClient.invalidateQueries({ queryKey: ['payout-account'] })
      setConfirming(false)
    },
  })

  const onLink = async () => {
    setStartError(null)
    setLeaving(true)
    try {
      await goLink(owner)
    } catch (err) {
      setStartError(serverErrorText(err, errorsT).message)
      setLeaving(false)
    }
  }

  if (link.isPending) return <Skeleton role="status" aria-label={t('loading')} className="h-10 w-full" />
  if (link.isError)
    return (
      <div className="grid gap-2">
        <ErrorAlert>{t('loadFailed')}</ErrorAlert>
        <Button variant="outline" className="w-fit" onClick={() => void link.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )

  const data = link.data
  if (data.status === 'linked')
    return (
      <div className="grid gap-3 text-sm">
        <p>
          {t('status')} <Badge variant="success">{t('linked')}</Badge>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">{t('account')}</dt>
          <dd className="font-mono">{data.providerAccountId}</dd>
          <dt className="text-muted-foreground">{t('since')}</dt>
          <dd>{data.linkedAt ? format.date(data.linkedAt) : null}</dd>
        </dl>
        <AlertDialog open={confirming} onOpenChange={(next) => !unlink.isPending && setConfirming(next)}>
          <AlertDialogTrigger asChild>
            <Button variant="outline" className="w-fit" onClick={() => unlink.reset()}>
              {t('unlink')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t(`confirmTitle.${owner}`)}</AlertDialogTitle>
              <AlertDialogDescription>{t(`confirmText.${owner}`)}</AlertDialogDescription>
            </AlertDialogHeader>
            {unlink.isError ? <ErrorAlert>{serverErrorText(unlink.error, errorsT).message}</ErrorAlert> : null}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={unlink.isPending}>{t('keep')}</AlertDialogCancel>
              <AlertDialogAction
                className="bg-destructive text-white hover:bg-destructive/90"
                disabled={unlink.isPending}
                onClick={(e) => {
                  e.preventDefault()
                  unlink.mutate()
                }}
              >
                {unlink.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t('unlinkConfirm')}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    )

  return (
    <div className="grid gap-3 text-sm">
      <p>
        {t('status')} <Badge variant="secondary">{data.status === 'revoked' ? t('revoked') : t('none')}</Badge>
      </p>
      <p className="text-muted-foreground">{data.status === 'revoked' ? t(`revokedHelp.${owner}`) : t(`noneHelp.${owner}`)}</p>
      {startError ? <ErrorAlert>{startError}</ErrorAlert> : null}
      <Button className="w-fit" onClick={() => void onLink()} disabled={leaving}>
        {leaving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        {t('link')}
      </Button>
    </div>
  )
}
