import type { GymAdherence } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { ClientAdherenceTable } from './client-adherence-table'

const owner = {
  id: 'o1',
  email: 'owner@example.com',
  firstName: 'Olga',
  lastName: 'Dueña',
  role: 'gym_owner' as const,
  isActive: true,
  emailVerified: true,
  language: 'en' as const,
  createdAt: '',
  updatedAt: '',
}
const week = (weekStart: string, done: number, assigned: number) => ({
  weekStart,
  assigned,
  due: assigned,
  done,
  rate: assigned ? Math.round((done / assigned) * 100) / 100 : null,
})
const answer: GymAdherence = {
  data: [
    {
      trainerId: 't1',
      trainerName: 'Tomás Vera',
      clientUserId: 'c1',
      clientName: 'Carla Soto',
      weeks: [week('2026-11-02', 3, 3), week('2026-11-09', 2, 3), week('2026-11-16', 1, 3), week('2026-11-23', 2, 4)],
    },
    {
      trainerId: 't1',
      trainerName: 'Tomás Vera',
      clientUserId: 'c2',
      clientName: 'Diego Pérez',
      weeks: [week('2026-11-02', 0, 0), week('2026-11-09', 0, 0), week('2026-11-16', 0, 0), week('2026-11-23', 0, 0)],
    },
  ],
}
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

function renderTable(gymId: string | undefined) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ClientAdherenceTable gymId={gymId} />
    </QueryClientProvider>,
  )
}

beforeAll(async () => {
  await prepareLanguage('en', ['business', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('ClientAdherenceTable', () => {
  it('shows each trainer’s client with this week and the last four weeks, from /business/client-adherence', async () => {
    setSession({ user: owner, token: 't', refreshToken: 'r' })
    const fetchMock = vi.fn().mockResolvedValue(json(answer))
    vi.stubGlobal('fetch', fetchMock)
    renderTable('g1')
    const carla = (await screen.findByRole('rowheader', { name: 'Carla Soto' })).closest('tr')!
    expect(within(carla).getByText('Tomás Vera')).toBeTruthy()
    expect(within(carla).getByText('2 of 4 (50%)')).toBeTruthy()
    expect(within(carla).getByText('8 of 13 (61.5%)')).toBeTruthy()
    const diego = screen.getByRole('rowheader', { name: 'Diego Pérez' }).closest('tr')!
    expect(within(diego).getAllByText('Nothing assigned')).toHaveLength(2)
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/v1\/business\/client-adherence\?weeks=4$/)
  })

  it('asks nothing before the owner has a gym', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderTable(undefined)
    expect(screen.queryByRole('table')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
