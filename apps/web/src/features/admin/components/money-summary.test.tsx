import type { AdminMoneySummary } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { chooseLanguage, prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { LedgerAccount } from './ledger-account'
import { MoneySummary } from './money-summary'
import { operator } from '../test-operator'

// Issue 23 point 7: the Money page names months in words ("November 2026", "noviembre 2026") and
// accounts by name with a link to their page, never "2026-11" or "trainer:<uuid>".

const summary: AdminMoneySummary = {
  mrr: { totalClp: 25_000, clients: { clp: 25_000, count: 1 }, platform: { clp: 0, count: 0, unpriced: 0 } },
  trialsEnding: { count: 0, data: [] },
  pastDue: {
    count: 1,
    data: [
      {
        kind: 'client',
        subscriptionId: 's1',
        userId: 'c1',
        email: 'carla@example.com',
        trainerUserId: 'tu-1',
        trainerName: 'Camila Rojas',
        priceClp: 25_000,
        since: '2026-11-20T12:00:00.000Z',
      },
    ],
  },
  commission: [
    { month: '2026-10', clp: 1_250 },
    { month: '2026-11', clp: 2_500 },
  ],
  commissionTotalClp: 3_750,
  flagged: { count: 0, data: [] },
}
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

function renderSummary() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MoneySummary />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeAll(async () => {
  await prepareLanguage('en', ['admin', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())
afterAll(async () => {
  await chooseLanguage('en')
})

describe('Money in words', () => {
  it('commission per month as "November 2026"; the past-due client links to its trainer by name', async () => {
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(summary)))
    renderSummary()
    const months = await screen.findByRole('table', { name: 'Commission per month (last 12)' })
    expect(within(months).getByText('November 2026')).toBeTruthy()
    expect(within(months).getByText('October 2026')).toBeTruthy()
    expect(months.textContent).not.toContain('2026-1')
    expect(screen.getByRole('link', { name: 'Trainer: Camila Rojas' }).getAttribute('href')).toBe('/admin/trainers/tu-1')
  })

  it('the same months in Spanish', async () => {
    await chooseLanguage('es')
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(summary)))
    renderSummary()
    const months = await screen.findByRole('table', { name: 'Comisión por mes (últimos 12)' })
    expect(within(months).getByText('noviembre 2026')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Entrenador: Camila Rojas' })).toBeTruthy()
    await chooseLanguage('en')
  })

  it('ledger accounts by name with a link; the platform accounts in words; the code in the tooltip', () => {
    const entries = [
      { account: 'trainer:tr-1', amountClp: 24_000, ref: { name: 'Gabriel Gym', page: { kind: 'trainer' as const, id: 'tu-1' } } },
      { account: 'gym:g-1', amountClp: 14_000, ref: { name: 'Gym Central', page: { kind: 'gym' as const, id: 'b-1' } } },
      { account: 'receivable:trainer:tr-1', amountClp: 500, ref: { name: 'Gabriel Gym', page: { kind: 'trainer' as const, id: 'tu-1' } } },
      { account: 'platform_revenue', amountClp: 2_000, ref: null },
      { account: 'provider_clearing', amountClp: -40_000, ref: null },
      { account: 'trainer:gone', amountClp: 0, ref: null },
    ]
    render(
      <MemoryRouter>
        <ul>
          {entries.map((entry) => (
            <li key={entry.account}>
              <LedgerAccount entry={entry} />
            </li>
          ))}
        </ul>
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'Gabriel Gym' }).getAttribute('href')).toBe('/admin/trainers/tu-1')
    expect(screen.getByRole('link', { name: 'Gym Central' }).getAttribute('href')).toBe('/admin/gyms/b-1')
    expect(screen.getByRole('link', { name: 'Owed by Gabriel Gym' }).getAttribute('title')).toBe('receivable:trainer:tr-1')
    expect(screen.getByText('Platform revenue').getAttribute('title')).toBe('platform_revenue')
    expect(screen.getByText('Payment provider')).toBeTruthy()
    expect(screen.getByText('Trainer no longer on file')).toBeTruthy()
    expect(screen.getByRole('list').textContent).not.toMatch(/trainer:|gym:|_/)
  })
})
