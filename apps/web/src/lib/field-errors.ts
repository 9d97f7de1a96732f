import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api-client'
import { errorText, type TextSource } from './error-text'

/**
 * The one way a form shows the server's field errors (`errors: { field: code }`, spec §8): each
 * error on one of `fields` goes under that field, in words from lib/error-text.ts. Returns whether
 * any was shown, so the screen can put anything else above the button or in a toast.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly string[],
  source: TextSource,
): boolean {
  let shown = false
  for (const [field, code] of Object.entries((error instanceof ApiError && error.errors) || {})) {
    if (!fields.includes(field)) continue
    setError(field as Path<T>, { type: code, message: errorText(field, code, source) })
    shown = true
  }
  return shown
}
