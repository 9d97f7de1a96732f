import { ApiError } from '@/lib/api-client'

/** Field names as the trainer reads them (spec §8). */
export const FIELD_NAMES: Record<string, string> = {
  email: 'correo electrónico',
  password: 'contraseña',
  firstName: 'nombre',
  lastName: 'apellido',
  phone: 'teléfono',
  otp: 'código de verificación',
  user: 'usuario',
  userId: 'usuario',
}

const FIELD_MESSAGES: Record<string, Record<string, string>> = {
  email: {
    notFound: 'El correo electrónico no está registrado',
    needLoginViaProvider: 'Esta cuenta está vinculada a un inicio de sesión social. Usa el botón correspondiente para ingresar.',
    emailAlreadyExists: 'Este correo ya está registrado',
    emailExists: 'Este correo ya está en uso',
  },
  password: {
    incorrectPassword: 'Contraseña incorrecta',
    missingOldPassword: 'Debes ingresar tu contraseña actual',
    incorrectOldPassword: 'La contraseña actual es incorrecta',
  },
  otp: { invalidOrExpired: 'Código inválido o expirado' },
  verificationToken: { invalidOrExpired: 'La verificación del correo expiró. Reinicia el registro.' },
  hash: { invalidHash: 'Enlace inválido o expirado', '': 'El código es requerido' },
  user: { userNotFound: 'Usuario no encontrado' },
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export interface ServerErrorText {
  /** The field the message belongs to, when the server named one. */
  field?: string
  message: string
}

/**
 * The one place that turns a failed call into the text a person sees (spec §8): the first field
 * and code of `errors`, else the server's message, else the error's, else a generic text.
 */
export function serverErrorText(error: unknown): ServerErrorText {
  const errors = error instanceof ApiError ? error.errors : undefined
  const first = errors ? Object.entries(errors)[0] : undefined
  if (first) {
    const [field, code] = first
    const known = FIELD_MESSAGES[field]?.[code ?? '']
    if (known) return { field, message: known }
    const name = FIELD_NAMES[field] ?? field
    if (code === 'notExists') return { field, message: capitalise(`${name} no existe`) }
    if (code === 'required' || code === 'mustBeNotEmpty') return { field, message: capitalise(`${name} es requerido`) }
    return { field, message: `Error en ${name}: ${code}` }
  }
  const serverMessage = error instanceof ApiError ? (error.data as { message?: unknown } | null)?.message : undefined
  if (typeof serverMessage === 'string' && serverMessage.trim()) return { message: serverMessage }
  if (error instanceof Error && error.message) return { message: error.message }
  return { message: 'Ocurrió un error inesperado' }
}
