import { SubscriptionPlanSchema, TRAINER_LIMITS, type AdminBusinessDetail, type AdminBusinessUpdate } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { serverErrorText } from '@/lib/error-text'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { updateBusiness } from '../api/admin-api'
import { gymFormSchema, type GymFormInput } from '../lib/gym-form'
import { NativeSelect } from './native-select'
import { percent } from './split-text'

const RATE_FIELDS = ['trainer', 'gym', 'platform'] as const

/** Plan and commission split of a business, with the reason the audit log keeps. */
export function GymPlanForm({ business }: { business: AdminBusinessDetail }) {
  const { t } = useTranslation('admin')
  const queryClient = useQueryClient()
  const rates = business.centralBilling.commissionRates
  const form = useForm<GymFormInput, unknown, AdminBusinessUpdate>({
    resolver: formResolver(gymFormSchema(business), errorsT),
    defaultValues: {
      subscriptionPlan: business.subscriptionPlan,
      trainer: percent(rates.trainer),
      gym: percent(rates.gym),
      platform: percent(rates.platform),
      reason: '',
    },
  })
  const { errors } = form.formState
  const mutation = useMutation({
    mutationFn: (body: AdminBusinessUpdate) => updateBusiness(business.id, body),
    onSuccess: async () => {
      toast.success(t('gymDetail.saved'))
      await queryClient.invalidateQueries({ queryKey: ['admin', 'gyms'] })
    },
  })
  const failure = mutation.error ? serverErrorText(mutation.error, errorsT, t('saveFailed')).message : null
  const splitError = (errors as { commissionRates?: { message?: string } }).commissionRates?.message

  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate className="grid gap-4">
      <FormField
        label={t('gyms.columns.plan')}
        error={errors.subscriptionPlan?.message}
        render={(aria) => (
          <NativeSelect {...aria} {...form.register('subscriptionPlan')}>
            {SubscriptionPlanSchema.options.map((plan) => (
              <option key={plan} value={plan}>
                {t('gymDetail.planOption', { plan: t(`plan.${plan}`), limit: TRAINER_LIMITS[plan] })}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <fieldset className="grid gap-3" aria-describedby={splitError ? 'split-error' : 'split-hint'}>
        <legend className="text-sm font-medium">{t('gymDetail.split')}</legend>
        <p id="split-hint" className="text-xs text-muted-foreground">
          {t('gymDetail.splitHint')}
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          {RATE_FIELDS.map((field) => (
            <FormField
              key={field}
              label={t(`gymDetail.rate.${field}`)}
              inputMode="decimal"
              error={errors[field]?.message}
              {...form.register(field)}
            />
          ))}
        </div>
        {splitError ? (
          <p id="split-error" role="alert" className="text-sm text-destructive-strong">
            {splitError}
          </p>
        ) : null}
      </fieldset>
      <FormField
        label={t('reason')}
        error={errors.reason?.message}
        render={(aria) => <Textarea {...aria} rows={3} {...form.register('reason')} />}
      />
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button type="submit" disabled={mutation.isPending} className="w-fit">
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('gymDetail.save')}
      </Button>
    </form>
  )
}
