import { formatRut, type AdminTaxStart } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, ExternalLink, Loader2, XCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import {
  AlertDialog,
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
import { Card } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { approveTaxStart, getTaxStartReviews, rejectTaxStart, type TaxStartQueue } from '../api/tax-starts-api'
import { DataTable, type Column } from '../components/data-table'
import { NativeSelect } from '../components/native-select'
import { PageHeader } from '../components/page-header'
import { ReasonDialog } from '../components/reason-dialog'

// Issue 27 (decision 222), operators: sellers' tax-start declarations to review, oldest first.
const QUEUES: TaxStartQueue[] = ['pending', 'approved', 'rejected']

/** "Approve": a confirmation, then six months of charging for the seller. */
function ApproveDialog({ review, onDone }: { review: AdminTaxStart; onDone: () => Promise<unknown> }) {
  const { t: common } = useTranslation('admin')
  const { t } = useTranslation('admin', { keyPrefix: 'taxStarts' })
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const confirm = async () => {
    setPending(true)
    setFailure(null)
    try {
      await approveTaxStart(review.id)
      toast.success(t('approved', { name: review.ownerName }))
      setOpen(false)
      await onDone()
    } catch (error) {
      setFailure(serverErrorText(error, errorsT, common('saveFailed')).message)
    } finally {
      setPending(false)
    }
  }
  return (
    <AlertDialog open={open} onOpenChange={(next) => (setOpen(next), next || setFailure(null))}>
      <AlertDialogTrigger asChild>
        <Button size="sm">
          <CheckCircle2 aria-hidden="true" />
          {t('approve')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('approveTitle', { name: review.ownerName })}</AlertDialogTitle>
          <AlertDialogDescription>{t('approveDescription')}</AlertDialogDescription>
        </AlertDialogHeader>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <AlertDialogFooter>
          <AlertDialogCancel type="button">{common('cancel')}</AlertDialogCancel>
          <Button type="button" onClick={() => void confirm()} disabled={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('approve')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

export function TaxStartsPage() {
  const { t } = useTranslation('admin', { keyPrefix: 'taxStarts' })
  const format = useFormat()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const queue = (QUEUES as string[]).includes(search.get('status') ?? '') ? (search.get('status') as TaxStartQueue) : 'pending'
  const list = useQuery({ queryKey: ['admin', 'tax-starts', queue], queryFn: () => getTaxStartReviews(queue) })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'tax-starts'] })

  const columns: Column<AdminTaxStart>[] = [
    {
      header: t('columns.seller'),
      cell: (r) => (
        <>
          <span className="font-medium">{r.ownerName}</span>
          <span className="block text-xs text-muted-foreground">
            {t(`owner.${r.ownerKind === 'trainer' ? 'trainer' : 'business'}`)} · {r.ownerRut ? formatRut(r.ownerRut) : t('noRut')}
          </span>
        </>
      ),
    },
    {
      header: t('columns.declaration'),
      cell: (r) => (
        <>
          <span className="font-medium">{t(`kind.${r.kind}`)}</span>
          {r.kind === 'start' ? (
            <span className="block text-xs text-muted-foreground">
              {t('startedOn', { date: format.date(`${r.startedOn}T12:00:00`) })} · {r.activity}
            </span>
          ) : (
            <>
              <span className="block text-xs text-muted-foreground">
                {t('signedBy', {
                  name: r.signerName,
                  rut: r.signerRut ? formatRut(r.signerRut) : '',
                  date: format.date(`${r.signedOn}T12:00:00`),
                })}
              </span>
              <span className="block text-xs whitespace-pre-line">{r.reason}</span>
            </>
          )}
        </>
      ),
    },
    { header: t('columns.sent'), cell: (r) => format.date(r.submittedAt) },
    {
      header: t('columns.proof'),
      cell: (r) => (
        <>
          <a
            href={r.proof.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('openProof')}
          </a>
          <span className="block text-xs text-muted-foreground">
            {t('proofSize', { type: r.proof.type.split('/')[1]?.toUpperCase(), kb: format.number(Math.ceil(r.proof.bytes / 1024)) })}
          </span>
        </>
      ),
    },
    {
      header: t('columns.answer'),
      cell: (r) =>
        r.status === 'pending' ? (
          <Badge variant="secondary">{t('status.pending')}</Badge>
        ) : (
          <>
            <Badge variant={r.status === 'approved' ? 'success' : 'destructive'}>
              {t(`status.${r.status === 'approved' ? 'approved' : 'rejected'}`)}
            </Badge>
            {r.expiresAt ? <span className="block pt-1 text-xs">{t('approvedUntil', { date: format.date(r.expiresAt) })}</span> : null}
            {r.rejectReason ? <span className="block pt-1 text-xs whitespace-pre-line">{r.rejectReason}</span> : null}
            {r.reviewedByEmail ? (
              <span className="block text-xs text-muted-foreground">{t('by', { email: r.reviewedByEmail })}</span>
            ) : null}
          </>
        ),
    },
    {
      header: t('columns.actions'),
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <ApproveDialog review={r} onDone={refresh} />
            <ReasonDialog
              destructive
              trigger={
                <Button size="sm" variant="outline">
                  <XCircle aria-hidden="true" />
                  {t('reject')}
                </Button>
              }
              title={t('rejectTitle', { name: r.ownerName })}
              description={t('rejectDescription')}
              confirm={t('reject')}
              onConfirm={async (reason) => {
                await rejectTaxStart(r.id, reason)
                toast.success(t('rejected', { name: r.ownerName }))
                await refresh()
              }}
            />
          </div>
        ) : null,
    },
  ]

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Card className="gap-0 py-0">
        <div className="flex flex-wrap items-end gap-3 border-b p-4">
          <FormField
            id="tax-start-queue"
            label={t('queue')}
            containerClassName="w-48"
            render={(aria) => (
              <NativeSelect {...aria} value={queue} onChange={(event) => setSearch({ status: event.target.value })}>
                {QUEUES.map((q) => (
                  <option key={q} value={q}>
                    {t(`status.${q}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </div>
        <DataTable
          label={t('listLabel')}
          columns={columns}
          rows={list.data?.data}
          query={list}
          rowKey={(r) => r.id}
          emptyTitle={t('empty')}
          minWidth="min-w-[960px]"
        />
      </Card>
    </>
  )
}
