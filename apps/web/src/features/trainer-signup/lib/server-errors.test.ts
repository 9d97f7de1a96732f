import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { serverErrorText } from './server-errors'

const apiError = (errors?: Record<string, string>, message = 'Unprocessable entity') => new ApiError(message, 422, { status: 422, message, errors })

describe('serverErrorText (spec §8)', () => {
  it('maps the known field codes to their Spanish texts', () => {
    expect(serverErrorText(apiError({ email: 'notFound' }))).toEqual({ field: 'email', message: 'El correo electrónico no está registrado' })
    expect(serverErrorText(apiError({ email: 'emailAlreadyExists' })).message).toBe('Este correo ya está registrado')
    expect(serverErrorText(apiError({ email: 'emailExists' })).message).toBe('Este correo ya está en uso')
    expect(serverErrorText(apiError({ email: 'needLoginViaProvider' })).message).toMatch(/social/)
    expect(serverErrorText(apiError({ password: 'incorrectPassword' }))).toEqual({ field: 'password', message: 'Contraseña incorrecta' })
    expect(serverErrorText(apiError({ password: 'missingOldPassword' })).message).toBe('Debes ingresar tu contraseña actual')
    expect(serverErrorText(apiError({ password: 'incorrectOldPassword' })).message).toBe('La contraseña actual es incorrecta')
    expect(serverErrorText(apiError({ otp: 'invalidOrExpired' }))).toEqual({ field: 'otp', message: 'Código inválido o expirado' })
    expect(serverErrorText(apiError({ hash: 'invalidHash' })).message).toBe('Enlace inválido o expirado')
    expect(serverErrorText(apiError({ hash: '' })).message).toBe('El código es requerido')
    expect(serverErrorText(apiError({ user: 'userNotFound' })).message).toBe('Usuario no encontrado')
  })

  it('builds generic messages with the translated field name', () => {
    expect(serverErrorText(apiError({ user: 'notExists' })).message).toBe('Usuario no existe')
    expect(serverErrorText(apiError({ phone: 'required' })).message).toBe('Teléfono es requerido')
    expect(serverErrorText(apiError({ firstName: 'mustBeNotEmpty' })).message).toBe('Nombre es requerido')
    expect(serverErrorText(apiError({ otp: 'tooShort' })).message).toBe('Error en código de verificación: tooShort')
    expect(serverErrorText(apiError({ lastName: 'tooLong' })).message).toBe('Error en apellido: tooLong')
  })

  it('uses only the first field of errors', () => {
    expect(serverErrorText(apiError({ email: 'notFound', password: 'incorrectPassword' })).field).toBe('email')
  })

  it('falls back to the server message, then the error message, then a generic text', () => {
    expect(serverErrorText(new ApiError('x', 429, { status: 429, message: 'Too many requests. Try again in 60 seconds.' }))).toEqual({ message: 'Too many requests. Try again in 60 seconds.' })
    expect(serverErrorText(new ApiError('Request failed: 502', 502, null))).toEqual({ message: 'Request failed: 502' })
    expect(serverErrorText(new Error('Failed to fetch'))).toEqual({ message: 'Failed to fetch' })
    expect(serverErrorText(undefined)).toEqual({ message: 'Ocurrió un error inesperado' })
    expect(serverErrorText(new Error(''))).toEqual({ message: 'Ocurrió un error inesperado' })
  })
})
