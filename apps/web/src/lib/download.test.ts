import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, fileNameOf } from './api-client'
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
  document.documentElement.lang = ''
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

  it("asks in the page's language and keeps the name the API gave the file (dated on Chile's clock)", async () => {
    document.documentElement.lang = 'en'
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>
      expect(headers['Accept-Language']).toBe('en')
      return new Response('\uFEFF"Payment ID"\n"1"\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="payments_2026-11-01_2026-11-23.csv"',
        },
      })
    })
    await downloadFile('/trainer/payments.csv?from=2026-11-01&to=2026-11-23', 'payments.csv')
    expect(clicked[0]!.download).toBe('payments_2026-11-01_2026-11-23.csv')
  })

  it('reads the name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="pagos_2026-11-01_2026-11-23.csv"')).toBe('pagos_2026-11-01_2026-11-23.csv')
    expect(fileNameOf('attachment; filename=ledger.csv')).toBe('ledger.csv')
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''auditor%C3%ADa.csv`)).toBe('auditoría.csv')
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd')
    expect(fileNameOf('attachment')).toBeNull()
    expect(fileNameOf(null)).toBeNull()
  })

  it('a refusal is the same ApiError as every other call, and nothing is saved', async () => {
    fetchMock.mockResolvedValue(json(422, { status: 422, message: 'Invalid', errors: { from: 'invalid' } }))
    const failure = downloadFile('/trainer/payments.csv?from=x', 'payments.csv')
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 422, errors: { from: 'invalid' } })
    expect(clicked).toHaveLength(0)
  })
})
