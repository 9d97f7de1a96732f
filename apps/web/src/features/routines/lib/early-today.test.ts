import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession } from '@/lib/session'
import { startTodayFetch, takeEarlyToday } from './early-today'

const user = { id: 'u1', email: 'c@example.com', firstName: 'Carla', lastName: 'Díaz', role: 'member' } as never

describe("Hoy's early request for today's session", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    clearSession()
  })

  it('asks with the stored token as the app starts, and hands the answer over once, to that user only', async () => {
    const fetchMock = vi.fn(async () => Response.json({ date: '2026-12-07', data: [] }))
    vi.stubGlobal('fetch', fetchMock)
    setSession({ user, token: 'tok-1', refreshToken: 'r' })
    startTodayFetch()
    startTodayFetch()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/client/today')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1')
    expect(await takeEarlyToday('someone-else')).toBeUndefined()

    startTodayFetch()
    expect(await takeEarlyToday('u1')).toEqual({ date: '2026-12-07', data: [] })
    expect(await takeEarlyToday('u1')).toBeUndefined()
  })

  it('leaves a refused or failed request to the normal one; asks nothing signed out', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 401 }, { status: 401 }))
    vi.stubGlobal('fetch', fetchMock)
    startTodayFetch()
    expect(fetchMock).not.toHaveBeenCalled()
    setSession({ user, token: 'old', refreshToken: 'r' })
    startTodayFetch()
    expect(await takeEarlyToday('u1')).toBeUndefined()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    startTodayFetch()
    expect(await takeEarlyToday('u1')).toBeUndefined()
  })
  it("takes the request the client shell's HTML started (no second one), for that user only", async () => {
    const fetchMock = vi.fn(async () => Response.json({ date: '2026-12-08', data: [] }))
    vi.stubGlobal('fetch', fetchMock)
    setSession({ user, token: 'tok-1', refreshToken: 'r' })
    window.__earlyToday = { userId: 'u1', answer: Promise.resolve(Response.json({ date: '2026-12-07', data: [] })) }
    startTodayFetch()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(window.__earlyToday).toBeUndefined()
    expect(await takeEarlyToday('u1')).toEqual({ date: '2026-12-07', data: [] })

    // Another person's (a stale tab signed in as someone else): not taken, asked again.
    window.__earlyToday = { userId: 'u2', answer: Promise.resolve(Response.json({ date: '2026-12-07', data: [] })) }
    startTodayFetch()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(await takeEarlyToday('u1')).toEqual({ date: '2026-12-08', data: [] })
  })
})
