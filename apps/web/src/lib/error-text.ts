// Zod-free contract modules: this file is part of the first download (via the session).
import { RESET_PASSWORD_MIN, TRAINER_LIMITS, TRAINER_PASSWORD_MIN } from '@app/contracts/constants'
import { isErrorCode, type ErrorCode } from '@app/contracts/error-codes'
import { ApiError, ServiceError } from './api-client'

export { ServiceError }

/**
 * The one place where an error code becomes words (spec §8): a table per language from
 * (field, code) to the text a person sees, used by every form's resolver (lib/form-resolver.ts)
 * and by every server error (`serverErrorText`). Public and sign-up screens read Spanish,
 * management screens English (spec intro).
 */
export type Lang = 'es' | 'en'

/** Codes only the web forms raise (no API sends them). */
export type FormCode = 'mismatch'
export type MessageCode = ErrorCode | FormCode

type Texts = Record<MessageCode, (field: string) => string>

/** How each field is named in a sentence (spec §8 gives the Spanish names of the trainer flow). */
export const FIELD_NAMES: Record<Lang, Record<string, string>> = {
  es: {
    email: 'correo electrónico',
    customerEmail: 'correo electrónico',
    password: 'contraseña',
    confirmPassword: 'confirmación de contraseña',
    firstName: 'nombre',
    lastName: 'apellido',
    name: 'nombre',
    phone: 'teléfono',
    businessPhone: 'teléfono',
    city: 'ciudad',
    otp: 'código de verificación',
    hash: 'enlace',
    user: 'usuario',
    userId: 'usuario',
    businessName: 'nombre del gimnasio',
    businessAddress: 'dirección',
    address: 'dirección',
    businessWebsite: 'sitio web',
    website: 'sitio web',
    subscriptionPlan: 'plan de suscripción',
    centralBilling: 'facturación centralizada',
    enabled: 'facturación centralizada',
    paymentAccountId: 'ID de cuenta de pago',
    commissionRates: 'reparto de comisiones',
    trainer: 'comisión del entrenador',
    gym: 'gimnasio',
    platform: 'comisión de la plataforma',
    planId: 'plan',
    planKey: 'plan',
    successRedirect: 'dirección de retorno',
    cancelRedirect: 'dirección de retorno',
    returnUrl: 'dirección de retorno',
    country: 'país',
    userType: 'tipo de usuario',
    title: 'título',
    subject: 'asunto',
    content: 'mensaje',
    body: 'solicitud',
    verificationToken: 'verificación del correo',
    token: 'enlace de confirmación',
    reason: 'motivo',
    page: 'página',
    pageSize: 'tamaño de página',
  },
  en: {
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Password confirmation',
    firstName: 'First Name',
    lastName: 'Last Name',
    name: 'Gym Name',
    phone: 'Phone',
    address: 'Address',
    city: 'City',
    state: 'State',
    zipCode: 'Zip Code',
    description: 'Description',
    isActive: 'Status',
    specialization: 'Specialization',
    experience: 'Experience',
    gymId: 'Gym',
    gym: 'Gym',
    trainers: 'Trainers',
    body: 'Request',
    otp: 'Verification code',
    subscriptionPlan: 'Plan',
    commissionRates: 'Commission split',
    trainer: 'Trainer rate',
    platform: 'Platform rate',
    reason: 'Reason',
    page: 'Page',
    pageSize: 'Page size',
  },
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const limits = `the Business plan allows up to ${TRAINER_LIMITS.business} trainers and Enterprise up to ${TRAINER_LIMITS.enterprise}`

const GENERIC: Record<Lang, Texts> = {
  es: {
    required: (f) => `${f} es requerido`,
    invalid: (f) => `${f} no es válido`,
    invalidType: (f) => `${f} no es válido`,
    invalidEmail: () => 'Email inválido',
    invalidPhone: () => 'Ingresa un teléfono válido (de 6 a 15 dígitos)',
    tooShort: (f) => `${f} es demasiado corto`,
    tooLong: (f) => `${f} es demasiado largo`,
    tooSmall: (f) => `${f} es demasiado bajo`,
    tooBig: (f) => `${f} es demasiado alto`,
    unknownField: (f) => `${f} no se puede enviar`,
    weakPassword: () => 'La contraseña no cumple los requisitos',
    mustSumToOne: () => 'Las comisiones deben sumar 100%',
    notFound: (f) => `${f} no existe`,
    notExists: (f) => `${f} no existe`,
    emailAlreadyExists: () => 'Este correo ya está registrado',
    incorrectPassword: () => 'Contraseña incorrecta',
    inactive: () => 'Esta cuenta está desactivada',
    notBusinessAccount: () => 'Esta cuenta no es de un gimnasio. Los entrenadores ingresan desde el acceso de entrenadores.',
    invalidOrExpired: () => 'Código inválido o expirado',
    invalidHash: () => 'El enlace no es válido o ha expirado. Solicita uno nuevo.',
    alreadyExists: () => 'Ya tienes un gimnasio: edítalo en lugar de crear otro.',
    hasTrainers: () => 'Este gimnasio todavía tiene entrenadores. Elimínalos antes de eliminar el gimnasio.',
    limitReached: () => `Alcanzaste el límite de entrenadores: el plan Business admite hasta ${TRAINER_LIMITS.business} y Enterprise hasta ${TRAINER_LIMITS.enterprise}.`,
    alreadySubscribed: () => 'Esta cuenta ya tiene una suscripción activa',
    invalidRedirect: () => 'La dirección de retorno no es válida',
    notPurchasable: () => 'Este plan todavía no se puede contratar',
    mismatch: () => 'Las contraseñas no coinciden',
    invalidCharacters: (f) => `${f} contiene caracteres no permitidos`,
    nothingToChange: () => 'No hay cambios que guardar',
    alreadyVerified: () => 'Este correo ya está verificado',
  },
  en: {
    required: (f) => `${f} is required`,
    invalid: (f) => `${f} is not valid`,
    invalidType: (f) => `${f} is not valid`,
    invalidEmail: () => 'Enter a valid email address',
    invalidPhone: () => 'Enter a valid phone number (6 to 15 digits)',
    tooShort: (f) => `${f} is too short`,
    tooLong: (f) => `${f} is too long`,
    tooSmall: (f) => `${f} is too small`,
    tooBig: (f) => `${f} is too large`,
    unknownField: (f) => `${f} cannot be sent`,
    weakPassword: () => 'The password needs 8 or more characters with a lower case letter, an upper case letter, a digit and a symbol',
    mustSumToOne: () => 'The commission rates must add up to 100%',
    notFound: (f) => `${f} was not found`,
    notExists: (f) => `${f} does not exist`,
    emailAlreadyExists: () => 'This email is already in use',
    incorrectPassword: () => 'Incorrect password',
    inactive: () => 'This account is disabled',
    notBusinessAccount: () => 'This account is not a business account. Trainers and clients sign in at /auth/login.',
    invalidOrExpired: () => 'The code is invalid or has expired',
    invalidHash: () => 'This link is invalid or has expired. Request a new one.',
    alreadyExists: () => 'You already have a gym. Edit it instead.',
    hasTrainers: () => 'This gym still has trainers. Delete them before deleting the gym.',
    limitReached: () => `Trainer limit reached: ${limits}.`,
    alreadySubscribed: () => 'This account already has an active subscription',
    invalidRedirect: () => 'The return address is not valid',
    notPurchasable: () => 'This plan cannot be bought yet',
    mismatch: () => 'Passwords do not match',
    invalidCharacters: (f) => `${f} contains characters that are not allowed`,
    nothingToChange: () => 'There is nothing to change',
    alreadyVerified: () => 'This email address is already verified',
  },
}

/** Where a field needs its own words (spec §5 and §8 texts). */
const BY_FIELD: Record<Lang, Record<string, Partial<Record<MessageCode, string>>>> = {
  es: {
    email: { notFound: 'El correo electrónico no está registrado', required: 'El correo electrónico es requerido' },
    password: { required: 'La contraseña es requerida', tooShort: `La contraseña debe tener al menos ${RESET_PASSWORD_MIN} caracteres` },
    firstName: { required: 'Nombre y apellido requeridos' },
    lastName: { required: 'Nombre y apellido requeridos' },
    otp: { required: 'El código es requerido', invalid: 'Código inválido o expirado' },
    hash: { required: 'El código es requerido' },
    verificationToken: {
      invalidOrExpired: 'La verificación del correo expiró. Reinicia el registro.',
      required: 'La verificación del correo expiró. Reinicia el registro.',
    },
  },
  en: {
    email: { notFound: 'No account is registered with this e-mail' },
    password: { tooShort: `Password must be at least ${TRAINER_PASSWORD_MIN} characters` },
    experience: { tooSmall: 'Experience must be 0 or more', invalidType: 'Experience must be a whole number of years', invalid: 'Experience must be a whole number of years' },
  },
}

/** The text a person sees for `code` on `field`; a code no table knows gets the spec's generic line. */
export function errorText(field: string, code: string, lang: Lang): string {
  const own = BY_FIELD[lang][field]?.[code as MessageCode]
  if (own) return own
  const name = FIELD_NAMES[lang][field] ?? field
  if (isErrorCode(code) || code === 'mismatch') return capitalise(GENERIC[lang][code as MessageCode](name))
  // Spec §8 "other": a code sent by a newer server than this web app knows.
  return lang === 'es' ? `Error en ${name}: ${code}` : `${capitalise(name)}: ${code}`
}

const UNEXPECTED: Record<Lang, string> = { es: 'Ocurrió un error inesperado', en: 'An unexpected error occurred' }
const OFFLINE: Record<Lang, string> = {
  es: 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.',
  en: 'Could not reach the server. Check your connection and try again.',
}
const tooMany = (lang: Lang, seconds?: number) =>
  lang === 'es'
    ? `Demasiados intentos. Inténtalo nuevamente${seconds ? ` en ${seconds} segundos` : ' en unos minutos'}.`
    : `Too many attempts. Try again${seconds ? ` in ${seconds} seconds` : ' in a few minutes'}.`

export interface ServerErrorText {
  /** The field the message belongs to, when the server named one. */
  field?: string
  message: string
}

/**
 * A failed call as words (spec §8): the first field and code of `errors`; else the server's own
 * message (a 4xx the API wrote for people); else `fallback`, the screen's spec text. A browser's
 * or library's message (e.g. "Failed to fetch") never reaches a person.
 */
export function serverErrorText(error: unknown, lang: Lang, fallback?: string): ServerErrorText {
  if (error instanceof ApiError) {
    const first = error.errors ? Object.entries(error.errors)[0] : undefined
    if (first) return { field: first[0], message: errorText(first[0], first[1], lang) }
    if (error.status === 429) return { message: tooMany(lang, error.retryAfter) }
    const message = (error.data as { message?: unknown } | null)?.message
    if (error.status < 500 && typeof message === 'string' && message.trim()) return { message }
    return { message: fallback ?? UNEXPECTED[lang] }
  }
  // The screen's own fallback, when it has one, wins over the service's (spec §8).
  if (error instanceof ServiceError) return { message: fallback ?? error.message }
  if (error instanceof TypeError) return { message: fallback ?? OFFLINE[lang] }
  return { message: fallback ?? UNEXPECTED[lang] }
}
