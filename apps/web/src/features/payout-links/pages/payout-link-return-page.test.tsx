import type { PayoutLink } from '@app/contracts'
import { render, screen, waitFor, fireEvent } from '@testing-library/react'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'

const session = vi.hoisted(() => ({ current: { user: { id: 'u1', role: 'trainer' } } as { user: { id: string; role: string } } | null }))
vi.mock('@/lib/session', () => ({ getSession: () => session.current }))
vi.mock('../api/payout-links-api', () => ({ completePayoutLink: vi.fn(), goLink: vi.fn() }))

const api = await import('../api/payout-links-api')
const { PayoutLinkReturnPage } = await import('./payout-link-return-page')
const { prepareLanguage } = await import('@/lib/i18n')

const linked = (owner: 'trainer' | 'gym'): PayoutLink => ({
  owner,
  status: 'linked',
  providerAccountId: '555000111',
  linkedAt: '2026-11-27T03:00:00.000Z',
})

async function renderReturn(search: string, lang: 'es' | 'en' = 'es') {
  await prepareLanguage(lang, ['payout-links', 'errors'])
  // The provider redirects the browser here: the page reads the real address bar.
  window.history.replaceState(null, '', `/cobros/vinculacion${search}`)
  const router = createMemoryRouter(
    [
      { path: '/cobros/vinculacion', element: <PayoutLinkReturnPage /> },
      { path: '*', element: <p>other page</p> },
    ],
    { initialEntries: [`/cobros/vinculacion${search}`] },
  )
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  return router
}

afterEach(() => {
  vi.clearAllMocks()
  session.current = { user: { id: 'u1', role: 'trainer' } }
})

describe('the payout link return page', () => {
  it('sends code and state on once, takes them off the address bar and says the account is linked', async () => {
    vi.mocked(api.completePayoutLink).mockResolvedValue(linked('trainer'))
    await renderReturn('?code=TG-abc&state=s1')
    expect(screen.getByRole('status').textContent).toContain('Estamos terminando la vinculación')
    expect(await screen.findByRole('heading', { name: 'Cuenta vinculada' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('555000111')
    expect(api.completePayoutLink).toHaveBeenCalledTimes(1)
    expect(api.completePayoutLink).toHaveBeenCalledWith('TG-abc', 's1')
    expect(window.location.search).toBe('')
    expect(screen.getByRole('link', { name: 'Continuar' }).getAttribute('href')).toBe('/dashboard')
  })

  it("a gym's link, in English, goes on to the business dashboard", async () => {
    session.current = { user: { id: 'o1', role: 'gym_owner' } }
    vi.mocked(api.completePayoutLink).mockResolvedValue(linked('gym'))
    await renderReturn('?code=TG-abc&state=s2', 'en')
    expect(await screen.findByRole('heading', { name: 'Account linked' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('The Mercado Pago account 555000111 is linked to the gym.')
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/business/dashboard')
  })

  it('refused consent: says so without calling the API, and "try again" starts a new link', async () => {
    vi.mocked(api.goLink).mockResolvedValue(undefined)
    await renderReturn('?error=access_denied&state=s3')
    expect((await screen.findByRole('alert')).textContent).toContain('No autorizaste la vinculación')
    expect(api.completePayoutLink).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    await waitFor(() => expect(api.goLink).toHaveBeenCalledWith('trainer'))
  })

  it.each([
    ['an expired or used state', new ApiError('x', 422, { errors: { state: 'invalidOrExpired' } }), 'venció o ya se usó'],
    [
      'a code the provider refused',
      new ApiError('x', 422, { errors: { code: 'invalidOrExpired' } }),
      'Mercado Pago rechazó la autorización',
    ],
    ['the provider down', new ApiError('x', 503, { code: 'paymentProviderUnavailable' }, 30), 'Mercado Pago no está respondiendo'],
    ['no network', new TypeError('Failed to fetch'), 'Mercado Pago no está respondiendo'],
  ])('%s: a clear error and a way to try again', async (_name, error, words) => {
    vi.mocked(api.completePayoutLink).mockRejectedValue(error)
    await renderReturn('?code=TG-abc&state=s4')
    expect((await screen.findByRole('alert')).textContent).toContain(words)
    expect(screen.getByRole('heading', { name: 'No se pudo vincular la cuenta' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Intentar de nuevo' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('a link started by another account asks to sign in with the right one', async () => {
    vi.mocked(api.completePayoutLink).mockRejectedValue(new ApiError('x', 403, { message: 'started by someone else' }))
    await renderReturn('?code=TG-abc&state=s5')
    expect((await screen.findByRole('alert')).textContent).toContain('otra cuenta')
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Intentar de nuevo' })).toBeNull()
  })

  it('an address without code and state is called incomplete, and nothing is sent', async () => {
    await renderReturn('')
    expect((await screen.findByRole('alert')).textContent).toContain('incompleto')
    expect(api.completePayoutLink).not.toHaveBeenCalled()
  })
})
