import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client'
import { errorText } from './error-text'
import { applyFieldErrors } from './field-errors'

const refused = (errors: Record<string, string>) => new ApiError('Unprocessable', 422, { status: 422, message: 'x', errors })

describe('applyFieldErrors', () => {
  it('puts each error on a field of the form under that field, in words', () => {
    const setError = vi.fn()
    expect(applyFieldErrors(setError, refused({ email: 'invalidEmail', otp: 'required' }), ['email'], 'es')).toBe(true)
    expect(setError).toHaveBeenCalledTimes(1)
    expect(setError).toHaveBeenCalledWith('email', { type: 'invalidEmail', message: errorText('email', 'invalidEmail', 'es') })
  })
  it('shows nothing for other fields, other errors and failures without field errors', () => {
    const setError = vi.fn()
    expect(applyFieldErrors(setError, refused({ plan: 'required' }), ['email'], 'es')).toBe(false)
    expect(applyFieldErrors(setError, new ApiError('Gone', 503, null), ['email'], 'es')).toBe(false)
    expect(applyFieldErrors(setError, new TypeError('Failed to fetch'), ['email'], 'es')).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})
