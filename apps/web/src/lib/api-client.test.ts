import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError } from './api-client'
import { getSession, SESSION_KEYS, setSession, subscribeSession } from './session'

const user = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Pérez',
  role: 'member' as const,
  isActive: true,
  emailVerified: true,
  language: 'es' as const,
  createdAt: '',
  updatedAt: '',
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  setSession({ user, token: 'old-access', refreshToken: 'old-refresh' })
})
afterEach(() => vi.unstubAllGlobals())

const authOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>).Authorization
const urlOf = (call: unknown[]) => call[0] as string

describe('api client', () => {
  it('sends JSON with the bearer token under /api/v1', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }))
    await expect(api.post('/gyms', { name: 'Box' })).resolves.toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/v1/gyms')
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"name":"Box"}')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(authOf(fetchMock.mock.calls[0])).toBe('Bearer old-access')
  })

  it('calls without auth carry no token', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [] }))
    await api.get('/plans', { auth: false })
    expect(authOf(fetchMock.mock.calls[0])).toBeUndefined()
  })

  it('five concurrent 401s cause exactly one refresh, then each request is retried once with the new token', async () => {
    let refreshes = 0
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization
      if (url === '/api/v1/auth/refresh') {
        refreshes++
        expect(auth).toBe('Bearer old-refresh')
        await new Promise((r) => setTimeout(r, 20))
        return json(200, { token: 'new-access', refreshToken: 'new-refresh' })
      }
      return auth === 'Bearer new-access' ? json(200, { url }) : json(401, { status: 401, message: 'Unauthorized' })
    })
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => api.get<{ url: string }>(`/items/${n}`)))
    expect(refreshes).toBe(1)
    expect(results.map((r) => r.url)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/v1/items/${n}`))
    const itemCalls = fetchMock.mock.calls.filter((c) => urlOf(c) !== '/api/v1/auth/refresh')
    expect(itemCalls).toHaveLength(10)
    expect(getSession()).toMatchObject({ token: 'new-access', refreshToken: 'new-refresh', user })
    expect(localStorage.getItem(SESSION_KEYS.token)).toBe('new-access')
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('new-refresh')
  })

  it('a failed refresh clears the session and fails with "Session expired"', async () => {
    const reasons: (string | undefined)[] = []
    const unsubscribe = subscribeSession((_s, reason) => reasons.push(reason))
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/v1/auth/refresh'
        ? json(401, { status: 401, message: 'Session expired' })
        : json(401, { status: 401, message: 'Unauthorized' }),
    )
    const results = await Promise.allSettled([api.get('/a'), api.get('/b')])
    unsubscribe()
    for (const r of results) {
      expect(r.status).toBe('rejected')
      const err = (r as PromiseRejectedResult).reason
      expect(err).toBeInstanceOf(ApiError)
      expect(err.message).toBe('Session expired')
    }
    expect(fetchMock.mock.calls.filter((c) => urlOf(c) === '/api/v1/auth/refresh')).toHaveLength(1)
    expect(getSession()).toBeNull()
    expect(localStorage.getItem(SESSION_KEYS.user)).toBeNull()
    expect(reasons).toContain('Session expired')
  })

  it('retries the original request only once: a second 401 is an error', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/v1/auth/refresh' ? json(200, { token: 'n', refreshToken: 'r' }) : json(401, { status: 401, message: 'Nope' }),
    )
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401, message: 'Nope' })
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('error message: the server message, else the raw text, else "Request failed: {status}"; carries status and data', async () => {
    fetchMock.mockResolvedValueOnce(json(422, { status: 422, message: 'Unprocessable entity', errors: { email: 'notFound' } }))
    const first = (await api.post('/auth/email/login', {}, { auth: false }).catch((e: unknown) => e)) as ApiError
    expect(first).toMatchObject({ status: 422, message: 'Unprocessable entity', data: { errors: { email: 'notFound' } } })
    expect(first.errors).toEqual({ email: 'notFound' })

    fetchMock.mockResolvedValueOnce(new Response('Bad gateway from proxy', { status: 502 }))
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, message: 'Bad gateway from proxy', data: 'Bad gateway from proxy' })

    fetchMock.mockResolvedValueOnce(json(500, { error: 'no message field' }))
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500, message: 'Request failed: 500' })

    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }))
    await expect(api.get('/x')).rejects.toMatchObject({ status: 503, message: 'Request failed: 503' })
  })

  it('a 429 carries the Retry-After seconds', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ status: 429, message: 'Too many requests' }), { status: 429, headers: { 'retry-after': '97' } }),
    )
    await expect(api.post('/auth/email/otp/resend', {}, { auth: false })).rejects.toMatchObject({ status: 429, retryAfter: 97 })
  })

  it('a successful non-JSON answer yields {}', async () => {
    fetchMock.mockResolvedValueOnce(new Response('OK', { status: 200, headers: { 'content-type': 'text/plain' } }))
    await expect(api.get('/x')).resolves.toEqual({})
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }))
    await expect(api.delete('/x')).resolves.toEqual({})
  })

  it('a request whose body was locked is retried once after 100 ms', async () => {
    vi.useFakeTimers()
    try {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to execute fetch: body is locked')).mockResolvedValueOnce(json(200, { ok: 1 }))
      const pending = api.post('/forms', { a: 1 }, { auth: false })
      await vi.advanceTimersByTimeAsync(99)
      expect(fetchMock).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      await expect(pending).resolves.toEqual({ ok: 1 })
      expect(fetchMock).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('other network errors are not retried', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(api.get('/x')).rejects.toThrow('Failed to fetch')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('every write carries an Idempotency-Key, new per submit, the same on its automatic retries', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { status: 401, message: 'Invalid or expired token' }))
      .mockResolvedValueOnce(json(200, { token: 'new-access', refreshToken: 'new-refresh' }))
      .mockResolvedValueOnce(json(201, { id: 'g1' }))
      .mockResolvedValueOnce(json(201, { id: 'g2' }))
      .mockResolvedValueOnce(json(200, []))
    await api.post('/gyms', { name: 'Box' })
    await api.post('/gyms', { name: 'Box' })
    await api.get('/gyms')
    const keyOf = (i: number) => ((fetchMock.mock.calls[i]![1] as RequestInit).headers as Record<string, string>)['Idempotency-Key']
    // The 401 and its retry share one key; the refresh call has none; the next submit has another.
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/)
    expect(urlOf(fetchMock.mock.calls[1])).toBe('/api/v1/auth/refresh')
    expect(keyOf(1)).toBeUndefined()
    expect(keyOf(2)).toBe(keyOf(0))
    expect(keyOf(3)).toMatch(/^[0-9a-f-]{36}$/)
    expect(keyOf(3)).not.toBe(keyOf(0))
    expect(keyOf(4)).toBeUndefined()
  })

  it('a 503 with a short Retry-After is retried once after that wait, with the same key', async () => {
    vi.useFakeTimers()
    try {
      const unavailable = () =>
        new Response(JSON.stringify({ status: 503, message: 'The database is not answering', code: 'databaseUnavailable' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        })
      fetchMock.mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(json(201, { id: 'g1' }))
      const done = api.post('/gyms', { name: 'Box' })
      await vi.advanceTimersByTimeAsync(1_900)
      expect(fetchMock).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(200)
      await expect(done).resolves.toEqual({ id: 'g1' })
      const keys = fetchMock.mock.calls.map((c) => ((c[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'])
      expect(keys[0]).toBe(keys[1])
      // A second 503 is the caller's to show.
      fetchMock.mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(unavailable())
      const failing = api.post('/gyms', { name: 'Box' }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(2_100)
      const err = (await failing) as ApiError
      expect(err.status).toBe(503)
      expect(err.retryAfter).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
