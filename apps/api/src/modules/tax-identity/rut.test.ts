import { BusinessTaxIdentityInputSchema, formatRut, RutSchema, TrainerTaxIdentityInputSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'

// Issue 27 (decision 214): the contract's RUT schema, as the API and the web form both use it.
describe('RutSchema', () => {
  it('accepts a RUT with or without dots and dash and normalises it', () => {
    for (const typed of ['12.345.678-5', '12345678-5', '123456785', ' 12.345.678-5 ']) expect(RutSchema.parse(typed)).toBe('12345678-5')
  })

  it('accepts K as check digit, in either case', () => {
    expect(RutSchema.parse('10.000.013-k')).toBe('10000013-K')
    expect(RutSchema.parse('10000013K')).toBe('10000013-K')
  })

  it('refuses a wrong check digit and garbage with invalidRut, an empty one with required', () => {
    for (const bad of ['12.345.678-9', '10000013-0', 'hola', '12.345.678-', '0-0', '1234567890123456789012-5']) {
      const result = RutSchema.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message, bad).toBe('invalidRut')
    }
    expect(RutSchema.safeParse('').error?.issues[0]?.message).toBe('required')
    expect(RutSchema.safeParse(undefined).error?.issues[0]?.message).toBe('required')
  })

  it('formats for reading', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5')
    expect(formatRut('10000013-K')).toBe('10.000.013-K')
    expect(formatRut('')).toBe('')
  })

  it('the inputs refuse unknown fields; the business one needs razón social and giro', () => {
    expect(TrainerTaxIdentityInputSchema.safeParse({ rut: '12345678-5', extra: 1 }).success).toBe(false)
    const missing = BusinessTaxIdentityInputSchema.safeParse({ rut: '12345678-5' })
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['legalName', 'activity'])
  })
})
