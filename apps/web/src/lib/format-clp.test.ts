import { describe, expect, it } from 'vitest'
import { formatClp } from '@app/contracts/format-clp'

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
