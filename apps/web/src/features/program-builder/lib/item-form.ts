import { ProgramItemInputSchema, type Load } from '@app/contracts'
import { z } from 'zod'
import type { DraftItem } from './draft'

/** The exercise dialog's fields: one shape for both modes, numbers as the inputs give them (NaN when empty). */
export interface ItemForm {
  sets: number
  mode: 'reps' | 'time'
  reps: { min: number; max: number }
  seconds: number
  load: { kind: 'none' | Load['kind']; value: number }
  restSeconds: number
  tempo: string
  notes: string
}

export type ItemFields = Pick<DraftItem, 'sets' | 'reps' | 'seconds' | 'load' | 'restSeconds' | 'tempo' | 'notes'>

export function toItemForm(item: ItemFields): ItemForm {
  return {
    sets: item.sets,
    mode: item.reps ? 'reps' : 'time',
    reps: item.reps ?? { min: 10, max: 10 },
    seconds: item.seconds ?? 30,
    load: item.load ?? { kind: 'none', value: Number.NaN },
    restSeconds: item.restSeconds ?? Number.NaN,
    tempo: item.tempo ?? '',
    notes: item.notes,
  }
}

const orNull = (n: number) => (Number.isNaN(n) ? null : n)

export function fromItemForm(form: ItemForm): ItemFields {
  return {
    sets: form.sets,
    reps: form.mode === 'reps' ? form.reps : null,
    seconds: form.mode === 'time' ? form.seconds : null,
    load: form.load.kind === 'none' ? null : ({ kind: form.load.kind, value: form.load.value } as Load),
    restSeconds: orNull(form.restSeconds),
    tempo: form.tempo.trim() ? form.tempo.trim().toUpperCase() : null,
    notes: form.notes,
  }
}

// Any id: the dialog checks the figures; the exercise itself was picked from the library.
const SOME_EXERCISE = '00000000-0000-4000-8000-000000000000'

/**
 * The dialog's schema is the contract's (ProgramItemInputSchema): the form is turned into an item
 * and checked by it; the form mirrors the item's shape, so each issue lands on its field.
 */
export const ItemFormSchema = z.custom<ItemForm>().superRefine((form, ctx) => {
  const parsed = ProgramItemInputSchema.safeParse({ exerciseId: SOME_EXERCISE, ...fromItemForm(form) })
  if (parsed.success) return
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
})
