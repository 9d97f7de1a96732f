import { HEALTH_CONSENT_TEXT, HEALTH_CONSENT_VERSION, type HealthConsentStatus } from '@app/contracts'
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { SessionProvider } from '@/lib/use-session'
import { ProgressPage } from './progress-page'

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

const notAsked: HealthConsentStatus = {
  given: false,
  current: false,
  currentVersion: HEALTH_CONSENT_VERSION,
  text: HEALTH_CONSENT_TEXT,
  history: [],
}
const consented: HealthConsentStatus = {
  ...notAsked,
  given: true,
  current: true,
  history: [
    {
      accepted: true,
      version: HEALTH_CONSENT_VERSION,
      language: 'en',
      screen: 'client-progress',
      erasedEntries: false,
      createdAt: new Date().toISOString(),
    },
  ],
}

/** The API's edge: the consent starts not given; the POST gives it. */
function fakeApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = url.replace('/api/v1', '').split('?')[0]
      if (init?.method === 'POST' && path === '/client/health-consent') return Promise.resolve(Response.json(consented))
      const body =
        path === '/auth/me'
          ? client
          : path === '/client/health-consent'
            ? notAsked
            : path === '/client/adherence'
              ? { weeks: [] }
              : { data: [] }
      return Promise.resolve(Response.json(body))
    }),
  )
}

beforeAll(async () => {
  localStorage.setItem('language', 'en')
  await prepareLanguage('en', ['progress', 'errors'])
})
afterEach(() => {
  vi.unstubAllGlobals()
  notifyManager.setScheduler((cb) => setTimeout(cb, 0))
})

describe('progress page', () => {
  it('after consenting, focus lands on the entry form heading even when the re-render comes frames later', async () => {
    fakeApi()
    setSession({ user: client, token: 't', refreshToken: 'r' })
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/cliente/progreso']}>
            <ProgressPage />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    )
    const accept = await screen.findByRole('button', { name: 'I allow it' })
    // A busy main thread (a loaded phone, a loaded CI run): the query's re-render (a timer task) lands
    // after the next animation frame (here the frame runs at once; jsdom's own are irregular).
    // Focusing "on the next frame" found no form then.
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => {
      frame(performance.now())
      return 0
    })
    notifyManager.setScheduler((cb) => setTimeout(cb, 150))
    fireEvent.click(accept)
    const heading = await screen.findByRole('heading', { name: 'Log' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.queryByRole('button', { name: 'I allow it' })).toBeNull()
  })
})
