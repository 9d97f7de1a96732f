import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_KEYS } from './session'
import { SessionProvider, useSession } from './use-session'

const user = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Pérez',
  role: 'gym_owner' as const,
  isActive: true,
  emailVerified: true,
  createdAt: '',
  updatedAt: '',
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

let captured: ReturnType<typeof useSession>
function Probe() {
  captured = useSession()
  return <p>{captured.isLoading ? 'loading' : captured.user ? `user:${captured.user.firstName}` : 'anonymous'}</p>
}

afterEach(() => vi.unstubAllGlobals())

describe('SessionProvider', () => {
  it('restores the stored session on load with a loading flag, checking it with the server', async () => {
    localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user))
    localStorage.setItem(SESSION_KEYS.token, 't')
    localStorage.setItem(SESSION_KEYS.refreshToken, 'r')
    let answer!: (r: Response) => void
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    )
    const { getSession } = await import('./session')
    // The module may have cached an earlier test's session: re-read the storage.
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS.token }))
    expect(getSession()?.token).toBe('t')
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    )
    screen.getByText('loading')
    await act(async () => answer(json(200, { ...user, firstName: 'Ana María' })))
    await waitFor(() => screen.getByText('user:Ana María'))
  })

  it('login stores user, token and refresh token under separate keys; logout clears them', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/login') ? json(200, { token: 'T', refreshToken: 'R', user }) : json(200, { ok: true }),
    )
    vi.stubGlobal('fetch', fetchMock)
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS.token }))
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    )
    screen.getByText('anonymous')
    await act(async () => {
      await captured.login({ email: 'ana@example.com', password: 'x' }, 'business')
    })
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/business/login')
    screen.getByText('user:Ana')
    expect(localStorage.getItem(SESSION_KEYS.token)).toBe('T')
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('R')
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.user)!)).toEqual(user)
    await act(async () => {
      await captured.logout()
    })
    expect(fetchMock.mock.calls[1][0]).toBe('/api/v1/auth/logout')
    screen.getByText('anonymous')
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull()
  })

  it('logout clears the session even when the server call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/login') ? json(200, { token: 'T', refreshToken: 'R', user }) : Promise.reject(new TypeError('Failed to fetch')),
      ),
    )
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS.token }))
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    )
    await act(async () => {
      await captured.login({ email: 'a@b.cl', password: 'x' }, 'email')
    })
    await act(async () => {
      await captured.logout()
    })
    screen.getByText('anonymous')
  })
})
