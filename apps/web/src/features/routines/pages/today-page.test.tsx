import 'fake-indexeddb/auto'
import type { Today } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { SessionProvider } from '@/lib/use-session'
import { exerciseFixture, itemFixture, sessionFixture } from '../testing/workout-fixture'
import { TodayPage } from './today-page'

const client = {
  id: `client-${Math.random()}`,
  email: 'marta@example.com',
  firstName: 'Marta',
  lastName: 'Cliente',
  role: 'member' as const,
  isActive: true,
  emailVerified: true,
  language: 'en' as const,
  createdAt: '',
  updatedAt: '',
}

const session = sessionFixture([
  itemFixture({
    key: 'w2d1e1',
    exerciseId: 'e1',
    load: { kind: 'kg', value: 40 },
    restSeconds: 60,
    tempo: '3010',
    exercise: exerciseFixture('e1', 'Press banca con barra', 'Barbell bench press'),
    lastTime: { on: '2026-11-30', sets: [{ setNumber: 1, reps: 8, loadKg: 40, seconds: null }] },
  }),
])

/** The API's edge: GET answers by path; POSTs to set-logs never answer (the gym basement). */
function fakeApi(today: Omit<Today, 'date'>) {
  const posts: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = url.replace('/api/v1', '')
      if (init?.method === 'POST') {
        posts.push(path)
        return new Promise<Response>(() => undefined)
      }
      const body =
        path === '/auth/me'
          ? client
          : path === '/client/today'
            ? { date: new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' }), ...today }
            : path === '/client/records'
              ? { data: [] }
              : { data: [] }
      return Promise.resolve(Response.json(body))
    }),
  )
  return posts
}

function renderPage() {
  setSession({ user: client, token: 't', refreshToken: 'r' })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/cliente']}>
          <TodayPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  )
}

beforeAll(async () => {
  localStorage.setItem('language', 'en')
  await prepareLanguage('en', ['routines', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('"Hoy"', () => {
  it('a rest day names the next session; without a program it says so', async () => {
    fakeApi({ data: [], next: { date: '2026-12-09', title: 'Pull', programTitle: 'Fuerza base' } })
    renderPage()
    expect(await screen.findByText('Today is a rest day.')).toBeTruthy()
    expect(screen.getByText('Next session: Wednesday 9 December · Pull')).toBeTruthy()
  })

  it('without a program it says the trainer has not assigned one', async () => {
    fakeApi({ data: [], next: null })
    renderPage()
    expect(await screen.findByText(/You have no program yet/)).toBeTruthy()
  })

  it('a done tap answers before the server does, starts the rest in a live region, and skipping returns focus to the set', async () => {
    const posts = fakeApi({ data: [session], next: null })
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Barbell bench press' })).toBeTruthy()
    expect(screen.getByText('Last time (Mon 30 Nov): 40 kg × 8')).toBeTruthy()
    expect(screen.getByText('2 × 8 · 40 kg · rest 1:00 · tempo 3-0-1-0')).toBeTruthy()

    // A reps field left empty is refused with its reason tied to the field.
    fireEvent.change(screen.getByLabelText('Reps, set 2'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Mark set 2 done' }))
    expect(screen.getByLabelText('Reps, set 2').getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Enter the reps')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Kilograms, set 1'), { target: { value: '42,5' } })
    const markDone = screen.getByRole('button', { name: 'Mark set 1 done' })
    fireEvent.click(markDone)
    fireEvent.click(markDone) // a double tap logs one set
    // The server has not answered (and never will here): the set shows done all the same.
    const done = await screen.findByRole('button', { name: 'Set 1 done' })
    expect(done.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('timer')).toBeTruthy()
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Rest for 60 seconds.')).toBe(true)
    await waitFor(() => expect(posts).toEqual(['/client/set-logs']))
    expect(screen.getByText('Syncing 1 set…')).toBeTruthy()

    screen.getByRole('button', { name: 'Skip rest' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Skip rest' }))
    expect(screen.queryByRole('timer')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set 1 done' }))
  })
})
