import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { saveFlow, setPendingRegistration } from '@/lib/signup-flow'

// Issue 23 point 10: a resend refused during the cooldown said "No se pudo reenviar"; it now says
// how long to wait, as the API answered, and the button counts that down.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
vi.mock('../api/signup-api', () => ({ resendCode: vi.fn(), verifyCode: vi.fn(), registerMember: vi.fn() }))

await (await import('@/lib/i18n')).prepareLanguage('es', ['errors'])
const { toast } = await import('sonner')
const api = await import('../api/signup-api')
const { VerifyCodePage } = await import('./verify-code-page')

const email = 'ana@example.com'
const resendButton = () => screen.getByRole('button', { name: /^Reenviar código/ }) as HTMLButtonElement

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  setPendingRegistration({ email, password: 'Secreta123!', firstName: 'Ana', lastName: 'Pérez', birthDate: '1990-01-01' })
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
  setPendingRegistration(null)
})

describe('verify code page: resend during the cooldown', () => {
  it('a 429 with Retry-After shows the wait and restarts the countdown from it', async () => {
    // This browser thinks the code went out long ago; the server knows better.
    saveFlow({ email, codeSentAt: String(Date.now() - 10 * 60_000) })
    vi.mocked(api.resendCode).mockRejectedValue(
      new ApiError('A new code can be sent in 75 seconds', 429, { status: 429, message: 'A new code can be sent in 75 seconds' }, 75),
    )
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/auth/verify', element: <VerifyCodePage /> }], { initialEntries: ['/auth/verify'] })}
      />,
    )
    expect(resendButton().disabled).toBe(false)
    await act(async () => resendButton().click())
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.error).toHaveBeenCalledWith('Demasiados intentos. Inténtalo nuevamente en 75 segundos.')
    expect(resendButton().textContent).toBe('Reenviar código en 1:15')
    expect(resendButton().disabled).toBe(true)
    await act(async () => vi.advanceTimersByTime(76_000))
    expect(resendButton().disabled).toBe(false)
  })
})
