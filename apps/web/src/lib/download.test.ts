import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client'
import { downloadFile } from './download'
import { setSession } from './session'

const user = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Pérez',
  role: 'trainer' as const,
  isActive: true,
  emailVerified: true,
  createdAt: '',
  language: 'es' as const,
  updatedAt: '',
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let fetchMock: ReturnType<typeof vi.fn>
let clicked: HTMLAnchorElement[]
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  setSession({ user, token: 'old-access', refreshToken: 'old-refresh' })
  clicked = []
  URL.createObjectURL = vi.fn(() => 'blob:csv')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('downloadFile', () => {
  it('fetches through the API client (token refreshed once on 401) and saves the file under its name', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>
      if (url === '/api/v1/auth/refresh') return json(200, { token: 'new-access', refreshToken: 'new-refresh' })
      if (headers.Authorization !== 'Bearer new-access') return json(401, { status: 401, message: 'Unauthorized' })
      expect(headers.Accept).toBe('text/csv')
      return new Response('\uFEFF"id"\n"1"\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } })
    })
    await downloadFile('/trainer/payments.csv?from=2026-01-01', 'payments.csv')
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/trainer/payments.csv?from=2026-01-01',
      '/api/v1/auth/refresh',
      '/api/v1/trainer/payments.csv?from=2026-01-01',
    ])
    expect(clicked).toHaveLength(1)
    expect(clicked[0]!.download).toBe('payments.csv')
    expect(clicked[0]!.getAttribute('href')).toBe('blob:csv')
  })

  it('a refusal is the same ApiError as every other call, and nothing is saved', async () => {
    fetchMock.mockResolvedValue(json(422, { status: 422, message: 'Invalid', errors: { from: 'invalid' } }))
    const failure = downloadFile('/trainer/payments.csv?from=x', 'payments.csv')
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 422, errors: { from: 'invalid' } })
    expect(clicked).toHaveLength(0)
  })
})
