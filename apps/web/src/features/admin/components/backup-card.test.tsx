import type { AdminBackupStatus } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { BackupCard } from './backup-card'
import { operator } from '../test-operator'

const base: AdminBackupStatus = {
  database: 'pglite',
  scheduled: true,
  time: '03:30',
  timeZone: 'America/Santiago',
  keepDaily: 7,
  keepWeekly: 4,
  running: false,
  last: null,
}
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BackupCard />
    </QueryClientProvider>,
  )
}

beforeAll(async () => {
  await prepareLanguage('en', ['admin', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('BackupCard', () => {
  it('shows the schedule and, after "Back up now", the last backup: Santiago time, size, verified', async () => {
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    const taken = {
      ...base,
      last: {
        takenAt: '2026-11-25T06:30:00.000Z',
        file: 'nightly-x.tar',
        bytes: 5_100_000,
        verified: true,
        error: null,
        trigger: 'nightly',
      },
    }
    const fetchMock = vi.fn().mockResolvedValueOnce(json(base)).mockResolvedValueOnce(json(taken))
    vi.stubGlobal('fetch', fetchMock)
    renderCard()
    expect(await screen.findByText(/Every night at 03:30 \(Santiago time\).*7 daily and 4 weekly/)).toBeTruthy()
    expect(screen.getByText(/No backup yet/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(await screen.findByText('Verified')).toBeTruthy()
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/admin/backups')
    expect((fetchMock.mock.calls[1]![1] as RequestInit).method).toBe('POST')
    // 06:30Z is 03:30 in Santiago (summer time).
    expect(document.querySelector('time')?.textContent).toMatch(/3:30/)
    expect(screen.getByText('5.1 MB')).toBeTruthy()
  }, 30_000)

  it('shows a failed backup with its reason', async () => {
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    const failed = {
      ...base,
      last: {
        takenAt: '2026-11-25T06:30:00.000Z',
        file: 'nightly-x.tar',
        bytes: 0,
        verified: false,
        error: 'no space left',
        trigger: 'nightly',
      },
    }
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(failed)))
    renderCard()
    expect(await screen.findByText('Failed')).toBeTruthy()
    expect(screen.getByText('no space left')).toBeTruthy()
  })

  it('on PostgreSQL says the server takes no backups and offers no button', async () => {
    setSession({ user: operator, token: 't', refreshToken: 'r' })
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ ...base, database: 'postgres', scheduled: false })))
    renderCard()
    await waitFor(() => expect(screen.getByText(/PostgreSQL: the server takes no backups/)).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull()
  })
})
