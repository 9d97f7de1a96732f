import { parseClp } from '@app/contracts/format-clp'
import type { ReactNode } from 'react'
import { useWatch, type Control, type FieldPath, type FieldValues, type UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormField } from '@/components/ui/form-field'
import { useFormat } from '@/lib/i18n'
import type { Language } from '@/lib/language'

interface MoneyFieldProps<T extends FieldValues, TOut extends FieldValues> {
  id: string
  name: FieldPath<T>
  label: ReactNode
  hint?: ReactNode
  error?: string
  register: UseFormRegister<T>
  control: Control<T, unknown, TOut>
}

/**
 * A CLP amount as a Chilean types it ("45.000", "$45.000", "45000"; issue 23): a text field
 * whose value is the parsed whole pesos (NaN when it is not an amount, which the form's schema
 * refuses), with the parsed amount shown back, formatted, as it is typed.
 */
export function MoneyField<T extends FieldValues, TOut extends FieldValues = T>({
  id,
  name,
  label,
  hint,
  error,
  register,
  control,
}: MoneyFieldProps<T, TOut>) {
  const { i18n } = useTranslation()
  const format = useFormat()
  const language = i18n.language as Language
  const value = useWatch({ control, name }) as unknown
  const parsed = typeof value === 'number' && Number.isFinite(value) ? value : null
  return (
    <FormField
      id={id}
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      error={error}
      hint={
        <>
          {hint}
          <span className="block font-medium text-foreground tabular-nums" aria-live="polite" data-testid={`${id}-parsed`}>
            {parsed !== null ? `= ${format.clp(parsed)}` : null}
          </span>
        </>
      }
      {...register(name, {
        setValueAs: (v: unknown) => (typeof v === 'number' ? v : (parseClp(String(v ?? ''), language) ?? Number.NaN)),
      })}
    />
  )
}
