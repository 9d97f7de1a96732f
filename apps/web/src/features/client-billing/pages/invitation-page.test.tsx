import { OTP_RESEND_COOLDOWN_SECONDS, type InvitationDetails } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Issue 23 point 10: "Reenviar código" during the cooldown said "Código reenviado" and sent nothing.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }))
vi.mock('@/lib/use-session', () => ({ useSession: () => ({ user: null, token: null, isLoading: false }) }))
vi.mock('../api/client-billing-api', () => ({
  useInvitation: vi.fn(),
  sendInvitationCode: vi.fn(),
  confirmInvitation: vi.fn(),
  startClientCheckout: vi.fn(),
}))

await (await import('@/lib/i18n')).prepareLanguage('es', ['errors'])
const { toast } = await import('sonner')
const api = await import('../api/client-billing-api')
const { InvitationPage } = await import('./invitation-page')

const invitation: InvitationDetails = {
  trainer: { id: 't1', firstName: 'Camila', lastName: 'Rojas' },
  offer: { id: 'o1', title: 'Plan Fuerza', description: '', priceClp: 25_000, sessionsPerMonth: 8 } as InvitationDetails['offer'],
  emailHint: 'c***@example.com',
  expiresAt: '2026-12-31T00:00:00.000Z',
}
const answer = (resendAfterSeconds: number) => ({ ok: true as const, resendAfterSeconds, expiresInSeconds: 600 })

function renderPage() {
  vi.mocked(api.useInvitation).mockReturnValue({ isPending: false, isError: false, data: invitation } as ReturnType<
    typeof api.useInvitation
  >)
  const router = createMemoryRouter([{ path: '/invitacion/:token', element: <InvitationPage /> }], { initialEntries: ['/invitacion/tok'] })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}
const resendButton = () => screen.getByRole('button', { name: /^Reenviar código/ }) as HTMLButtonElement
const pass = (seconds: number) => act(async () => vi.advanceTimersByTime(seconds * 1000))

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('invitation code: the resend button waits for the cooldown and tells the truth', () => {
  it('a new code: "Reenviar código en 2:00", disabled, counting down; enabled when the wait is over', async () => {
    vi.mocked(api.sendInvitationCode).mockResolvedValue(answer(OTP_RESEND_COOLDOWN_SECONDS))
    renderPage()
    await act(async () => screen.getByRole('button', { name: 'Enviar código' }).click())
    expect(toast.success).toHaveBeenCalledWith('Código enviado a tu correo')
    expect(resendButton().textContent).toBe('Reenviar código en 2:00')
    expect(resendButton().disabled).toBe(true)
    await pass(61)
    expect(resendButton().textContent).toBe('Reenviar código en 0:59')
    expect(resendButton().disabled).toBe(true)
    await pass(60)
    expect(resendButton().textContent).toBe('Reenviar código')
    expect(resendButton().disabled).toBe(false)

    await act(async () => resendButton().click())
    expect(api.sendInvitationCode).toHaveBeenCalledTimes(2)
    expect(toast.success).toHaveBeenLastCalledWith('Te enviamos un código nuevo')
    expect(resendButton().textContent).toBe('Reenviar código en 2:00')
  })

  it('the cooldown answer (nothing sent) is said as such, with the wait the API gave', async () => {
    // The code was asked for a moment ago (another tab, a reload): the API sends nothing.
    vi.mocked(api.sendInvitationCode).mockResolvedValue(answer(45))
    renderPage()
    await act(async () => screen.getByRole('button', { name: 'Enviar código' }).click())
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.info).toHaveBeenCalledWith('Ya te enviamos un código hace poco: revisa tu correo, sigue siendo válido.')
    expect(resendButton().textContent).toBe('Reenviar código en 0:45')
    expect(resendButton().disabled).toBe(true)

    await pass(46)
    expect(resendButton().disabled).toBe(false)
    // Another tab sent one meanwhile: again nothing is sent, and the page does not say it was.
    vi.mocked(api.sendInvitationCode).mockResolvedValue(answer(90))
    await act(async () => resendButton().click())
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.info).toHaveBeenLastCalledWith('No enviamos otro código: el último sigue siendo válido. Podrás pedir uno nuevo en 1:30.')
    expect(resendButton().textContent).toBe('Reenviar código en 1:30')
    expect(resendButton().disabled).toBe(true)
  })
})
