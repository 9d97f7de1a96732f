/**
 * Splitting whole pesos (decision 060). Pure functions, no I/O.
 *
 * Rule: largest remainder. Each party first gets floor(amount × weight / total); the pesos left
 * over (fewer than the number of parties) go one each to the parties with the largest
 * remainders; equal remainders are broken by the fixed party order trainer, gym, platform.
 * So the shares sum exactly to the amount and each is within one peso of amount × rate.
 */

export const PARTIES = ['trainer', 'gym', 'platform'] as const
export type Party = (typeof PARTIES)[number]
export type Shares = Record<Party, number>

/** Rates in basis points (1 % = 100); they sum to 10 000. */
export type RatesBps = Shares

export const BPS = 10_000

function largestRemainder(amount: number, weights: Shares, total: number): Shares {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`amount must be a whole non-negative number of pesos, got ${amount}`)
  if (total <= 0) throw new RangeError('weights must sum to a positive total')
  const out = { trainer: 0, gym: 0, platform: 0 }
  const rest: { party: Party; remainder: number; order: number }[] = []
  let given = 0
  PARTIES.forEach((party, order) => {
    const w = weights[party]
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weight of ${party} must be a whole non-negative number`)
    // amount × weight stays a safe integer: amounts ≤ 10^10 and weights ≤ 10^7 in practice.
    const product = amount * w
    if (!Number.isSafeInteger(product)) throw new RangeError('amount × weight is too large')
    out[party] = Math.floor(product / total)
    given += out[party]
    rest.push({ party, remainder: product % total, order })
  })
  rest.sort((a, b) => b.remainder - a.remainder || a.order - b.order)
  for (let i = 0; i < amount - given; i++) out[rest[i].party] += 1
  return out
}

/** A payment's shares from the stored rates. */
export function splitAmount(amount: number, rates: RatesBps): Shares {
  const total = rates.trainer + rates.gym + rates.platform
  if (total !== BPS) throw new RangeError(`rates must sum to ${BPS} bps, got ${total}`)
  return largestRemainder(amount, rates, BPS)
}

/**
 * What a refund (or dispute) of `refundedBefore → refundedAfter` pesos takes back from each
 * party of a payment whose stored shares are `shares`. Cumulative: the reversal is
 * split(after) − split(before), both split over the stored shares, so the reversals of any
 * sequence of partial refunds add up to split(total refunded), and a full refund returns
 * exactly each stored share. A single step may move one peso between parties (largest
 * remainder is not monotone); the cumulative total never strays a peso from proportional.
 */
export function reversalShares(shares: Shares, refundedBefore: number, refundedAfter: number): Shares {
  const amount = shares.trainer + shares.gym + shares.platform
  if (!(0 <= refundedBefore && refundedBefore <= refundedAfter && refundedAfter <= amount))
    throw new RangeError('refunds must grow within the payment amount')
  if (amount === 0) return { trainer: 0, gym: 0, platform: 0 }
  const after = largestRemainder(refundedAfter, shares, amount)
  const before = largestRemainder(refundedBefore, shares, amount)
  return { trainer: after.trainer - before.trainer, gym: after.gym - before.gym, platform: after.platform - before.platform }
}

/** A rate as the API writes it (0.6, '0.600') in basis points (6000), without floating point. */
export function rateToBps(rate: string | number): number {
  const text = typeof rate === 'number' ? rate.toFixed(4) : rate.trim()
  const match = /^(\d+)(?:\.(\d{0,4}))?\d*$/.exec(text)
  if (!match) throw new RangeError(`not a rate: ${rate}`)
  return Number(match[1]) * BPS + Number((match[2] ?? '').padEnd(4, '0'))
}

/** Basis points (6000) as the API's rate (0.6): the spec's `commissionRates` fields are fractions. */
export const bpsToRate = (bps: number): number => bps / BPS

/** Rates as the API writes them ({ trainer: 0.6, … }) in basis points. */
export const ratesToBps = (rates: { trainer: number; gym: number; platform: number }): RatesBps => ({
  trainer: rateToBps(rates.trainer),
  gym: rateToBps(rates.gym),
  platform: rateToBps(rates.platform),
})

/** The independent trainer's split (spec §9): trainer 95 %, platform 5 %. */
export const INDEPENDENT_RATES: RatesBps = { trainer: 9_500, gym: 0, platform: 500 }
