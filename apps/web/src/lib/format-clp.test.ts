import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatClp, parseClp } from '@app/contracts/format-clp'

describe('formatClp', () => {
  it('writes whole pesos the Chilean way on Spanish screens', () => {
    expect(formatClp(12_345)).toBe('$12.345')
    expect(formatClp(-25_000, 'es')).toBe('$-25.000')
    expect(formatClp(0)).toBe('$0')
  })
  it('writes them the English way on English screens', () => {
    expect(formatClp(12_345, 'en').replace(/\s/g, ' ')).toBe('CLP 12,345')
  })
})

describe('parseClp (issue 23: what a Chilean types)', () => {
  it('reads thousands with dots, a peso sign and zero decimals on Spanish screens', () => {
    for (const text of ['45.000', '45000', '$45.000', '$ 45.000', '45.000,00', ' 45.000 ', 'CLP 45.000'])
      expect(parseClp(text, 'es'), text).toBe(45_000)
    expect(parseClp('1.234.567', 'es')).toBe(1_234_567)
    expect(parseClp('10.000')).toBe(10_000)
  })
  it('refuses what is not a whole amount instead of guessing', () => {
    for (const text of ['', '45.5', '45,5', '4.50.000', '45.000,50', 'diez mil', '-5.000', '1e5', '45..000', '.000'])
      expect(parseClp(text, 'es'), text).toBeNull()
  })
  it('reads the English way on English screens', () => {
    expect(parseClp('45,000', 'en')).toBe(45_000)
    expect(parseClp('CLP 45,000', 'en')).toBe(45_000)
    expect(parseClp('45,000.00', 'en')).toBe(45_000)
    expect(parseClp('45,000', 'es')).toBeNull()
    expect(parseClp('45.000', 'en')).toBeNull()
  })
  it('reads back every amount the formatter writes, in both languages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.constantFrom('es' as const, 'en' as const), (pesos, language) => {
        expect(parseClp(formatClp(pesos, language), language)).toBe(pesos)
      }),
    )
  })
})
