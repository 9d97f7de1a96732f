import type { CommissionRates } from '@app/contracts'

/** Rates as whole-ish percentages: 0.6 → "60", 0.355 → "35.5" (thousandths, decision in contracts). */
export const percent = (rate: number) => String(Math.round(rate * 1000) / 10)

export const splitText = (rates: CommissionRates) => `${percent(rates.trainer)} / ${percent(rates.gym)} / ${percent(rates.platform)}`
