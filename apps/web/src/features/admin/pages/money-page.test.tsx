import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { MoneyPage } from './money-page'
import { operator } from '../test-operator'

// Issue 23 point 7: the Money page's trainer filter takes a name or e-mail (sent as trainerSearch),
// not an id, and the ledger lists accounts by name.

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
const transaction = {
  id: 'tx-1',
  at: '2026-11-25T15:00:00.000Z',
  kind: 'payment',
  paymentId: 'p-1',
  trainer: { userId: 'tu-1', name: 'Íñigo Muñoz' },
  amountClp: 25_000,
  platformClp: 1_250,
  entries: [
    { account: 'platform_revenue', amountClp: 1_250, ref: null },
    { account: 'provider_clearing', amountClp: -25_000, ref: null },
    { account: 'trainer:tr-1', amountClp: 23_750, ref: { name: 'Íñigo Muñoz', page: { kind: 'trainer', id: 'tu-1' } } },
  ],
}

beforeAll(async () => {
  await prepareLanguage('en', ['admin', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('MoneyPage', () => {
  it('filters by a trainer name as typed and shows each account by name', async () => {
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/admin/money/transactions')) return json({ data: [transaction], nextCursor: null })
      if (url === '/api/v1/admin/money/reconciliation') return json({ last: null })
      return json({
        mrr: { totalClp: 0, clients: { clp: 0, count: 0 }, platform: { clp: 0, count: 0, unpriced: 0 } },
        trialsEnding: { count: 0, data: [] },
        pastDue: { count: 0, data: [] },
        commission: [],
        commissionTotalClp: 0,
        flagged: { count: 0, data: [] },
      })
    })
    vi.stubGlobal('fetch', fetchMock)
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin/money']}>
          <MoneyPage />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    const field = await screen.findByLabelText('Trainer')
    expect(field.getAttribute('placeholder')).toBe('Name or e-mail')
    fireEvent.change(field, { target: { value: 'munoz' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/admin/money/transactions?trainerSearch=munoz'))
    const table = await screen.findByRole('table', { name: 'Ledger transactions' })
    const entries = within(table).getAllByRole('listitem')
    expect(entries.map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      expect.stringContaining('Platform revenue'),
      expect.stringContaining('Payment provider'),
      expect.stringContaining('Íñigo Muñoz'),
    ])
    expect(within(entries[2]!).getByRole('link', { name: 'Íñigo Muñoz' }).getAttribute('href')).toBe('/admin/trainers/tu-1')
    expect(table.textContent).not.toMatch(/trainer:|platform_revenue/)
  })
})
