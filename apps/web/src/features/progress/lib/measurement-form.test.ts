import { describe, expect, it } from 'vitest'
import { measureText, parseDecimal } from './format'
import { fromMeasurementForm, MeasurementFormSchema, toMeasurementForm } from './measurement-form'

const form = (values: Partial<Record<string, string>>) => ({ ...toMeasurementForm('2026-11-20', undefined, 'es'), ...values })

describe('measurement form', () => {
  it('reads a decimal comma and leaves empty fields unmeasured', () => {
    expect(parseDecimal('72,45')).toBe(72.45)
    expect(parseDecimal(' 80 ')).toBe(80)
    expect(parseDecimal('')).toBeNull()
    expect(parseDecimal('7a')).toBeNaN()
    expect(fromMeasurementForm(form({ weightKg: '72,4', waistCm: '81.5' }))).toMatchObject({ weightKg: 72.4, waistCm: 81.5, hipCm: null })
  })

  it('puts each contract issue on its field', () => {
    const issues = (values: Partial<Record<string, string>>) => {
      const result = MeasurementFormSchema.safeParse(form(values))
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
    }
    expect(issues({ weightKg: '72,4' })).toEqual([])
    expect(issues({})).toEqual(['weightKg:required'])
    expect(issues({ weightKg: '10' })).toEqual(['weightKg:tooSmall'])
    expect(issues({ waistCm: '81,55' })).toEqual(['waistCm:invalid'])
    expect(issues({ bodyFatPct: 'x' })).toEqual(['bodyFatPct:invalidType'])
    expect(issues({ weightKg: '70', date: '2999-01-01' })).toEqual(['date:invalid'])
  })

  it('fills the form with a day already entered, in the reader’s notation', () => {
    const entry = {
      id: 'x',
      date: '2026-11-20',
      weightKg: 72.4,
      waistCm: null,
      hipCm: null,
      chestCm: null,
      armCm: null,
      thighCm: null,
      bodyFatPct: 18.25,
      updatedAt: '',
    }
    expect(toMeasurementForm('2026-11-20', entry, 'es')).toMatchObject({ weightKg: '72,4', bodyFatPct: '18,25', waistCm: '' })
    expect(toMeasurementForm('2026-11-20', entry, 'en')).toMatchObject({ weightKg: '72.4' })
  })

  it('shows units in the reader’s language', () => {
    expect(measureText(72.4, 'weightKg', 'es')).toBe('72,4 kg')
    expect(measureText(81.5, 'waistCm', 'en')).toBe('81.5 cm')
    expect(measureText(-1.5, 'weightKg', 'es', true)).toBe('-1,5 kg')
    expect(measureText(18.25, 'bodyFatPct', 'es')).toMatch(/^18,25\s?%$/)
  })
})
