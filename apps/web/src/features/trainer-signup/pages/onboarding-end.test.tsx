// Issue 23: the end of trainer sign-up (point 9) and where a gym's trainer lands after login (point 4).
import type { LoginResponse } from '@app/contracts'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { clearSession, getSession } from '@/lib/session'
import { getFlow, saveFlow } from '@/lib/signup-flow'

const login = vi.fn()
vi.mock('@/lib/use-session', () => ({ useSession: () => ({ login, user: null, token: null, isLoading: false, logout: vi.fn() }) }))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
vi.mock('@/lib/account-api', async (actual) => ({
  ...(await actual<typeof import('@/lib/account-api')>()),
  getSubscriptionStatus: vi.fn(),
  createPortalSession: vi.fn(),
  getPayoutAccount: vi.fn(),
  setupPayouts: vi.fn(),
  startPayoutLink: vi.fn(),
}))
vi.mock('../api/signup-api', () => ({ completeSignup: vi.fn() }))

const api = { ...(await import('@/lib/account-api')), ...(await import('../api/signup-api')) }
const { TrainerLoginPage } = await import('./trainer-login-page')
const { PayoutOnboardingPage } = await import('./payout-onboarding-page')
const { OnboardingCompletePage } = await import('./onboarding-complete-page')

beforeAll(async () => {
  await (await import('@/lib/i18n')).prepareLanguage('es', ['trainer-signup', 'errors'])
})
afterEach(() => {
  clearSession()
  vi.useRealTimers()
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

const session: LoginResponse = {
  token: 'access',
  refreshToken: 'refresh',
  user: {
    id: 'u1',
    email: 'camila@example.com',
    firstName: 'Camila',
    lastName: 'Rojas',
    role: 'trainer',
    isActive: true,
    emailVerified: true,
    language: 'es',
    createdAt: '',
    updatedAt: '',
  },
}
const pending = { charges_enabled: false, details_submitted: false, complete: false, setup: 'onboarding' as const }
const complete = { charges_enabled: true, details_submitted: true, complete: true, setup: 'onboarding' as const }

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

async function signIn(path: string) {
  const router = renderAt(path, <TrainerLoginPage />, '/auth/login')
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  await user.type(screen.getByLabelText('Correo electrónico'), 'tomas@example.com')
  await user.type(screen.getByLabelText('Contraseña'), 'Secreta123!')
  await user.click(screen.getByRole('button', { name: 'Ingresar' }))
  return router
}

describe('trainer login', () => {
  it('a gym trainer covered by the gym lands on the dashboard, never on plan selection (point 4)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    login.mockResolvedValue({ id: 'u2', email: 'tomas@example.com' })
    vi.mocked(api.getSubscriptionStatus).mockResolvedValue({
      hasActiveSubscription: false,
      subscription: null,
      gym: { name: 'Gym Central', coversPlan: true },
    })
    const router = await signIn('/auth/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(api.createPortalSession).not.toHaveBeenCalled()
    expect(getFlow().userId).toBeNull()
  })

  it('a gym trainer whose gym does not cover the plan yet also lands on the dashboard, where it is explained', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    login.mockResolvedValue({ id: 'u2', email: 'tomas@example.com' })
    vi.mocked(api.getSubscriptionStatus).mockResolvedValue({
      hasActiveSubscription: false,
      subscription: null,
      gym: { name: 'Gym Central', coversPlan: false },
    })
    const router = await signIn('/auth/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('coming from the end of sign-up (?next=/dashboard): the dashboard, not the billing portal (point 9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    login.mockResolvedValue({ id: 'u1', email: 'camila@example.com' })
    vi.mocked(api.getSubscriptionStatus).mockResolvedValue({
      hasActiveSubscription: true,
      subscription: {
        planId: 'p1',
        planKey: 'starter',
        planTitle: 'Starter',
        priceClp: 19_000,
        status: 'trialing',
        trialEnd: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        withdrawableUntil: null,
      },
      gym: null,
    })
    const router = await signIn('/auth/login?next=/dashboard')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(api.createPortalSession).not.toHaveBeenCalled()
  })
})

describe('payout onboarding, the provider’s tab back from the provider (?volver=1, point 9)', () => {
  it('closes itself, and if the browser keeps it open, sends the person back to the first tab', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined)
    const router = renderAt('/auth/stripe/onboarding?volver=1', <PayoutOnboardingPage />, '/auth/stripe/onboarding')
    expect(close).toHaveBeenCalled()
    screen.getByRole('heading', { name: 'Vuelve a la primera pestaña' })
    expect(screen.getByRole('status').textContent).toMatch(/Ya puedes cerrar esta pestaña y volver a la pestaña donde empezaste/)
    // This tab does nothing of the flow: no status checks, no "Iniciar configuración".
    expect(api.getPayoutAccount).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Iniciar configuración' })).toBeNull()
    // Someone who closed the first tab goes on here.
    saveFlow({ email: 'camila@example.com', userId: 'u1', token: 'signup' })
    fireEvent.click(screen.getByRole('button', { name: 'Seguir en esta pestaña' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe('/auth/stripe/onboarding')
  })
})

describe('payout onboarding, the first tab (point 9)', () => {
  it('after "Iniciar configuración", moves on to the end by itself once the provider’s tab completed it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    saveFlow({ email: 'camila@example.com', userId: 'u1', token: 'signup' })
    vi.mocked(api.getPayoutAccount).mockResolvedValue(pending)
    vi.mocked(api.setupPayouts).mockResolvedValue({ onboardingUrl: 'http://localhost:3000/sandbox/connect/acl_sbx_1' })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const router = renderAt('/auth/stripe/onboarding', <PayoutOnboardingPage />, '/auth/stripe/onboarding')
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar configuración' }))
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:3000/sandbox/connect/acl_sbx_1', '_blank', 'noopener'))
    await screen.findByText(/esta página avanza sola/)

    await act(async () => vi.advanceTimersByTime(api.PAYOUT_POLL_MS + 100))
    expect(router.state.location.pathname).toBe('/auth/stripe/onboarding')
    // Completed in the other tab: no click needed here.
    vi.mocked(api.getPayoutAccount).mockResolvedValue(complete)
    await act(async () => vi.advanceTimersByTime(api.PAYOUT_POLL_MS + 100))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/onboarding/complete'))
    expect(api.getPayoutAccount).toHaveBeenCalledWith('u1')
  })

  it('coming back to the first tab is enough: it checks when it is looked at again', async () => {
    saveFlow({ email: 'camila@example.com', userId: 'u1', token: 'signup' })
    vi.mocked(api.getPayoutAccount).mockResolvedValue(pending)
    const router = renderAt('/auth/stripe/onboarding', <PayoutOnboardingPage />, '/auth/stripe/onboarding')
    await waitFor(() => expect(api.getPayoutAccount).toHaveBeenCalledTimes(1))
    vi.mocked(api.getPayoutAccount).mockResolvedValue(complete)
    await act(async () => {
      window.dispatchEvent(new Event('focus'))
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/onboarding/complete'))
  })
})

describe('payout onboarding when the provider links accounts (issue 26, decision 213)', () => {
  it('offers "Vincular Mercado Pago" instead of the onboarding, and starts the link for the trainer', async () => {
    saveFlow({ email: 'camila@example.com', userId: 'u1', token: 'signup' })
    vi.mocked(api.getPayoutAccount).mockResolvedValue({ ...pending, setup: 'link' })
    vi.mocked(api.startPayoutLink).mockRejectedValue(new TypeError('Failed to fetch'))
    renderAt('/auth/stripe/onboarding', <PayoutOnboardingPage />, '/auth/stripe/onboarding')
    const link = await screen.findByRole('button', { name: 'Vincular Mercado Pago' })
    screen.getByRole('heading', { name: 'Vincula tu cuenta de Mercado Pago' })
    expect(screen.queryByRole('button', { name: 'Iniciar configuración' })).toBeNull()
    screen.getByRole('button', { name: 'Omitir por ahora' })
    fireEvent.click(link)
    await waitFor(() => expect(api.startPayoutLink).toHaveBeenCalledWith('trainer'))
    // The provider could not be reached: said on the page, and the button is there again.
    await screen.findByRole('alert')
    expect(api.setupPayouts).not.toHaveBeenCalled()
  })

  it("keeps the spec's three buttons when the provider onboards accounts", async () => {
    saveFlow({ email: 'camila@example.com', userId: 'u1', token: 'signup' })
    vi.mocked(api.getPayoutAccount).mockResolvedValue(pending)
    renderAt('/auth/stripe/onboarding', <PayoutOnboardingPage />, '/auth/stripe/onboarding')
    await waitFor(() => expect(api.getPayoutAccount).toHaveBeenCalled())
    for (const name of ['Iniciar configuración', 'Verificar estado', 'Omitir por ahora']) screen.getByRole('button', { name })
    expect(screen.queryByRole('button', { name: 'Vincular Mercado Pago' })).toBeNull()
  })
})

describe('onboarding complete (point 9)', () => {
  it('spends the signup token for a session: "Continuar al Panel Web" goes to the dashboard, no password asked', async () => {
    saveFlow({ email: 'camila@example.com', userId: 'u1', token: 'signup-token' })
    vi.mocked(api.completeSignup).mockResolvedValue({ ok: true, session })
    renderAt('/auth/onboarding/complete', <OnboardingCompletePage />, '/auth/onboarding/complete')
    const link = await screen.findByRole('link', { name: 'Continuar al Panel Web' })
    expect(link.getAttribute('href')).toBe('/dashboard')
    expect(api.completeSignup).toHaveBeenCalledWith('signup-token')
    expect(getSession()).toMatchObject({ token: 'access', refreshToken: 'refresh', user: { id: 'u1' } })
    // The flow's state is gone.
    expect(getFlow()).toMatchObject({ token: null, userId: null, email: null })
  })

  it('when no session could be opened (token expired): the login, which then leads to the dashboard', async () => {
    saveFlow({ email: 'camila@example.com', userId: 'u1', token: 'expired' })
    vi.mocked(api.completeSignup).mockRejectedValue(new Error('401'))
    renderAt('/auth/onboarding/complete', <OnboardingCompletePage />, '/auth/onboarding/complete')
    const link = await screen.findByRole('link', { name: 'Continuar al Panel Web' })
    expect(link.getAttribute('href')).toBe('/auth/login?next=/dashboard')
    expect(getSession()).toBeNull()
  })
})
