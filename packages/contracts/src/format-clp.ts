// No zod: the public pages import it in their first download (`@app/contracts/format-clp`).

const formats = {
  es: new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }),
  en: new Intl.NumberFormat('en', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }),
}

/**
 * The one CLP formatter, for every screen (web and server-rendered pages): whole pesos, "$12.345"
 * (es-CL) in Spanish, "CLP 12,345" on the English gym management screens.
 */
export const formatClp = (pesos: number, language: 'es' | 'en' = 'es') => formats[language].format(pesos)

// What a person types for a CLP amount: grouped thousands with the language's separator, an
// optional "$" or "CLP", and at most two zero decimals (three digits after a separator are a
// thousands group, never decimals: "45.000" is never 45) ("45.000", "45000", "$45.000", "45.000,00").
const typed = {
  es: /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,00?)?$/,
  en: /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.00?)?$/,
}

/**
 * The whole pesos in `text` as typed in `language`, or null when it is not an amount (a fraction
 * of a peso, a misplaced separator, letters). The inverse of formatClp for every whole amount.
 */
export function parseClp(text: string, language: 'es' | 'en' = 'es'): number | null {
  const bare = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^(?:CLP|\$)+/i, '')
  const match = typed[language].exec(bare)
  if (!match) return null
  const pesos = Number(match[1].replace(/[.,]/g, ''))
  return Number.isSafeInteger(pesos) ? pesos : null
}
