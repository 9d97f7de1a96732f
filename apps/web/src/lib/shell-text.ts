import { useSyncExternalStore } from 'react'
import en from '@/locales/shell/en.json'
import es from '@/locales/shell/es.json'
import { pageLanguage, subscribePageLanguage, type Language } from './language'

// The texts of the app's shell (the toaster, the session-expired toast, the error and not-found
// pages) can show on any page, including the public ones that never download i18next (decisions
// 047, 048): both languages come with the entry (~0.4 KB gz) and follow the page's language. They
// live beside i18next's namespaces (src/locales/shell/) and pass the same key checks (i18n.test.ts).
const TEXTS: Record<Language, unknown> = { es, en }

/** A shell text by its dotted key, in `language` (default: the page's). */
export function shellText(key: string, language: Language = pageLanguage.current): string {
  let node = TEXTS[language]
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  if (typeof node !== 'string') throw new Error(`no shell text '${key}'`)
  return node
}

/** `t` for shell texts in the page's language (or `language`), re-rendering when it changes. */
export function useShellText(language?: Language) {
  const shown = useSyncExternalStore(
    subscribePageLanguage,
    () => pageLanguage.current,
    () => pageLanguage.current,
  )
  const current = language ?? shown
  return { t: (key: string) => shellText(key, current), language: current }
}
