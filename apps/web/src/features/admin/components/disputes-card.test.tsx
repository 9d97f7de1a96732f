import type { AdminDisputes } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { DisputesCard } from './disputes-card'
import { operator } from '../test-operator'

const DAY = 86_400_000
const disputes: AdminDisputes = {
  data: [
    {
      id: 'd1',
      provider: 'mercadopago',
      providerReference: '8812',
      paymentId: 'p1',
      providerPaymentId: '55501',
      trainerName: 'Camila Rojas',
      amountClp: 30_000,
      status: 'open',
      evidenceDueAt: new Date(Date.now() + 3 * DAY - 60_000).toISOString(),
      openedAt: new Date(Date.now() - 4 * DAY).toISOString(),
      resolvedAt: null,
    },
    {
      id: 'd2',
      provider: 'mercadopago',
      providerReference: '8813',
      paymentId: 'p2',
      providerPaymentId: '55502',
      trainerName: 'Tomás Vidal',
      amountClp: 12_000,
      status: 'lost',
      evidenceDueAt: null,
      openedAt: new Date(Date.now() - 20 * DAY).toISOString(),
      resolvedAt: new Date(Date.now() - 10 * DAY).toISOString(),
    },
  ],
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

beforeAll(async () => {
  await prepareLanguage('en', ['admin', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('DisputesCard (decision 250)', () => {
  it('shows each chargeback with its evidence deadline, and reads one again from the provider', async () => {
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/admin/money/replay') && init?.method === 'POST'
        ? json({ event: 'dispute.changed', applied: true })
        : json(disputes),
    )
    vi.stubGlobal('fetch', fetchMock)
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DisputesCard />
      </QueryClientProvider>,
    )
    const rows = await screen.findAllByRole('row')
    const open = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(open.slice(0, 4)).toEqual(['55501', 'Camila Rojas', expect.stringMatching(/^CLP\s30,000$/), 'Open'])
    expect(open[4]).toMatch(/\(3 days left\)$/)
    expect(within(rows[2]!).getAllByRole('cell')[3]!.textContent).toBe('Lost')
    fireEvent.click(screen.getByRole('button', { name: 'Read the chargeback of payment 55501 again' }))
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/\/admin\/money\/replay$/), expect.objectContaining({ method: 'POST' })),
    )
    const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/admin/money/replay') && init?.method === 'POST')!
    expect(JSON.parse(String(call[1]!.body))).toEqual({ kind: 'dispute', id: '8812' })
  })
})
