import { MEASUREMENT_FIELDS, MeasurementInputSchema, type Measurement, type MeasurementField, type MeasurementInput } from '@app/contracts'
import { z } from 'zod'
import { inputText, parseDecimal, santiagoToday } from './format'

/** The form's fields: the day and each value as typed (a decimal comma is fine). */
export type MeasurementForm = { date: string } & Record<MeasurementField, string>

export function toMeasurementForm(date: string, entry: Measurement | undefined, language: string): MeasurementForm {
  const form = { date } as MeasurementForm
  for (const field of MEASUREMENT_FIELDS) form[field] = inputText(entry?.[field] ?? null, language)
  return form
}

export function fromMeasurementForm(form: MeasurementForm): MeasurementInput {
  const input = {} as MeasurementInput
  for (const field of MEASUREMENT_FIELDS) input[field] = parseDecimal(form[field])
  return input
}

/**
 * The contract's MeasurementInputSchema checks the values (ranges, decimals, at least one), each
 * issue on its field; the day must be a day up to today in Santiago, as the API requires.
 */
export const MeasurementFormSchema = z.custom<MeasurementForm>().superRefine((form, ctx) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) ctx.addIssue({ code: 'custom', message: 'required', path: ['date'] })
  else if (form.date > santiagoToday()) ctx.addIssue({ code: 'custom', message: 'invalid', path: ['date'] })
  const parsed = MeasurementInputSchema.safeParse(fromMeasurementForm(form))
  if (parsed.success) return
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
})
