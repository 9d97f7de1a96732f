// Zod-free contract modules: this file is part of the first download (via the session).
import { RESET_PASSWORD_MIN, TRAINER_LIMITS, TRAINER_PASSWORD_MIN } from '@app/contracts/constants'
import { isErrorCode, SERVICE_ERROR_CODES, type ServiceErrorCode } from '@app/contracts/error-codes'
import spanishTexts from '@/locales/errors/es.json'
import { ApiError, ServiceError } from './api-client'

export { ServiceError }

/**
 * The one place where an error code becomes words (spec §8): the `errors` namespace
 * (src/locales/errors/<lang>.json) maps (field, code) to the text a person sees. Every form's
 * resolver (lib/form-resolver.ts) and every server error (`serverErrorText`) go through it.
 *
 * Screens with the language switch pass i18next's translator of that namespace (`errorsT` of
 * lib/i18n.ts); the Spanish-only screens (marketing, trainer sign-up) pass 'es' and read the same
 * Spanish file without downloading i18next (decision 047).
 */
export type Lang = 'es' | 'en'

/** A translator of the `errors` namespace: i18next's `t` (key fallbacks, `{{name}}` values). */
export type Translate = (key: string | string[], options?: Record<string, unknown>) => string
/** Where the words come from: an i18next translator, or 'es' on screens without i18next. */
export type TextSource = Translate | 'es'

const lookup = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), spanishTexts)

/**
 * The Spanish texts as i18next would give them, for screens that must not load it (the landing
 * budget): first key found, `defaultValue` else, `{{name}}` replaced. The error-text test checks
 * it against i18next on every key.
 */
const spanishPlural = new Intl.PluralRules('es')

export const spanish: Translate = (keys, options = {}) => {
  // i18next's plural keys (`key_one`, `key_other`) when a `count` is given.
  const plural = (key: string) =>
    typeof options.count === 'number' ? [`${key}_${spanishPlural.select(options.count)}`, `${key}_other`, key] : [key]
  const text =
    [keys]
      .flat()
      .flatMap(plural)
      .map(lookup)
      .find((value): value is string => typeof value === 'string') ?? options.defaultValue
  if (typeof text !== 'string') return [keys].flat().at(-1)!
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (options[name] === undefined ? whole : String(options[name])))
}

const translator = (source: TextSource): Translate => (source === 'es' ? spanish : source)

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
/** Values some texts name (password lengths, plan limits). */
const VALUES = {
  resetMin: RESET_PASSWORD_MIN,
  trainerMin: TRAINER_PASSWORD_MIN,
  business: TRAINER_LIMITS.business,
  enterprise: TRAINER_LIMITS.enterprise,
}

/** The text a person sees for `code` on `field`; a code no table knows gets the spec's generic line. */
export function errorText(field: string, code: string, source: TextSource): string {
  const t = translator(source)
  const name = t(`fieldName.${field}`, { defaultValue: field })
  const known = isErrorCode(code) || code === 'mismatch'
  // Spec §8 "other": a code sent by a newer server than this web app knows.
  const keys = known ? [`fieldCode.${field}.${code}`, `code.${code}`] : [`fieldCode.${field}.${code}`, 'unknownCode']
  return capitalise(t(keys, { ...VALUES, field: name, code }))
}

export interface ServerErrorText {
  /** The field the message belongs to, when the server named one. */
  field?: string
  message: string
}

/** The body's `code` of a refusal about the service (503, 507, idempotency), when it is one. */
const serviceCode = (data: unknown): ServiceErrorCode | undefined => {
  const code = (data as { code?: unknown } | null)?.code
  return (SERVICE_ERROR_CODES as readonly unknown[]).includes(code) ? (code as ServiceErrorCode) : undefined
}

/**
 * A failed call as words (spec §8): the first field and code of `errors`; else the text of the
 * body's service `code` (with Retry-After seconds when given); else, on English screens only, the
 * server's own message (a 4xx the API wrote in English for people); else `fallback`, the screen's
 * spec text. A browser's or library's message (e.g. "Failed to fetch") never reaches a person,
 * and a Spanish screen never shows the API's English words (decision 160).
 */
export function serverErrorText(error: unknown, source: TextSource, fallback?: string): ServerErrorText {
  const t = translator(source)
  if (error instanceof ApiError) {
    const first = error.errors ? Object.entries(error.errors)[0] : undefined
    if (first) return { field: first[0], message: errorText(first[0], first[1], source) }
    if (error.status === 429) return { message: error.retryAfter ? t('tooManySeconds', { seconds: error.retryAfter }) : t('tooMany') }
    const code = serviceCode(error.data)
    if (code) {
      const text = t(`service.${code}`)
      return { message: error.retryAfter ? t('retryInSeconds', { text, count: error.retryAfter }) : text }
    }
    const message = (error.data as { message?: unknown } | null)?.message
    const english = t('lang') === 'en'
    if (english && error.status < 500 && typeof message === 'string' && message.trim()) return { message }
    return { message: fallback ?? t('unexpected') }
  }
  // The screen's own fallback, when it has one, wins over the service's (spec §8).
  if (error instanceof ServiceError) return { message: fallback ?? error.message }
  if (error instanceof TypeError) return { message: fallback ?? t('offline') }
  return { message: fallback ?? t('unexpected') }
}
