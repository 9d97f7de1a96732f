import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BPS, INDEPENDENT_RATES, rateToBps, reversalShares, splitAmount, type RatesBps, type Shares } from './split.ts'

const sum = (s: Shares) => s.trainer + s.gym + s.platform
const amountArb = fc.integer({ min: 0, max: 100_000_000 })
/** Any three non-negative rates summing to 10 000 bps. */
const ratesArb: fc.Arbitrary<RatesBps> = fc
  .tuple(fc.integer({ min: 0, max: BPS }), fc.integer({ min: 0, max: BPS }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)])
  .map(([lo, hi]) => ({ trainer: lo, gym: hi - lo, platform: BPS - hi }))

describe('splitAmount (largest remainder, decision 060)', () => {
  it('shares are whole pesos that sum exactly to the amount, each within one peso of amount × rate', () => {
    fc.assert(
      fc.property(amountArb, ratesArb, (amount, rates) => {
        const shares = splitAmount(amount, rates)
        expect(sum(shares)).toBe(amount)
        for (const party of ['trainer', 'gym', 'platform'] as const) {
          expect(Number.isInteger(shares[party])).toBe(true)
          expect(shares[party]).toBeGreaterThanOrEqual(0)
          expect(Math.abs(shares[party] - (amount * rates[party]) / BPS)).toBeLessThan(1)
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('a share never exceeds its exact value by a peso unless it had one of the largest remainders', () => {
    fc.assert(
      fc.property(amountArb, ratesArb, (amount, rates) => {
        const shares = splitAmount(amount, rates)
        const bumped = (['trainer', 'gym', 'platform'] as const).filter((p) => shares[p] > Math.floor((amount * rates[p]) / BPS))
        // At most (parties − 1) pesos are left after the floors.
        expect(bumped.length).toBeLessThanOrEqual(2)
      }),
    )
  })

  it('known values: 95/5 and 60/35/5, ties go trainer first', () => {
    expect(splitAmount(25_000, INDEPENDENT_RATES)).toEqual({ trainer: 23_750, gym: 0, platform: 1_250 })
    expect(splitAmount(30_001, { trainer: 6000, gym: 3500, platform: 500 })).toEqual({ trainer: 18_001, gym: 10_500, platform: 1_500 })
    // 1 peso at 50/50: a tie, the trainer gets it.
    expect(splitAmount(1, { trainer: 5000, gym: 5000, platform: 0 })).toEqual({ trainer: 1, gym: 0, platform: 0 })
    expect(splitAmount(19, INDEPENDENT_RATES)).toEqual({ trainer: 18, gym: 0, platform: 1 })
  })

  it('refuses fractional amounts and rates that do not sum to 100 %', () => {
    expect(() => splitAmount(10.5, INDEPENDENT_RATES)).toThrow(RangeError)
    expect(() => splitAmount(-1, INDEPENDENT_RATES)).toThrow(RangeError)
    expect(() => splitAmount(100, { trainer: 6000, gym: 3500, platform: 400 })).toThrow(RangeError)
  })

  it('reads stored decimal rates without floating point', () => {
    expect(rateToBps('0.600')).toBe(6000)
    expect(rateToBps('0.350')).toBe(3500)
    expect(rateToBps('0.050')).toBe(500)
    expect(rateToBps('1.000')).toBe(10_000)
    expect(rateToBps(0.35)).toBe(3500)
  })
})

describe('reversalShares (refunds and disputes, cumulative)', () => {
  /** A payment and a sequence of partial refunds that never exceed it. */
  const refundsArb = fc
    .tuple(
      fc.integer({ min: 1, max: 10_000_000 }),
      ratesArb,
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
    )
    .map(([amount, rates, cuts]) => {
      const points = [...new Set(cuts.map((c) => Math.floor(c * amount)))].sort((a, b) => a - b)
      return { amount, rates, points }
    })

  it('each step reverses exactly the refunded pesos; cumulative reversals stay within a peso of proportional', () => {
    fc.assert(
      fc.property(refundsArb, ({ amount, rates, points }) => {
        const shares = splitAmount(amount, rates)
        let before = 0
        const total = { trainer: 0, gym: 0, platform: 0 }
        for (const after of points) {
          const step = reversalShares(shares, before, after)
          expect(sum(step)).toBe(after - before)
          for (const p of ['trainer', 'gym', 'platform'] as const) {
            total[p] += step[p]
            expect(Math.abs(total[p] - (after * shares[p]) / amount)).toBeLessThan(1)
          }
          before = after
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('a full refund after any partial refunds returns exactly each stored share', () => {
    fc.assert(
      fc.property(refundsArb, ({ amount, rates, points }) => {
        const shares = splitAmount(amount, rates)
        let before = 0
        const total = { trainer: 0, gym: 0, platform: 0 }
        for (const after of [...points, amount]) {
          const step = reversalShares(shares, before, after)
          for (const p of ['trainer', 'gym', 'platform'] as const) total[p] += step[p]
          before = after
        }
        expect(total).toEqual(shares)
      }),
      { numRuns: 1000 },
    )
  })

  it('refuses refunds that shrink or exceed the payment', () => {
    const shares = splitAmount(10_000, INDEPENDENT_RATES)
    expect(() => reversalShares(shares, 500, 400)).toThrow(RangeError)
    expect(() => reversalShares(shares, 0, 10_001)).toThrow(RangeError)
  })
})
