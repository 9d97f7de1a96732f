import * as contracts from '@app/contracts'
import { ERROR_CODES, isErrorCode, SERVICE_ERROR_CODES } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from './api-client'
import errorsEn from '@/locales/errors/en.json'
import errorsEs from '@/locales/errors/es.json'
import { errorsIn } from '@/testing/translators'
import { errorText as errorTextIn, serverErrorText as serverErrorTextIn, ServiceError, spanish } from './error-text'
import type { Language as Lang } from './language'
import { issueCode } from './form-resolver'

/** Both languages through i18next, as the screens with the switch get them. */
const errorText = (field: string, code: string, lang: Lang) => errorTextIn(field, code, errorsIn(lang))
const serverErrorText = (error: unknown, lang: Lang, fallback?: string) => serverErrorTextIn(error, errorsIn(lang), fallback)
const FIELD_NAMES: Record<Lang, Record<string, string>> = { es: errorsEs.fieldName, en: errorsEn.fieldName }

/** Request and form schemas of the contracts, with the language of the screens that send them. */
const INPUTS: [string, Lang[]][] = [
  ['LoginSchema', ['es', 'en']],
  ['GymInputSchema', ['en']],
  ['TrainerInputSchema', ['en']],
  ['TrainerWithUserInputSchema', ['en']],
  ['BusinessRegisterSchema', ['es']],
  ['ForgotPasswordSchema', ['es']],
  ['ResetPasswordSchema', ['es']],
  ['OtpRequestSchema', ['es']],
  ['OtpVerifySchema', ['es']],
  ['MemberRegistrationSchema', ['es']],
  ['CheckoutRequestSchema', ['es']],
  ['BillingPortalRequestSchema', ['es']],
  ['OnboardingSetupRequestSchema', ['es']],
  ['FormSubmissionSchema', ['es']],
  ['AccessRequestFormSchema', ['es']],
  ['UserLookupQuerySchema', ['es']],
  ['EmailVerificationConfirmSchema', ['en']],
  ['EmailChangeConfirmSchema', ['es']],
  ['AdminBusinessUpdateSchema', ['es', 'en']],
  ['AdminBusinessListQuerySchema', ['es', 'en']],
  // The operator console (features/admin): Spanish by default, with the switch.
  ['AdminLeadUpdateSchema', ['es', 'en']],
  ['AdminAccountActionSchema', ['es', 'en']],
  ['AdminResendMailSchema', ['es', 'en']],
  ['AdminLeadListQuerySchema', ['es', 'en']],
  ['AdminTrainerListQuerySchema', ['es', 'en']],
  ['AdminAuditListQuerySchema', ['es', 'en']],
  ['AdminMoneyTransactionsQuerySchema', ['es', 'en']],
  // Client billing: the trainer's screens have the switch; the client's are Spanish.
  ['OfferCreateSchema', ['es', 'en']],
  ['OfferUpdateSchema', ['es', 'en']],
  ['ClientInvitationCreateSchema', ['es', 'en']],
  ['RefundRequestSchema', ['es', 'en']],
  ['DateRangeQuerySchema', ['es', 'en']],
  ['InvitationConfirmSchema', ['es']],
  ['ClientCheckoutRequestSchema', ['es']],
  ['ClientPortalRequestSchema', ['es']],
]

/** Codes the API's services send on a field (apps/api/src/modules/*\/service.ts), by screen language. */
const SERVICE_CODES: [field: string, code: string, lang: Lang][] = [
  ['email', 'notFound', 'es'],
  ['email', 'notFound', 'en'],
  ['password', 'incorrectPassword', 'es'],
  ['password', 'incorrectPassword', 'en'],
  ['email', 'inactive', 'en'],
  ['email', 'notBusinessAccount', 'en'],
  ['email', 'emailAlreadyExists', 'es'],
  ['email', 'emailAlreadyExists', 'en'],
  ['gym', 'alreadyExists', 'en'],
  ['gym', 'hasTrainers', 'en'],
  ['trainers', 'limitReached', 'en'],
  ['gymId', 'notFound', 'en'],
  ['successRedirect', 'invalidRedirect', 'es'],
  ['planId', 'notExists', 'es'],
  ['planId', 'notPurchasable', 'es'],
  ['planKey', 'invalid', 'es'],
  ['customerEmail', 'invalid', 'es'],
  ['userId', 'alreadySubscribed', 'es'],
  ['email', 'invalid', 'es'],
  ['otp', 'invalidOrExpired', 'es'],
  ['hash', 'invalidHash', 'es'],
  ['verificationToken', 'invalidOrExpired', 'es'],
  ['verificationToken', 'required', 'es'],
  ['email', 'alreadyVerified', 'en'],
  ['otp', 'invalidOrExpired', 'en'],
  ['token', 'invalidOrExpired', 'es'],
  ['email', 'emailAlreadyExists', 'es'],
  ['subscriptionPlan', 'nothingToChange', 'es'],
  ['commissionRates', 'mustSumToOne', 'es'],
  ['lastName', 'invalidCharacters', 'es'],
  ['city', 'invalidCharacters', 'en'],
  // Client billing (apps/api/src/modules/client-billing)
  ...(['es', 'en'] as const).flatMap((lang): [string, string, Lang][] => [
    ['clients', 'limitReached', lang],
    ['subscription', 'required', lang],
    ['payouts', 'required', lang],
    ['offerId', 'notPurchasable', lang],
    ['offerId', 'notFound', lang],
    ['id', 'notPurchasable', lang],
    ['id', 'notFound', lang],
    ['amountClp', 'tooBig', lang],
    ['email', 'alreadyExists', lang],
    ['email', 'invalid', lang],
    ['from', 'invalid', lang],
    ['to', 'invalid', lang],
    ['body', 'nothingToChange', lang],
  ]),
  ['offer', 'notPurchasable', 'es'],
  ['token', 'alreadySubscribed', 'es'],
  ['token', 'notFound', 'es'],
  ['token', 'invalid', 'es'],
  ['firstName', 'required', 'es'],
]

const PROBES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'Ab1!',
  'a'.repeat(6000),
  'not an email',
  'ftp://x',
  '12',
  -1,
  1.5,
  1_000_000,
  0,
  true,
  {},
  [],
  { trainer: 1, gym: 1, platform: 1 },
]

/** A text a person can read: not a code, not zod's words, not the spec's generic "Error en {field}: {code}". */
function expectHuman(text: string, field: string, code: string, lang: Lang) {
  const where = `${lang} ${field}.${code} → "${text}"`
  expect(text, where).not.toMatch(/^Error en |: [a-z][A-Za-z]+$|Too (small|big)|Invalid (input|email)|expected|received/)
  if (/[A-Z]/.test(code)) expect(text, where).not.toContain(code)
  // The field is named in words, not by its key (unless the text needs no name).
  if (FIELD_NAMES[lang][field] === undefined && text.toLowerCase().includes(field.toLowerCase()))
    throw new Error(`${where}: the field has no ${lang} name`)
}

/** Every (field, code) a schema can produce for the probe values, as the API's mapper would code them. */
function fieldCodes(schema: z.ZodObject): [string, string][] {
  const found = new Map<string, [string, string]>()
  const add = (issues: z.core.$ZodIssue[], fallbackField: string) => {
    for (const issue of issues) {
      const field = String(issue.path.at(-1) ?? fallbackField)
      found.set(`${field}.${issue.message}`, [field, issue.message])
    }
  }
  for (const [key, field] of Object.entries(schema.shape)) {
    for (const value of PROBES) {
      const result = (field as z.ZodType).safeParse(value, { error: issueCode })
      if (!result.success) add(result.error.issues, key)
    }
  }
  const strict = schema.safeParse({ unexpected: 1 }, { error: issueCode })
  if (!strict.success) add(strict.error.issues, 'body')
  return [...found.values()]
}

describe('error texts', () => {
  it('every contract field and every code it can produce has a human text in its screen language', () => {
    let checked = 0
    for (const [name, langs] of INPUTS) {
      const schema = (contracts as unknown as Record<string, z.ZodObject>)[name]
      expect(schema, name).toBeInstanceOf(z.ZodObject)
      for (const [field, code] of fieldCodes(schema)) {
        expect(isErrorCode(code), `${name}.${field} produces "${code}", which is not in ErrorCode`).toBe(true)
        for (const lang of langs) {
          expectHuman(errorText(field, code, lang), field, code, lang)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(150)
  })

  it('every code a service sends has a human text on the screens that receive it', () => {
    for (const [field, code, lang] of SERVICE_CODES) {
      expect(isErrorCode(code), code).toBe(true)
      expectHuman(errorText(field, code, lang), field, code, lang)
    }
  })

  it('every ErrorCode has a text in both languages', () => {
    for (const code of ERROR_CODES)
      for (const lang of ['es', 'en'] as const) expectHuman(errorText('email', code, lang), 'email', code, lang)
  })

  it('uses the spec texts (§5, §8) and the screen language', () => {
    expect(errorText('email', 'notFound', 'es')).toBe('El correo electrónico no está registrado')
    expect(errorText('email', 'required', 'es')).toBe('El correo electrónico es requerido')
    expect(errorText('password', 'required', 'es')).toBe('La contraseña es requerida')
    expect(errorText('email', 'invalidEmail', 'es')).toBe('Email inválido')
    expect(errorText('firstName', 'required', 'es')).toBe('Nombre y apellido requeridos')
    expect(errorText('password', 'weakPassword', 'es')).toBe('La contraseña no cumple los requisitos')
    expect(errorText('confirmPassword', 'mismatch', 'es')).toBe('Las contraseñas no coinciden')
    expect(errorText('password', 'tooShort', 'es')).toBe('La contraseña debe tener al menos 6 caracteres')
    expect(errorText('otp', 'invalidOrExpired', 'es')).toBe('Código inválido o expirado')
    expect(errorText('phone', 'required', 'es')).toBe('Teléfono es requerido')
    expect(errorText('planId', 'notExists', 'es')).toBe('Plan no existe')
    expect(errorText('name', 'required', 'en')).toBe('Gym Name is required')
    expect(errorText('email', 'required', 'en')).toBe('Email is required')
    expect(errorText('experience', 'tooSmall', 'en')).toBe('Experience must be 0 or more')
    // Spec §8 "other": a code this app does not know yet.
    expect(errorText('lastName', 'somethingNew', 'es')).toBe('Error en apellido: somethingNew')
  })
})

describe('serverErrorText (spec §8)', () => {
  const apiError = (status: number, body: unknown, retryAfter?: number) =>
    new ApiError((body as { message?: string } | null)?.message ?? `Request failed: ${status}`, status, body, retryAfter)

  it('the first field and code of errors, in the screen language', () => {
    const err = apiError(422, {
      status: 422,
      message: 'Unprocessable entity',
      errors: { email: 'notFound', password: 'incorrectPassword' },
    })
    expect(serverErrorText(err, 'es')).toEqual({ field: 'email', message: 'El correo electrónico no está registrado' })
    expect(serverErrorText(err, 'en')).toEqual({ field: 'email', message: 'No account is registered with this e-mail' })
  })

  it("else a 4xx server message on English screens; 5xx, network and library failures get the screen's fallback, never their own words", () => {
    const refused = apiError(403, { status: 403, message: 'Subscribe to a plan before setting up payouts' })
    expect(serverErrorText(refused, 'en').message).toBe('Subscribe to a plan before setting up payouts')
    expect(
      serverErrorText(apiError(500, { status: 500, message: 'Internal server error (request id 1)' }), 'es', 'Error al registrar').message,
    ).toBe('Error al registrar')
    expect(serverErrorText(apiError(502, 'Bad gateway'), 'es').message).toBe('Ocurrió un error inesperado')
    expect(serverErrorText(new TypeError('Failed to fetch'), 'en').message).toBe(
      'Could not reach the server. Check your connection and try again.',
    )
    expect(serverErrorText(new ServiceError('Login failed. Please try again.'), 'en').message).toBe('Login failed. Please try again.')
    expect(serverErrorText(undefined, 'es').message).toBe('Ocurrió un error inesperado')
  })

  it("a Spanish screen never shows the API's English message: its fallback, else the generic line", () => {
    const refused = apiError(403, { status: 403, message: 'Subscribe to a plan before setting up payouts' })
    expect(serverErrorText(refused, 'es').message).toBe('Ocurrió un error inesperado')
    expect(serverErrorText(refused, 'es', 'No pudimos iniciar la configuración').message).toBe('No pudimos iniciar la configuración')
    expect(serverErrorTextIn(refused, 'es').message).toBe('Ocurrió un error inesperado')
  })

  it('every service code (503, 507, idempotency) has its own text in both languages, with the Retry-After seconds', () => {
    for (const code of SERVICE_ERROR_CODES)
      for (const lang of ['es', 'en'] as const) {
        const text = serverErrorText(apiError(503, { status: 503, message: 'Database unavailable', code }), lang, 'fallback').message
        expect(text, `${lang} ${code}`).toBe((lang === 'es' ? errorsEs : errorsEn).service[code])
      }
    const down = apiError(503, { status: 503, message: 'The database is not answering', code: 'databaseUnavailable' }, 30)
    expect(serverErrorText(down, 'es').message).toBe(
      'El servicio no está disponible en este momento. Inténtalo nuevamente en unos minutos. Vuelve a intentarlo en 30 segundos.',
    )
    expect(serverErrorText(down, 'en').message).toBe(
      'The service is unavailable right now. Please try again in a few minutes. Try again in 30 seconds.',
    )
    const full = apiError(507, { status: 507, message: 'Insufficient storage', code: 'storageFull' }, 1)
    expect(serverErrorText(full, 'es').message).toMatch(/en 1 segundo\.$/)
    expect(serverErrorTextIn(full, 'es')).toEqual(serverErrorText(full, 'es'))
    expect(serverErrorText(apiError(409, { status: 409, message: 'In progress', code: 'idempotencyKeyInProgress' }), 'en').message).toBe(
      'Your previous request is still being processed. Please wait a moment.',
    )
  })

  it('a 429 says how long to wait, in the screen language', () => {
    expect(serverErrorText(apiError(429, { status: 429, message: 'Too many requests. Try again in 97 seconds.' }, 97), 'es').message).toBe(
      'Demasiados intentos. Inténtalo nuevamente en 97 segundos.',
    )
  })
})

describe("the Spanish screens without i18next ('es')", () => {
  it('get the very texts i18next gives, for every field and code', () => {
    const codes = [...ERROR_CODES, 'mismatch', 'somethingNew']
    const fields = [...Object.keys(errorsEs.fieldName), ...Object.keys(errorsEs.fieldCode), 'unnamedField']
    for (const field of fields)
      for (const code of codes) expect(errorTextIn(field, code, 'es'), `${field}.${code}`).toBe(errorText(field, code, 'es'))
    const limited = new ApiError('Too many requests', 429, null, 30)
    expect(serverErrorTextIn(limited, 'es')).toEqual(serverErrorText(limited, 'es'))
    expect(spanish('missing.key')).toBe('missing.key')
  })
})
