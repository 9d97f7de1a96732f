import type { LedgerReconciliation } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { ReconciliationCard } from './reconciliation-card'
import { operator } from '../test-operator'

const run: LedgerReconciliation = {
  last: {
    ranAt: '2026-11-27T12:00:00.000Z',
    ranBy: 'cli',
    provider: 'mercadopago',
    from: '2026-10-28T12:00:00.000Z',
    to: '2026-11-27T12:00:00.000Z',
    ledgerMovements: 3,
    providerMovements: 4,
    differenceCount: 2,
    differences: [
      { kind: 'missing-in-ledger', movement: 'plan_refund', providerId: '1329667687', ledgerClp: null, providerClp: 5_000 },
      { kind: 'missing-at-provider', movement: 'charge', providerId: 'ch_1', ledgerClp: 19_990, providerClp: null },
    ],
  },
}

beforeAll(async () => {
  await prepareLanguage('en', ['admin', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('ReconciliationCard', () => {
  it("names each difference and each movement in the operator's language (decision 239)", async () => {
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify(run), { status: 200, headers: { 'content-type': 'application/json' } })),
    )
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReconciliationCard />
      </QueryClientProvider>,
    )
    const rows = await screen.findAllByRole('row')
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Missing in the ledger', 'Plan refund', '1329667687', '—', expect.stringMatching(/^CLP\s5,000$/)])
    expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toBe('Client charge')
    expect(screen.getByText('2 differences')).toBeTruthy()
  })
})
