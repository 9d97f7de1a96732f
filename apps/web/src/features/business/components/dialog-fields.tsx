import type { ComponentProps } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'

export interface FieldSpec<Values extends FieldValues> {
  name: Path<Values>
  label: string
  /** Marked "(optional)" instead of "*". */
  optional?: boolean
  /** Spans both columns of the dialog's grid. */
  wide?: boolean
  hint?: string
  /** Read as a number (react-hook-form `valueAsNumber`). */
  number?: boolean
  input?: Omit<ComponentProps<'input'>, 'name' | 'id'>
}

/** The labelled inputs of the gym and trainer dialogs, in a two-column grid. */
export function DialogFields<Values extends FieldValues>({
  form,
  fields,
  idPrefix,
}: {
  form: UseFormReturn<Values, unknown, FieldValues>
  fields: FieldSpec<Values>[]
  idPrefix: string
}) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.common' })
  const { errors } = form.formState
  return (
    <>
      {fields.map((f) => (
        <FormField
          key={f.name}
          id={`${idPrefix}-${f.name}`}
          label={`${f.label}${f.optional ? t('optional') : t('required')}`}
          containerClassName={f.wide ? 'sm:col-span-2' : undefined}
          hint={f.hint}
          error={errors[f.name]?.message as string | undefined}
          {...f.input}
          {...form.register(f.name, f.number ? { valueAsNumber: true } : undefined)}
        />
      ))}
    </>
  )
}

/** Cancel and submit of the gym and trainer dialogs; the submit says "Saving..." while it works. */
export function DialogActions({ pending, submitLabel, onCancel }: { pending: boolean; submitLabel: string; onCancel: () => void }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.common' })
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? t('saving') : submitLabel}
      </Button>
    </DialogFooter>
  )
}
