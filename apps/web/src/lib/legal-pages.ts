// Dependency-free on purpose: the public legal pages link to each other's language with it, and
// the screens with the language switch point their terms and privacy links at it (decision 231).
import type { Language } from './language'

export type LegalDocumentName = 'terms' | 'privacy'

/** Where each legal document is read, per language. The Spanish pages are the public ones (spec §9). */
export const LEGAL_PAGES = {
  es: { terms: '/terminos', privacy: '/privacidad' },
  en: { terms: '/en/terms', privacy: '/en/privacy' },
} as const satisfies Record<Language, Record<LegalDocumentName, string>>

/** The page of `document` in the language on screen (anything but English reads the Spanish one). */
export const legalPage = (document: LegalDocumentName, language: string | undefined): string =>
  LEGAL_PAGES[language === 'en' ? 'en' : 'es'][document]

/** The hreflang values of the two versions: Chilean Spanish, English, and Spanish for everyone else. */
export type LegalHreflang = 'es-CL' | 'en' | 'x-default'

/**
 * The language versions of the legal page at `path`, as hreflang → path (decision 234): the
 * sitemap and each page's <head> name both, and the Spanish one for any other language. None for
 * other paths.
 */
export function legalAlternates(path: string): Record<LegalHreflang, string> | undefined {
  for (const name of ['terms', 'privacy'] as const) {
    const es = LEGAL_PAGES.es[name]
    const en = LEGAL_PAGES.en[name]
    if (path === es || path === en) return { 'es-CL': es, en, 'x-default': es }
  }
  return undefined
}
