import { AdminPrivacyRequestCreateSchema, PRIVACY_REQUEST_DAYS, PRIVACY_REQUEST_KINDS, type PrivacyRequest } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Loader2, UserX } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { z } from 'zod'
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { errorsT, useFormat } from '@/lib/i18n'
import { closeAccountOnRequest, getPrivacyRequests, handlePrivacyRequest, recordPrivacyRequest } from '../api/admin-api'
import { DataTable, type Column } from '../components/data-table'
import { FilterBar } from '../components/filter-bar'
import { NativeSelect } from '../components/native-select'
import { PageHeader } from '../components/page-header'
import { Pager } from '../components/pager'
import { ReasonDialog } from '../components/reason-dialog'
import { useCursorList } from '../hooks/use-cursor-list'
import { apiFilters } from '../lib/filters'

// Issue 20, operators: privacy requests with their legal deadline, who handled them and when.
const FILTERS = ['status', 'kind'] as const

/** Today on Chile's calendar (YYYY-MM-DD), the day a request received now arrived. */
export const chileToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(now)

/** Open and past its deadline. */
export const isOverdue = (request: Pick<PrivacyRequest, 'status' | 'dueAt'>, now = Date.now()) =>
  request.status === 'open' && new Date(request.dueAt).getTime() < now

const RecordFormSchema = z
  .object({ kind: z.string(), email: z.string(), receivedOn: z.string(), note: z.string() })
  .transform((v): z.input<typeof AdminPrivacyRequestCreateSchema> => ({
    kind: (v.kind || undefined) as PrivacyRequest['kind'],
    email: v.email,
    receivedOn: v.receivedOn || undefined,
    note: v.note.trim() || undefined,
  }))
  .pipe(AdminPrivacyRequestCreateSchema)

/** A request that arrived by e-mail (or phone): kind, the person's account e-mail, the day it arrived. */
function RecordRequestForm({ onRecorded }: { onRecorded: () => Promise<unknown> }) {
  const { t } = useTranslation('admin')
  const [failure, setFailure] = useState<string | null>(null)
  const empty = { kind: '', email: '', receivedOn: chileToday(), note: '' }
  const form = useForm<z.input<typeof RecordFormSchema>, unknown, z.output<typeof RecordFormSchema>>({
    resolver: formResolver(RecordFormSchema, errorsT),
    defaultValues: empty,
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null)
    try {
      const recorded = await recordPrivacyRequest(body)
      toast.success(t('privacy.recorded', { email: recorded.email ?? body.email }))
      form.reset({ ...empty, receivedOn: chileToday() })
      await onRecorded()
    } catch (error) {
      const text = serverErrorText(error, errorsT, t('saveFailed'))
      // A field the server refused (an e-mail with no account) is shown on that field.
      if (text.field && text.field in empty)
        form.setError(text.field as keyof typeof empty, { message: text.message }, { shouldFocus: true })
      else setFailure(text.message)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FormField
        label={t('privacy.columns.kind')}
        error={errors.kind?.message}
        render={(aria) => (
          <NativeSelect {...aria} {...form.register('kind')}>
            <option value="">{t('privacy.chooseKind')}</option>
            {PRIVACY_REQUEST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`privacy.kind.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormField label={t('privacy.email')} type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
      <FormField
        label={t('privacy.receivedOn')}
        type="date"
        max={chileToday()}
        hint={t('privacy.receivedHint', { days: PRIVACY_REQUEST_DAYS })}
        error={errors.receivedOn?.message}
        {...form.register('receivedOn')}
      />
      <FormField
        label={t('privacy.note')}
        error={errors.note?.message}
        render={(aria) => <Textarea {...aria} rows={1} {...form.register('note')} />}
      />
      {failure ? <ErrorAlert className="sm:col-span-2 lg:col-span-4">{failure}</ErrorAlert> : null}
      <Button type="submit" disabled={isSubmitting} className="w-fit">
        {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('privacy.record')}
      </Button>
    </form>
  )
}

const NoteSchema = z.object({ note: z.string().trim().max(500, { error: 'tooLong' }) })

/** "Mark handled": who and when come from the session; a note is optional. */
function HandleDialog({ request, onDone }: { request: PrivacyRequest; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<z.input<typeof NoteSchema>, unknown, z.output<typeof NoteSchema>>({
    resolver: formResolver(NoteSchema, errorsT),
    defaultValues: { note: '' },
  })
  const who = request.name ?? request.email ?? t('privacy.purged')
  const onSubmit = form.handleSubmit(async ({ note }) => {
    setFailure(null)
    try {
      await handlePrivacyRequest(request.id, note || undefined)
      toast.success(t('privacy.handledToast', { name: who }))
      setOpen(false)
      form.reset()
      await onDone()
    } catch (error) {
      setFailure(serverErrorText(error, errorsT, t('saveFailed')).message)
    }
  })

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setFailure(null)
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline">
          <CheckCircle2 aria-hidden="true" />
          {t('privacy.markHandled')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('privacy.handleTitle', { kind: t(`privacy.kind.${request.kind}`), name: who })}</AlertDialogTitle>
            <AlertDialogDescription>{t('privacy.handleDescription')}</AlertDialogDescription>
          </AlertDialogHeader>
          <FormField
            label={t('privacy.noteOptional')}
            error={form.formState.errors.note?.message}
            render={(aria) => <Textarea {...aria} rows={3} {...form.register('note')} />}
          />
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">{t('cancel')}</AlertDialogCancel>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('privacy.markHandled')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  )
}

export function PrivacyPage() {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const queryClient = useQueryClient()
  const [search] = useSearchParams()
  const filters = apiFilters(search, FILTERS)
  const list = useCursorList('privacy', filters, getPrivacyRequests)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'privacy'] })

  const closeAccount = async (request: PrivacyRequest, reason: string) => {
    await closeAccountOnRequest(request.id, reason)
    toast.success(t('privacy.closedToast', { name: request.name ?? request.email ?? '' }))
    await refresh()
  }

  const columns: Column<PrivacyRequest>[] = [
    {
      header: t('privacy.columns.kind'),
      cell: (r) => (
        <>
          <span className="font-medium">{t(`privacy.kind.${r.kind}`)}</span>
          <span className="block text-xs text-muted-foreground">{t(`privacy.source.${r.source}`)}</span>
        </>
      ),
    },
    {
      header: t('privacy.columns.person'),
      cell: (r) =>
        r.email ? (
          <>
            {r.name ?? r.email}
            {r.name ? <span className="block text-xs text-muted-foreground">{r.email}</span> : null}
          </>
        ) : (
          <span className="text-muted-foreground">{t('privacy.purged')}</span>
        ),
    },
    { header: t('privacy.columns.received'), cell: (r) => format.date(r.createdAt) },
    {
      header: t('privacy.columns.due'),
      cell: (r) =>
        isOverdue(r) ? (
          <span className="font-medium text-destructive-strong">
            {format.date(r.dueAt)}
            <span className="block text-xs">{t('privacy.overdue')}</span>
          </span>
        ) : (
          format.date(r.dueAt)
        ),
    },
    {
      header: t('privacy.columns.status'),
      cell: (r) => (
        <>
          <Badge variant={r.status === 'open' ? 'default' : 'success'}>{t(`privacy.status.${r.status}`)}</Badge>
          {r.accountClosedAt ? <span className="block pt-1 text-xs text-muted-foreground">{t('privacy.accountClosed')}</span> : null}
        </>
      ),
    },
    {
      header: t('privacy.columns.handled'),
      cell: (r) =>
        r.handledAt ? (
          <>
            {r.handledByEmail ?? t('privacy.automatic')}
            <span className="block text-xs text-muted-foreground">{format.date(r.handledAt)}</span>
            {r.note ? <span className="block text-xs whitespace-pre-line text-muted-foreground">{r.note}</span> : null}
          </>
        ) : (
          <>—{r.note ? <span className="block text-xs whitespace-pre-line text-muted-foreground">{r.note}</span> : null}</>
        ),
    },
    {
      header: t('privacy.columns.actions'),
      cell: (r) =>
        r.status === 'open' ? (
          <div className="flex flex-wrap gap-2">
            <HandleDialog request={r} onDone={refresh} />
            {r.kind === 'deletion' && !r.accountClosedAt ? (
              <ReasonDialog
                destructive
                trigger={
                  <Button size="sm" variant="destructive">
                    <UserX aria-hidden="true" />
                    {t('privacy.closeAccount')}
                  </Button>
                }
                title={t('privacy.closeTitle', { name: r.name ?? r.email ?? '' })}
                description={t('privacy.closeDescription')}
                confirm={t('privacy.closeAccount')}
                onConfirm={(reason) => closeAccount(r, reason)}
              />
            ) : null}
          </div>
        ) : null,
    },
  ]

  return (
    <>
      <PageHeader title={t('privacy.title')} description={t('privacy.description', { days: PRIVACY_REQUEST_DAYS })} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('privacy.recordTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('privacy.recordDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordRequestForm onRecorded={refresh} />
        </CardContent>
      </Card>
      <Card className="gap-0 py-0">
        <FilterBar
          fields={[
            {
              name: 'status',
              label: t('privacy.columns.status'),
              kind: 'select',
              options: (['open', 'done'] as const).map((s) => ({ value: s, label: t(`privacy.status.${s}`) })),
            },
            {
              name: 'kind',
              label: t('privacy.columns.kind'),
              kind: 'select',
              options: PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: t(`privacy.kind.${k}`) })),
            },
          ]}
        />
        <DataTable
          label={t('privacy.listLabel')}
          columns={columns}
          rows={list.query.data?.data}
          query={list.query}
          rowKey={(r) => r.id}
          emptyTitle={t('privacy.empty')}
          emptyHint={t('filters.emptyHint')}
          minWidth="min-w-[960px]"
        />
        <Pager page={list.page} hasPrevious={list.hasPrevious} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
      </Card>
    </>
  )
}
