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
