// The one i18next setup of the app (decision 047; how to add strings: docs/architecture.md).
// Only pages that offer the language switch import it (through their route's loader and
// react-i18next): the marketing pages never download i18next.
import i18next from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { initReactI18next, useTranslation } from 'react-i18next'
import type { Translate } from './error-text'
import { formatClp } from '@app/contracts/format-clp'
import { INTL_LOCALE, LANGUAGES, showLanguage, storedLanguage, storeLanguage, type Language } from './language'

export type { Language } from './language'

type LocaleFile = () => Promise<{ default: Record<string, unknown> }>

/**
 * Every namespace is a pair of JSON files found at build time, each its own chunk, so a page
 * downloads only its namespaces in its language:
 *   src/features/<feature>/locales/<lang>.json  → namespace '<feature>'
 *   src/locales/<namespace>/<lang>.json          → shared namespaces ('common', 'errors')
 */
const files = new Map<string, LocaleFile>()
for (const [path, load] of Object.entries(
  import.meta.glob<{ default: Record<string, unknown> }>(['/src/features/*/locales/*.json', '/src/locales/*/*.json']),
)) {
  const match = /\/(?:features\/([^/]+)\/locales|locales\/([^/]+))\/([a-z]+)\.json$/.exec(path)
  if (match) files.set(`${match[1] ?? match[2]}/${match[3]}`, load)
}

export const i18n = i18next.createInstance()

const started = i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      const load = files.get(`${namespace}/${language}`)
      if (!load) return Promise.reject(new Error(`no locale file for namespace '${namespace}' in '${language}'`))
      return load()
    }),
  )
  .init({
    supportedLngs: [...LANGUAGES],
    // No fallback language: it would download every namespace twice. The missing-key test
    // (src/lib/i18n.test.ts) keeps both languages complete.
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // Route loaders load a page's namespaces before it renders (prepareLanguage), so nothing
    // suspends; a language switch re-renders once the new files are in.
    react: { useSuspense: false },
  })

i18n.on('languageChanged', (language: string) => showLanguage(language as Language))

/**
 * Called by the route loader of every page with the switch: the person's stored choice, else the
 * page's own default (the spec's language), with the page's namespaces loaded before it renders.
 */
export async function prepareLanguage(pageDefault: Language, pageNamespaces: readonly string[]) {
  await started
  const language = storedLanguage() ?? pageDefault
  const wanted = ['common', ...pageNamespaces]
  // Later switches load every namespace listed here in the new language (i18next keeps the list).
  const listed = i18n.options.ns as string[]
  for (const namespace of wanted) if (!listed.includes(namespace)) listed.push(namespace)
  // Only this language's files, before the language changes: the page being left keeps its
  // texts until the next page can render.
  await new Promise<void>((resolve, reject) =>
    i18n.services.backendConnector.load([language], wanted, (error: unknown) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
    ),
  )
  if (i18n.language !== language) await i18n.changeLanguage(language)
  else showLanguage(language)
}

/** The language switch: remembered for every screen with the switch in this browser. */
export async function chooseLanguage(language: Language) {
  storeLanguage(language)
  await i18n.changeLanguage(language)
}

/** Dates, numbers and CLP amounts in the shown language (es-CL or en). */
export function formatters(language: Language) {
  const locale = INTL_LOCALE[language]
  const number = new Intl.NumberFormat(locale)
  // Dates are Chile's calendar wherever the reader is (a payment at 00:07 UTC is still the day before in Santiago).
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Santiago' })
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
  return {
    clp: (pesos: number) => formatClp(pesos, language),
    number: (value: number) => number.format(value),
    date: (value: Date | string) => date.format(typeof value === 'string' ? new Date(value) : value),
    percent: (fraction: number) => percent.format(fraction),
  }
}

/** The formatters of the language on screen; re-renders on a switch. */
export function useFormat() {
  const { i18n: current } = useTranslation()
  return formatters(current.language as Language)
}

/**
 * The `errors` namespace for lib/error-text.ts (`errorText(field, code, errorsT)`), in the language
 * on screen when called. Pages that use it list 'errors' among their namespaces.
 */
export const errorsT: Translate = (key, options) => i18n.t(key as string, { ...options, ns: 'errors' } as never) as unknown as string
