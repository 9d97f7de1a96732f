import type { MySubscription } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
vi.mock('../api/client-billing-api', async (actual) => ({
  ...(await actual<typeof import('../api/client-billing-api')>()),
  cancelMySubscription: vi.fn(),
  withdrawMySubscription: vi.fn(),
}))
const api = await import('../api/client-billing-api')
const { toast } = await import('sonner')
const { ApiError } = await import('@/lib/api-client')
const { SubscriptionActions, canWithdraw } = await import('./subscription-actions')

const DAY = 86_400_000
const sub = (over: Partial<MySubscription> = {}): MySubscription => ({
  id: 's1',
  trainer: { id: 't1', firstName: 'Tomás', lastName: 'Vera' },
  offerTitle: 'Plan Fuerza',
  priceClp: 25_000,
  state: 'active',
  currentPeriodEnd: new Date(Date.now() + 27 * DAY).toISOString(),
  cancelAtPeriodEnd: false,
  createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
  withdrawableUntil: new Date(Date.now() + 7 * DAY).toISOString(),
  ...over,
})

function renderActions(s: MySubscription) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SubscriptionActions sub={s} />
    </QueryClientProvider>,
  )
}

afterEach(() => vi.clearAllMocks())

describe('SubscriptionActions (decision 224)', () => {
  it('withdraws on day 3 in one tap and one confirmation that states the refund and the law', async () => {
    vi.mocked(api.withdrawMySubscription).mockResolvedValue(sub({ state: 'cancelled', withdrawableUntil: null }))
    renderActions(sub())
    fireEvent.click(screen.getByRole('button', { name: 'Desistir y recibir reembolso' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Ley 19.496, art. 3 bis')
    expect(dialog.textContent).toContain('$25.000')
    expect(api.withdrawMySubscription).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Sí, desistir' }))
    await waitFor(() => expect(api.withdrawMySubscription).toHaveBeenCalledWith('s1'))
    await waitFor(() => expect(toast.success).toHaveBeenCalled())
  })

  it('cancels in one tap and one confirmation that names the end of the paid period', async () => {
    vi.mocked(api.cancelMySubscription).mockResolvedValue(sub({ cancelAtPeriodEnd: true }))
    renderActions(sub({ withdrawableUntil: null }))
    expect(screen.queryByRole('button', { name: 'Desistir y recibir reembolso' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar suscripción' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('el fin del período que ya pagaste')
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }))
    await waitFor(() => expect(api.cancelMySubscription).toHaveBeenCalledWith('s1'))
  })

  it("shows the server's refusal in words (day 11, or a session given)", async () => {
    vi.mocked(api.withdrawMySubscription).mockRejectedValue(
      new ApiError('Unprocessable entity', 422, { status: 422, message: 'x', errors: { id: 'serviceStarted' } }),
    )
    renderActions(sub())
    fireEvent.click(screen.getByRole('button', { name: 'Desistir y recibir reembolso' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Sí, desistir' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining('no aplica el retracto')))
  })

  it('offers nothing on an ended subscription, no second cancel, no withdrawal past its date', () => {
    expect(canWithdraw(sub({ withdrawableUntil: new Date(Date.now() - 1000).toISOString() }))).toBe(false)
    expect(canWithdraw(sub({ state: 'cancelled' }))).toBe(false)
    renderActions(sub({ cancelAtPeriodEnd: true, withdrawableUntil: null }))
    expect(screen.queryByRole('button')).toBeNull()
  })
})
