// Dependency-free on purpose: src/main.tsx (the entry of every page) reads the stored choice to
// decide whether a prerendered page can be hydrated, without downloading i18next (decision 047).

export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

/** The locale Intl formats with (dates, numbers, CLP amounts). */
export const INTL_LOCALE: Record<Language, string> = { es: 'es-CL', en: 'en' }

const STORAGE_KEY = 'language'

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/** The language this browser's person picked with the switch, if any. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return isLanguage(value) ? value : null
  } catch {
    return null // storage blocked: every screen shows its default
  }
}

export function storeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // storage blocked: the choice holds until the page is left
  }
}

/**
 * The language of the page rendered last: `<html lang>` in the browser; read by the build-time
 * render (src/prerender.tsx) to write each prerendered file's `lang`.
 */
export const pageLanguage: { current: Language } = { current: 'es' }

const listeners = new Set<() => void>()

export function showLanguage(language: Language) {
  const changed = pageLanguage.current !== language
  pageLanguage.current = language
  if (typeof document !== 'undefined') document.documentElement.lang = language
  if (changed) for (const listener of listeners) listener()
}

/** Calls `listener` whenever the page's language changes (for useSyncExternalStore). */
export function subscribePageLanguage(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
