import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { formResolver } from '@/lib/form-resolver'
import { errorsT } from '@/lib/i18n'
import { PeriodSchema, type Period } from '../lib/period'

/** The from/to days (Chile) every list, total and export below uses. */
export function PeriodForm({ period, onChange, idPrefix }: { period: Period; onChange: (period: Period) => void; idPrefix: string }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'period' })
  const form = useForm<Period>({ resolver: formResolver(PeriodSchema, errorsT), defaultValues: period })
  const { errors } = form.formState
  return (
    <form noValidate onSubmit={form.handleSubmit(onChange)} className="flex flex-wrap items-end gap-3" aria-label={t('label')}>
      <FormField
        id={`${idPrefix}-from`}
        type="date"
        label={t('from')}
        error={errors.from?.message}
        containerClassName="w-full sm:w-44"
        {...form.register('from')}
      />
      <FormField
        id={`${idPrefix}-to`}
        type="date"
        label={t('to')}
        error={errors.to?.message}
        containerClassName="w-full sm:w-44"
        {...form.register('to')}
      />
      <Button type="submit" variant="outline">
        {t('apply')}
      </Button>
    </form>
  )
}
