import { describe, expect, it } from 'vitest'
import { ivaFromGross } from './iva.ts'

describe('ivaFromGross', () => {
  it('splits the usual prices as the SII computes them', () => {
    expect(ivaFromGross(119)).toEqual({ netClp: 100, ivaClp: 19, totalClp: 119 })
    expect(ivaFromGross(1785)).toEqual({ netClp: 1500, ivaClp: 285, totalClp: 1785 })
    expect(ivaFromGross(19_990)).toEqual({ netClp: 16_798, ivaClp: 3_192, totalClp: 19_990 })
    expect(ivaFromGross(0)).toEqual({ netClp: 0, ivaClp: 0, totalClp: 0 })
    expect(ivaFromGross(1)).toEqual({ netClp: 1, ivaClp: 0, totalClp: 1 })
  })

  it('rounds to the nearest peso', () => {
    expect(ivaFromGross(595).netClp).toBe(500)
    expect(ivaFromGross(6).netClp).toBe(5) // 5.042
    expect(ivaFromGross(3).netClp).toBe(3) // 2.521 → 3
  })

  it('keeps the total, and the IVA within one peso of 19 % of the net, for every amount up to 300,000', () => {
    const wrong: number[] = []
    for (let total = 0; total <= 300_000; total++) {
      const { netClp, ivaClp } = ivaFromGross(total)
      const ok =
        netClp + ivaClp === total && Math.abs(netClp - total / 1.19) <= 0.5 + 1e-9 && Math.abs(ivaClp - Math.round(netClp * 0.19)) <= 1
      if (!ok) wrong.push(total)
    }
    expect(wrong).toEqual([])
  })

  it('refuses what is not whole pesos', () => {
    expect(() => ivaFromGross(10.5)).toThrow(RangeError)
    expect(() => ivaFromGross(-1)).toThrow(RangeError)
  })
})
