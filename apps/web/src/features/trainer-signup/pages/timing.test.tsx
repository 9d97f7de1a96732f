import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'

const login = vi.fn()
vi.mock('@/lib/use-session', () => ({ useSession: () => ({ login, user: null, token: null, isLoading: false, logout: vi.fn() }) }))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
vi.mock('@/lib/account-api', () => ({ getSubscriptionStatus: vi.fn(), createPortalSession: vi.fn() }))
vi.mock('../api/signup-api', () => ({ verifyCheckout: vi.fn() }))

// The page's texts, as its route loader prepares them (Spanish, its default).
await (await import('@/lib/i18n')).prepareLanguage('es', ['trainer-signup', 'errors'])

const api = { ...(await import('@/lib/account-api')), ...(await import('../api/signup-api')) }
const { TrainerLoginPage } = await import('./trainer-login-page')
const { CheckoutSuccessPage } = await import('./checkout-pages')

function renderAt(path: string, element: React.ReactNode, pattern: string) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <p>other page</p> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('trainer login timing (spec §4)', () => {
  it('shows "Verificando suscripción..." and checks the subscription only 300 ms after the login', async () => {
    login.mockResolvedValue({ id: 'u1', email: 'ana@example.com' })
    vi.mocked(api.getSubscriptionStatus).mockResolvedValue({ hasActiveSubscription: false, subscription: null, gym: null })
    const router = renderAt('/auth/login', <TrainerLoginPage />, '/auth/login')
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.type(screen.getByLabelText('Correo electrónico'), '  ana@example.com ')
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta123!')
    vi.useFakeTimers()
    await act(async () => {
      screen.getByRole('button', { name: 'Ingresar' }).click()
    })
    expect(login).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'Secreta123!' }, 'email')
    expect((screen.getByRole('button', { name: 'Verificando suscripción...' }) as HTMLButtonElement).disabled).toBe(true)
    await act(async () => vi.advanceTimersByTime(290))
    expect(api.getSubscriptionStatus).not.toHaveBeenCalled()
    await act(async () => vi.advanceTimersByTime(10))
    expect(api.getSubscriptionStatus).toHaveBeenCalledTimes(1)
    expect(router.state.location.pathname).toBe('/auth/select-plan')
    expect(localStorage.getItem('entrenapp.signup.userId')).toBe('u1')
  })

  it('whitespace-only fields are empty and nothing is sent', async () => {
    renderAt('/auth/login', <TrainerLoginPage />, '/auth/login')
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.type(screen.getByLabelText('Correo electrónico'), '   ')
    await user.type(screen.getByLabelText('Contraseña'), '   ')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    await screen.findByText('El correo electrónico es requerido')
    screen.getByText('La contraseña es requerida')
    expect(login).not.toHaveBeenCalled()
  })

  it('a wrong password shows the field message under the password', async () => {
    login.mockRejectedValue(
      new ApiError('Incorrect password', 422, { status: 422, message: 'Incorrect password', errors: { password: 'incorrectPassword' } }),
    )
    renderAt('/auth/login', <TrainerLoginPage />, '/auth/login')
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'mala')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    await screen.findByText('Contraseña incorrecta')
    expect((screen.getByRole('button', { name: 'Ingresar' }) as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('checkout success timing (spec §4)', () => {
  it('goes to payout onboarding 1.2 s after a confirmed payment, not before', async () => {
    vi.useFakeTimers()
    vi.mocked(api.verifyCheckout).mockResolvedValue({ paymentStatus: 'paid', status: 'complete' })
    const router = renderAt('/auth/checkout/success?sid=cs_1', <CheckoutSuccessPage />, '/auth/checkout/success')
    await act(async () => {})
    screen.getByRole('heading', { name: 'Pago exitoso' })
    expect((screen.getByRole('button', { name: 'Continuar manualmente' }) as HTMLButtonElement).disabled).toBe(false)
    expect(api.verifyCheckout).toHaveBeenCalledWith('cs_1')
    await act(async () => vi.advanceTimersByTime(1_100))
    expect(router.state.location.pathname).toBe('/auth/checkout/success')
    await act(async () => vi.advanceTimersByTime(150))
    expect(router.state.location.pathname).toBe('/auth/stripe/onboarding')
    expect(localStorage.getItem('entrenapp.signup.sessionId')).toBe('cs_1')
  })

  it('an unpaid session stays, with "Continuar manualmente" disabled', async () => {
    vi.mocked(api.verifyCheckout).mockResolvedValue({ paymentStatus: 'unpaid', status: 'open' })
    const router = renderAt('/auth/checkout/success?sid=cs_2', <CheckoutSuccessPage />, '/auth/checkout/success')
    await screen.findByRole('heading', { name: 'Pago no completado' })
    expect((screen.getByRole('button', { name: 'Continuar manualmente' }) as HTMLButtonElement).disabled).toBe(true)
    await act(async () => vi.advanceTimersByTime(3_000))
    expect(router.state.location.pathname).toBe('/auth/checkout/success')
  })
})
