import type { PayoutAccountStatus, SubscriptionStatus } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const user = {
  id: 'u1',
  email: 'tomas@example.com',
  firstName: 'Tomás',
  lastName: 'Vera',
  role: 'trainer' as const,
  isActive: true,
  emailVerified: true,
  language: 'es' as const,
  createdAt: '',
  updatedAt: '',
}
vi.mock('@/lib/use-session', () => ({ useSession: () => ({ user, token: 't', isLoading: false, logout: vi.fn(), login: vi.fn() }) }))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
vi.mock('@/lib/account-api', async (actual) => ({
  ...(await actual<typeof import('@/lib/account-api')>()),
  getSubscriptionStatus: vi.fn(),
  getPayoutAccount: vi.fn(),
  setupPayouts: vi.fn(),
  createPortalSession: vi.fn(),
}))

const api = await import('@/lib/account-api')
const { TrainerDashboardPage } = await import('./trainer-dashboard-page')

beforeAll(async () => {
  await (await import('@/lib/i18n')).prepareLanguage('es', ['trainer-dashboard', 'common'])
})
afterEach(() => {
  vi.clearAllMocks()
  vi.useRealTimers()
})

const pending: PayoutAccountStatus = { charges_enabled: false, details_submitted: false, complete: false, setup: 'onboarding' }
const complete: PayoutAccountStatus = { charges_enabled: true, details_submitted: true, complete: true, setup: 'onboarding' }

function renderDashboard(status: SubscriptionStatus) {
  vi.mocked(api.getSubscriptionStatus).mockResolvedValue(status)
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <TrainerDashboardPage /> },
      { path: '*', element: <p>other page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

describe('trainer dashboard of a gym trainer (issue 23, point 4)', () => {
  it('covered by the gym: says who covers the plan, no "no subscription", no plan choice, one payout button that works', async () => {
    vi.mocked(api.getPayoutAccount).mockResolvedValue(pending)
    vi.mocked(api.setupPayouts).mockResolvedValue({ onboardingUrl: 'http://localhost:3000/sandbox/connect/acl_sbx_1' })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderDashboard({ hasActiveSubscription: false, subscription: null, gym: { name: 'Gym Central', coversPlan: true } })

    expect((await screen.findByTestId('gym-coverage')).textContent).toBe(
      'Tu plan lo cubre tu gimnasio, Gym Central. No necesitas contratar uno.',
    )
    expect(screen.queryByText('Aún no tienes una suscripción activa.')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Elegir un plan' })).toBeNull()
    await screen.findByText('Configuración pendiente')
    const payouts = [
      ...screen.queryAllByRole('button', { name: 'Configurar pagos' }),
      ...screen.queryAllByRole('link', { name: 'Configurar pagos' }),
    ]
    expect(payouts).toHaveLength(1)
    expect((payouts[0] as HTMLButtonElement).disabled).toBe(false)

    fireEvent.click(payouts[0])
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:3000/sandbox/connect/acl_sbx_1', '_blank', 'noopener'))
    expect(api.setupPayouts).toHaveBeenCalledWith('u1', 'tomas@example.com')
  })

  it('a gym that does not cover the plan yet: says so by name and lets them choose a plan of their own', async () => {
    vi.mocked(api.getPayoutAccount).mockResolvedValue(pending)
    renderDashboard({ hasActiveSubscription: false, subscription: null, gym: { name: 'Gym Central', coversPlan: false } })
    expect((await screen.findByTestId('gym-coverage')).textContent).toMatch(
      /^Trabajas con Gym Central, pero tu gimnasio todavía no cubre tu plan/,
    )
    expect(screen.getByRole('link', { name: 'Elegir un plan' }).getAttribute('href')).toBe('/auth/select-plan')
    await screen.findByText('Configuración pendiente')
    expect((screen.getByRole('button', { name: 'Configurar pagos' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('an independent trainer without a plan: "no subscription", a plan to choose, payouts wait for the plan', async () => {
    vi.mocked(api.getPayoutAccount).mockResolvedValue(pending)
    renderDashboard({ hasActiveSubscription: false, subscription: null, gym: null })
    await screen.findByText('Aún no tienes una suscripción activa.')
    expect(screen.queryByTestId('gym-coverage')).toBeNull()
    expect(screen.getByRole('link', { name: 'Elegir un plan' })).toBeTruthy()
    await screen.findByText('Configuración pendiente')
    expect((screen.getByRole('button', { name: 'Configurar pagos' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('trainer dashboard payout card (issue 23, point 9)', () => {
  it('after opening the provider, notices the completed setup by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.mocked(api.getPayoutAccount).mockResolvedValue(pending)
    vi.mocked(api.setupPayouts).mockResolvedValue({ onboardingUrl: 'http://localhost:3000/sandbox/connect/acl_sbx_2' })
    vi.spyOn(window, 'open').mockReturnValue(null)
    renderDashboard({ hasActiveSubscription: false, subscription: null, gym: { name: 'Gym Central', coversPlan: true } })
    await screen.findByText('Configuración pendiente')
    fireEvent.click(screen.getByRole('button', { name: 'Configurar pagos' }))
    await waitFor(() => expect(window.open).toHaveBeenCalled())
    await act(async () => {}) // the card re-renders, now waiting for the result
    const asked = vi.mocked(api.getPayoutAccount).mock.calls.length

    // Completed in the other tab: the next check, a few seconds later, shows it without any click.
    vi.mocked(api.getPayoutAccount).mockResolvedValue(complete)
    await act(async () => vi.advanceTimersByTime(api.PAYOUT_POLL_MS + 100))
    await screen.findByText('Configuración completa')
    expect(vi.mocked(api.getPayoutAccount).mock.calls.length).toBeGreaterThan(asked)
    expect(screen.getByRole('button', { name: 'Revisar configuración de pagos' })).toBeTruthy()

    // Done: no more asking.
    const after = vi.mocked(api.getPayoutAccount).mock.calls.length
    await act(async () => vi.advanceTimersByTime(api.PAYOUT_POLL_MS * 3))
    expect(vi.mocked(api.getPayoutAccount).mock.calls.length).toBe(after)
  })
})
