import type { AdminDispute } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LoadError, LoadingState } from '@/components/states'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { getDisputes, replayPayment } from '../api/admin-api'

const KEY = ['admin', 'money', 'disputes']
const DAY = 86_400_000
const STATUS_VARIANT = { open: 'outline', won: 'success', lost: 'destructive' } as const

/**
 * Chargebacks of client payments (decision 250): the open ones with their evidence deadline
 * (7 days in Chile), nearest first, then the recently resolved; and the operator's replay, which
 * reads a dispute or a payment again from the provider when its notification never came.
 */
export function DisputesCard() {
  const { t } = useTranslation('admin')
  const query = useQuery({ queryKey: KEY, queryFn: getDisputes })
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{t('disputes.title')}</h2>
        </CardTitle>
        <CardDescription>{t('disputes.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <LoadingState label={t('disputes.loading')} />
        ) : query.isError ? (
          <LoadError error={query.error} fallback={t('disputes.failed')} onRetry={() => void query.refetch()} />
        ) : query.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('disputes.empty')}</p>
        ) : (
          <DisputesTable rows={query.data.data} />
        )}
        <ReplayForm />
      </CardContent>
    </Card>
  )
}

function useReplay() {
  const { t } = useTranslation('admin')
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: replayPayment,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'money'] })
      toast.success(t('disputes.replayed', { event: result.event }))
    },
    onError: (error) => toast.error(serverErrorText(error, errorsT, t('disputes.replayFailed')).message),
  })
}

function DisputesTable({ rows }: { rows: AdminDispute[] }) {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const replay = useReplay()
  const deadline = (d: AdminDispute) => {
    if (!d.evidenceDueAt) return '—'
    const date = format.date(d.evidenceDueAt)
    if (d.status !== 'open') return date
    const days = Math.ceil((Date.parse(d.evidenceDueAt) - Date.now()) / DAY)
    return days < 0 ? t('disputes.overdue', { date }) : t('disputes.dueIn', { date, count: days })
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('disputes.title')}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">{t('disputes.columns.payment')}</th>
            <th scope="col">{t('disputes.columns.trainer')}</th>
            <th scope="col" className="text-right">
              {t('disputes.columns.amount')}
            </th>
            <th scope="col">{t('disputes.columns.status')}</th>
            <th scope="col">{t('disputes.columns.deadline')}</th>
            <th scope="col">
              <span className="sr-only">{t('disputes.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id}>
              <td className="font-mono text-xs">{d.providerPaymentId}</td>
              <td>{d.trainerName}</td>
              <td className="text-right tabular-nums">{format.clp(d.amountClp)}</td>
              <td>
                <Badge variant={STATUS_VARIANT[d.status]}>{t(`disputes.status.${d.status}`)}</Badge>
              </td>
              <td>{deadline(d)}</td>
              <td className="text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={replay.isPending}
                  aria-label={t('disputes.replayDispute', { payment: d.providerPaymentId })}
                  onClick={() => replay.mutate({ kind: 'dispute', id: d.providerReference })}
                >
                  <RefreshCw className="size-4" aria-hidden="true" />
                  {t('disputes.replay')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A payment whose notification never came (a refund made at the provider, a lost notice), read again by its id. */
function ReplayForm() {
  const { t } = useTranslation('admin')
  const replay = useReplay()
  const [id, setId] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (id.trim()) replay.mutate({ kind: 'payment', id: id.trim() })
  }
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      <div className="grid gap-1">
        <Label htmlFor="replay-payment">{t('disputes.paymentId')}</Label>
        <Input id="replay-payment" className="w-64" value={id} maxLength={80} onChange={(e) => setId(e.target.value)} />
      </div>
      <Button type="submit" variant="outline" disabled={replay.isPending || !id.trim()}>
        {t('disputes.replayPayment')}
      </Button>
    </form>
  )
}
