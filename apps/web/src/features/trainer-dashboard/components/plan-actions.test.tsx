import type { SubscriptionStatus } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
vi.mock('@/lib/account-api', async (actual) => ({
  ...(await actual<typeof import('@/lib/account-api')>()),
  cancelMyPlan: vi.fn(),
  withdrawMyPlan: vi.fn(),
}))
const api = await import('@/lib/account-api')
const { PlanActions } = await import('./plan-actions')

const DAY = 86_400_000
const status = (over: Partial<NonNullable<SubscriptionStatus['subscription']>> = {}): SubscriptionStatus => ({
  hasActiveSubscription: true,
  subscription: {
    planId: 'p1',
    planKey: 'starter',
    planTitle: 'Starter',
    priceClp: 19_990,
    status: 'trialing',
    trialEnd: new Date(Date.now() + 27 * DAY).toISOString(),
    currentPeriodEnd: new Date(Date.now() + 27 * DAY).toISOString(),
    cancelAtPeriodEnd: false,
    withdrawableUntil: new Date(Date.now() + 7 * DAY).toISOString(),
    ...over,
  },
  gym: null,
})

function renderActions(s: SubscriptionStatus, onChanged = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PlanActions status={s} onChanged={onChanged} />
    </QueryClientProvider>,
  )
  return onChanged
}

afterEach(() => vi.clearAllMocks())

describe('PlanActions (decision 224)', () => {
  beforeAll(async () => {
    await (await import('@/lib/i18n')).prepareLanguage('en', ['trainer-dashboard', 'errors'])
  })

  it('cancels in one tap and a confirmation; the new status goes to the card', async () => {
    const next = status({ cancelAtPeriodEnd: true })
    vi.mocked(api.cancelMyPlan).mockResolvedValue(next)
    const onChanged = renderActions(status())
    fireEvent.click(screen.getByRole('button', { name: 'Cancel plan' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('end of the current period')
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }))
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(next))
    expect(api.withdrawMyPlan).not.toHaveBeenCalled()
  })

  it('withdraws during the trial within 10 days, stating the law', async () => {
    vi.mocked(api.withdrawMyPlan).mockResolvedValue({ ...status(), hasActiveSubscription: false })
    renderActions(status())
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw (right of withdrawal)' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('19.496')
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }))
    await waitFor(() => expect(api.withdrawMyPlan).toHaveBeenCalled())
  })

  it('a plan that started paid: the withdrawal says everything paid comes back, with its credit note (decision 236)', async () => {
    vi.mocked(api.withdrawMyPlan).mockResolvedValue({ ...status(), hasActiveSubscription: false })
    renderActions(status({ status: 'active', trialEnd: null }))
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw (right of withdrawal)' }))
    const dialog = (await screen.findByRole('alertdialog')).textContent
    expect(dialog).toContain('we refund everything you paid for it, with its credit note')
    expect(dialog).not.toContain('nothing is charged')
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }))
    await waitFor(() => expect(api.withdrawMyPlan).toHaveBeenCalled())
  })

  it('no withdrawal past its date, no second cancel, nothing for an ended plan', () => {
    renderActions(status({ withdrawableUntil: null, cancelAtPeriodEnd: true }))
    expect(screen.queryByRole('button')).toBeNull()
  })
})
