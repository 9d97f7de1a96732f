import { AssignmentInputSchema, type AssignmentInput } from '@app/contracts'
import { UserPlus } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { EmptyState, LoadError, LoadingState, Spinner } from '@/components/states'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { serverErrorText } from '@/lib/error-text'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { useFormat } from '@/lib/i18n'
import { useAssignableClients, useProgramWrites } from '../api/programs-api'
import { addDays, dayInstant, endDay, santiagoDay } from '../lib/dates'
import { useErrorWords } from '../lib/error-words'

type AssignForm = { clientUserIds: string[]; startDate: string }

/** "Asignar": the current version to one or many of the trainer's clients from a Santiago start day. */
export function AssignDialog({
  programId,
  version,
  weeks,
  disabledReason,
}: {
  programId: string
  version: number
  weeks: number
  /** Why it cannot be assigned now (unsaved changes), shown under the button. */
  disabledReason?: string
}) {
  const { t } = useTranslation('program-builder', { keyPrefix: 'assign' })
  const words = useErrorWords()
  const format = useFormat()
  const [open, setOpen] = useState(false)
  const clients = useAssignableClients(open)
  const { assign } = useProgramWrites()
  const [failure, setFailure] = useState<string | null>(null)
  const groupId = useId()
  const hintId = useId()
  const today = santiagoDay()
  const form = useForm<AssignForm, unknown, AssignmentInput>({
    resolver: formResolver(AssignmentInputSchema, words),
    defaultValues: { clientUserIds: [], startDate: today },
  })
  const { errors } = form.formState
  const start = form.watch('startDate')
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(start ?? '')

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const { data } = await assign.mutateAsync({ id: programId, body: { ...values, version } })
      toast.success(t('done', { count: data.length, date: format.date(dayInstant(values.startDate)), version }))
      setOpen(false)
    } catch (error) {
      if (!applyFieldErrors(form.setError, error, ['clientUserIds', 'startDate'], words))
        setFailure(serverErrorText(error, words, t('failed')).message)
    }
  })

  return (
    <div className="grid gap-1">
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) {
            form.reset({ clientUserIds: [], startDate: today })
            setFailure(null)
          }
          setOpen(next)
        }}
      >
        <DialogTrigger asChild>
          <Button variant="outline" disabled={!!disabledReason} aria-describedby={disabledReason ? hintId : undefined}>
            <UserPlus aria-hidden="true" />
            {t('open')}
          </Button>
        </DialogTrigger>
        <DialogContent closeLabel={t('close')}>
          <DialogHeader>
            <DialogTitle>{t('title', { version })}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          {clients.isPending ? (
            <LoadingState label={t('loading')} rows={2} />
          ) : clients.isError ? (
            <LoadError error={clients.error} fallback={t('loadFailed')} onRetry={() => void clients.refetch()} />
          ) : clients.data.data.length === 0 ? (
            <EmptyState
              title={t('noClients')}
              hint={t('noClientsHint')}
              action={
                <Button asChild variant="link">
                  <Link to="/dashboard">{t('toDashboard')}</Link>
                </Button>
              }
            />
          ) : (
            <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
              <Controller
                control={form.control}
                name="clientUserIds"
                render={({ field }) => (
                  <fieldset
                    className="grid gap-2"
                    aria-describedby={errors.clientUserIds ? `${groupId}-error` : undefined}
                    aria-invalid={errors.clientUserIds ? true : undefined}
                  >
                    <legend className="mb-1 text-sm font-medium">{t('clients')}</legend>
                    <ul className="grid max-h-60 gap-1 overflow-y-auto">
                      {clients.data.data.map((client, index) => {
                        const checked = field.value.includes(client.userId)
                        const id = `${groupId}-${client.userId}`
                        return (
                          <li key={client.userId} className="flex items-center gap-3 rounded-md border px-3 py-2">
                            <Checkbox
                              id={id}
                              ref={index === 0 ? field.ref : undefined}
                              checked={checked}
                              onCheckedChange={(on) =>
                                field.onChange(on ? [...field.value, client.userId] : field.value.filter((v) => v !== client.userId))
                              }
                            />
                            <label htmlFor={id} className="grid min-w-0 flex-1 cursor-pointer text-sm">
                              <span className="font-medium break-words">{client.name || client.email}</span>
                              <span className="truncate text-muted-foreground">{client.email}</span>
                            </label>
                          </li>
                        )
                      })}
                    </ul>
                    {errors.clientUserIds ? (
                      <p id={`${groupId}-error`} role="alert" className="text-sm text-destructive-strong">
                        {errors.clientUserIds.message}
                      </p>
                    ) : null}
                  </fieldset>
                )}
              />
              <FormField
                label={t('startDate')}
                type="date"
                min={addDays(today, -7)}
                hint={validStart ? t('ends', { date: format.date(dayInstant(endDay(start, weeks))), weeks }) : t('startHint')}
                error={errors.startDate?.message}
                {...form.register('startDate')}
              />
              {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t('cancel')}
                </Button>
                <Button type="submit" disabled={form.formState.isSubmitting}>
                  <Spinner show={form.formState.isSubmitting} />
                  {t('submit')}
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
      {disabledReason ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {disabledReason}
        </p>
      ) : null}
    </div>
  )
}
