import { describe, expect, it } from 'vitest'
import { fromItemForm, ItemFormSchema, toItemForm, type ItemForm } from './item-form'

const item = {
  sets: 4,
  reps: { min: 8, max: 10 },
  seconds: null,
  load: { kind: 'rpe' as const, value: 8.5 },
  restSeconds: 120,
  tempo: '3010',
  notes: 'Codos pegados',
}

const issues = (form: ItemForm) => {
  const parsed = ItemFormSchema.safeParse(form)
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
}

describe('the exercise dialog', () => {
  it('reads an item and gives it back unchanged', () => {
    expect(fromItemForm(toItemForm(item))).toEqual(item)
  })

  it('sends only the fields of the chosen mode and load, empty rest and tempo as null, tempo in capitals', () => {
    const form = { ...toItemForm(item), mode: 'time' as const, seconds: 45, load: { kind: 'none' as const, value: 80 } }
    expect(fromItemForm({ ...form, restSeconds: Number.NaN, tempo: ' 31x0 ' })).toEqual({
      sets: 4,
      reps: null,
      seconds: 45,
      load: null,
      restSeconds: null,
      tempo: '31X0',
      notes: 'Codos pegados',
    })
  })

  it('checks with the contract and puts each issue on its own field, with the contract’s code', () => {
    expect(issues(toItemForm(item))).toEqual([])
    const bad: ItemForm = {
      ...toItemForm(item),
      sets: 0,
      reps: { min: 12, max: 8 },
      load: { kind: 'rpe', value: 8.3 },
      tempo: '30',
      restSeconds: Number.NaN,
    }
    expect(issues(bad).sort()).toEqual(['load.value:invalid', 'reps.max:invalid', 'sets:tooSmall', 'tempo:invalid'].sort())
    // An empty number field (NaN from the input) is not a number.
    expect(issues({ ...toItemForm(item), mode: 'time', seconds: Number.NaN })).toEqual(['seconds:invalidType'])
  })
})
