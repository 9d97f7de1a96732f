import { MEASUREMENT_FIELDS, MEASUREMENT_RANGES, type Measurement, type MeasurementField } from '@app/contracts'
import { useEffect, useMemo, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { requestToaster } from '@/components/layout/deferred-toaster'
import { Spinner } from '@/components/states'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { FormField } from '@/components/ui/form-field'
import { applyFieldErrors } from '@/lib/field-errors'
import { formResolver } from '@/lib/form-resolver'
import { serverErrorText } from '@/lib/error-text'
import { useMeasurementActions } from '../api/progress-api'
import { useErrorWords } from '../lib/error-words'
import { santiagoToday } from '../lib/format'
import { ENTRY_HEADING_ID } from './consent-card'
import { fromMeasurementForm, MeasurementFormSchema, toMeasurementForm, type MeasurementForm } from '../lib/measurement-form'

const BODY_FIELDS = MEASUREMENT_FIELDS.filter((f) => f !== 'weightKg')

/**
 * One day's weight and measurements. The API replaces a day's values (decision 209), so a day
 * already entered is loaded into the form and saved whole: adding the waist keeps the weight.
 */
export function MeasurementEntry({
  entries,
  focusHeading = false,
  onHeadingFocused,
}: {
  entries: readonly Measurement[]
  /** Move focus to this form's heading (after consenting, the card that had focus is gone). */
  focusHeading?: boolean
  onHeadingFocused?: () => void
}) {
  const { t, i18n } = useTranslation('progress')
  const words = useErrorWords()
  const { save } = useMeasurementActions()
  const headingId = ENTRY_HEADING_ID
  const headingRef = useRef<HTMLHeadingElement>(null)
  const today = santiagoToday()
  const byDay = useMemo(() => new Map(entries.map((e) => [e.date, e])), [entries])
  const form = useForm<MeasurementForm>({
    resolver: formResolver(MeasurementFormSchema, words),
    defaultValues: toMeasurementForm(today, byDay.get(today), i18n.language),
  })
  const { register, handleSubmit, formState, reset, watch, setError, getValues } = form
  const date = watch('date')
  const existing = byDay.get(date)

  // After the commit that mounted the heading (or that asked for focus, whichever comes last).
  useEffect(() => {
    if (!focusHeading || !headingRef.current) return
    headingRef.current.focus()
    onHeadingFocused?.()
  }, [focusHeading, onHeadingFocused])

  // Picking another day shows what that day already holds (or an empty form).
  useEffect(() => {
    if (!formState.isSubmitting) reset(toMeasurementForm(getValues('date'), byDay.get(getValues('date')), i18n.language))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the day or the entries change
  }, [date, byDay, i18n.language])

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ date: values.date, input: fromMeasurementForm(values) })
      requestToaster()
      toast.success(t('entry.saved'))
    } catch (error) {
      applyFieldErrors(setError, error, ['date', ...MEASUREMENT_FIELDS], words)
    }
  })

  const field = (name: MeasurementField, className?: string) => (
    <FormField
      key={name}
      label={`${t(`fields.${name}`)} (${t(`units.${name}`)})`}
      inputMode="decimal"
      autoComplete="off"
      enterKeyHint="done"
      placeholder={`${MEASUREMENT_RANGES[name].min}–${MEASUREMENT_RANGES[name].max}`}
      containerClassName={className}
      className="min-h-11 text-base"
      error={formState.errors[name]?.message}
      {...register(name)}
    />
  )

  const fieldErrorShown = formState.errors.date || MEASUREMENT_FIELDS.some((f) => formState.errors[f])
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {t('entry.title')}
      </h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('entry.hint')}</p>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label={t('fields.date')}
            type="date"
            max={today}
            className="min-h-11 text-base"
            error={formState.errors.date?.message}
            {...register('date')}
          />
          {field('weightKg')}
        </div>
        {existing ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('entry.existing')}
          </p>
        ) : null}
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('entry.more')}</legend>
          <div className="grid grid-cols-2 gap-3">{BODY_FIELDS.map((name) => field(name))}</div>
        </fieldset>
        {save.isError && !fieldErrorShown ? <ErrorAlert>{serverErrorText(save.error, words, t('entry.failed')).message}</ErrorAlert> : null}
        <Button type="submit" className="min-h-11 w-full" disabled={formState.isSubmitting}>
          <Spinner show={formState.isSubmitting} />
          {formState.isSubmitting ? t('entry.saving') : t('entry.save')}
        </Button>
      </form>
    </section>
  )
}
