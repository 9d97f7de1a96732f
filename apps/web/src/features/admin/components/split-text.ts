/** Rates as whole-ish percentages for the gym form's fields: 0.6 → "60", 0.355 → "35.5" (thousandths, decision in contracts). */
export const percent = (rate: number) => String(Math.round(rate * 1000) / 10)
