import { describe, expect, it } from 'vitest'
import { refundable, refundFormSchema } from './refund'

describe('the refund form', () => {
  const schema = refundFormSchema(refundable({ amountClp: 25_000, refundedClp: 5_000 }))

  it('whole sends no amount (the server refunds what remains)', () => {
    expect(schema.parse({ kind: 'whole', amountClp: 123 })).toEqual({ amountClp: undefined })
  })

  it('part sends the amount, never above what remains', () => {
    expect(schema.parse({ kind: 'part', amountClp: 20_000 })).toEqual({ amountClp: 20_000 })
    const above = schema.safeParse({ kind: 'part', amountClp: 20_001 })
    expect(above.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amountClp', 'tooBig']])
  })

  it("part without an amount, or with a fraction or zero, gets the contract's codes", () => {
    const codes = (amountClp: unknown) => schema.safeParse({ kind: 'part', amountClp }).error?.issues.map((i) => i.message)
    expect(codes(Number.NaN)).toContain('invalidType')
    expect(codes(undefined)).toEqual(['required'])
    expect(codes(10.5)).toEqual(['invalidType'])
    expect(codes(0)).toEqual(['tooSmall'])
  })

  it('nothing is refundable once refunded in full', () => {
    expect(refundable({ amountClp: 25_000, refundedClp: 25_000 })).toBe(0)
  })
})
