import { AdminLeadUpdateSchema, LEAD_TRANSITIONS, type AdminLeadDetail, type LeadStatus } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { updateLead } from '../api/admin-api'
import { NativeSelect } from './native-select'

/** The form's fields as typed; empty ones are "not given" for the contract's schema. */
const LeadFormSchema = z
  .object({ status: z.string(), note: z.string() })
  .transform((v): z.input<typeof AdminLeadUpdateSchema> => ({
    status: (v.status || undefined) as LeadStatus | undefined,
    note: v.note.trim() || undefined,
  }))
  .pipe(AdminLeadUpdateSchema)

/** Moves a lead along the pipeline (only the moves the API allows are offered) and/or adds a note. */
export function LeadStatusForm({ lead }: { lead: AdminLeadDetail }) {
  const { t } = useTranslation('admin')
  const queryClient = useQueryClient()
  const moves = LEAD_TRANSITIONS[lead.status]
  const form = useForm<z.input<typeof LeadFormSchema>, unknown, z.output<typeof LeadFormSchema>>({
    resolver: formResolver(LeadFormSchema, errorsT),
    defaultValues: { status: '', note: '' },
  })
  const { errors } = form.formState
  const mutation = useMutation({
    mutationFn: (body: z.output<typeof LeadFormSchema>) => updateLead(lead.id, body),
    onSuccess: async (_result, body) => {
      toast.success(body.status ? t('leadDetail.moved', { status: t(`leadStatus.${body.status}`) }) : t('leadDetail.noted'))
      form.reset({ status: '', note: '' })
      await queryClient.invalidateQueries({ queryKey: ['admin', 'leads'] })
    },
  })
  const failure = mutation.error ? serverErrorText(mutation.error, errorsT, t('saveFailed')).message : null

  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate className="grid gap-4">
      <FormField
        label={t('leadDetail.newStatus')}
        error={errors.status?.message}
        hint={moves.length ? undefined : t('leadDetail.final')}
        render={(aria) => (
          <NativeSelect {...aria} {...form.register('status')} disabled={!moves.length}>
            <option value="">{t('leadDetail.keepStatus')}</option>
            {moves.map((status) => (
              <option key={status} value={status}>
                {t(`leadStatus.${status}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormField
        label={t('leadDetail.note')}
        error={errors.note?.message}
        render={(aria) => <Textarea {...aria} rows={3} {...form.register('note')} />}
      />
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button type="submit" disabled={mutation.isPending} className="w-fit">
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('leadDetail.save')}
      </Button>
    </form>
  )
}
