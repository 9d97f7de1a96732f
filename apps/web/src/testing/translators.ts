import i18next from 'i18next'
import type { Translate } from '@/lib/error-text'
import type { Language } from '@/lib/language'
import errorsEn from '@/locales/errors/en.json'
import errorsEs from '@/locales/errors/es.json'

/** i18next with the `errors` namespace in both languages, as the app configures it (no fallback). */
const instance = i18next.createInstance()
void instance.init({
  resources: { es: { errors: errorsEs }, en: { errors: errorsEn } },
  initAsync: false,
  fallbackLng: false,
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
})

/** The translator a screen in `language` passes to lib/error-text.ts. */
export const errorsIn = (language: Language): Translate => {
  const t = instance.getFixedT(language, 'errors')
  return (key, options) => t(key as string, options as never) as unknown as string
}
