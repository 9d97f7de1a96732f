import { ApiError } from '@/lib/api-client'

/** English text for a field code of the contracts (gym and trainer forms). */
export function fieldMessage(code: string | undefined, label: string): string | undefined {
  switch (code) {
    case undefined:
      return undefined
    case 'required':
      return `${label} is required`
    case 'invalidEmail':
      return 'Enter a valid email address'
    case 'invalidPhone':
      return 'Enter a valid phone number (6 to 15 digits)'
    case 'emailAlreadyExists':
      return 'This email is already in use'
    case 'tooSmall':
      return `${label} must be 0 or more`
    case 'tooBig':
      return `${label} is too large`
    case 'tooShort':
      return `${label} must be at least 8 characters`
    case 'tooLong':
      return `${label} is too long`
    case 'invalidType':
    case 'invalid':
      return label === 'Experience' ? 'Experience must be a whole number of years' : `${label} is not valid`
    default:
      return `${label}: ${code}`
  }
}

/** The 422 field codes of an API error, if any. */
export const apiFieldErrors = (err: unknown): Record<string, string> => (err instanceof ApiError && err.errors) || {}
