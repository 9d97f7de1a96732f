import { clearSession, getSession, setTokens } from './session'
import { sleep } from './sleep'
import { newIdempotencyKey } from './idempotency-key'

export { newIdempotencyKey }

/** Spec §4 (session): the error of a call whose session could not be refreshed. */
export const SESSION_EXPIRED = 'Session expired'

export const API_BASE = '/api/v1'

/** A non-2xx answer (spec §8): message from the server, else 'Request failed: {status}' or the raw text. */
export class ApiError extends Error {
  readonly status: number
  readonly data: unknown
  /** Seconds the server asks to wait (Retry-After of a 429), when it says. */
  readonly retryAfter?: number
  constructor(message: string, status: number, data: unknown, retryAfter?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.data = data
    this.retryAfter = retryAfter
  }
  /** The field codes of a 422 answer, e.g. { email: 'notFound' }. */
  get errors(): Record<string, string> | undefined {
    const errors = (this.data as { errors?: unknown } | null)?.errors
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined
  }
}

/** A service's own fallback text (spec §8 "service fallback"), for a failure without a server answer. */
export class ServiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ServiceError'
  }
}

export interface RequestOptions {
  body?: unknown
  /** Send the bearer token and refresh on 401 (default true). */
  auth?: boolean
  /** A bearer token to send instead of the session's (the refresh call). */
  bearer?: string
  signal?: AbortSignal
  headers?: Record<string, string>
  /**
   * Idempotency-Key of a write (default: a new one per call, kept for its automatic retries); null
   * sends none, for a write whose body carries its own key (a set log, issue 25).
   */
  idempotencyKey?: string | null
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** A 503 asking to wait at most this long is retried once, by itself (issue 34). */
const MAX_AUTO_RETRY_AFTER_S = 5

const BODY_LOCKED = /body.*(locked|disturbed|used)|(locked|disturbed|used).*body/i

async function parse(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return response.ok ? {} : null
  try {
    return JSON.parse(text)
  } catch {
    // A successful non-JSON answer yields {} (spec §8); a failed one keeps its raw text.
    return response.ok ? {} : text
  }
}

function toError(response: Response, data: unknown): ApiError {
  let message = `Request failed: ${response.status}`
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    message = (data as { message: string }).message
  } else if (typeof data === 'string' && data.trim()) {
    message = data
  }
  const retryAfter = Number(response.headers.get('retry-after'))
  return new ApiError(message, response.status, data, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined)
}

async function send(method: string, path: string, opts: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers }
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const init: RequestInit = {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  }
  try {
    return await fetch(`${API_BASE}${path}`, init)
  } catch (err) {
    // A request whose body was locked is retried once after 100 ms (spec §4).
    if (err instanceof TypeError && BODY_LOCKED.test(err.message)) {
      await sleep(100)
      return fetch(`${API_BASE}${path}`, { ...init, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) })
    }
    throw err
  }
}

let refreshing: Promise<string> | null = null

/** One refresh shared by every request that got a 401 meanwhile. */
export function refreshSession(): Promise<string> {
  refreshing ??= (async () => {
    const refreshToken = getSession()?.refreshToken
    try {
      if (!refreshToken) throw new Error('no refresh token')
      const response = await send('POST', '/auth/refresh', {}, refreshToken)
      const data = (await parse(response)) as { token?: string; refreshToken?: string } | null
      if (!response.ok || !data?.token || !data.refreshToken) throw new Error('refresh failed')
      setTokens(data.token, data.refreshToken)
      return data.token
    } catch {
      clearSession(SESSION_EXPIRED)
      throw new ApiError(SESSION_EXPIRED, 401, null)
    }
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

export async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const response = await answer(method, path, opts)
  const data = await parse(response)
  if (!response.ok) throw toError(response, data)
  return data as T
}

/**
 * A file the API answers with (a CSV export): the same token, refresh, retry and errors as every
 * call, the name the API gave it (Content-Disposition), null when it gave none, and the status (a
 * 202 is an answer about a file still being made, not the file).
 */
export async function requestFile(
  path: string,
  accept: string,
  opts: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null; status: number }> {
  const response = await answer('GET', path, { ...opts, headers: { Accept: accept, ...opts.headers } })
  if (!response.ok) throw toError(response, await parse(response))
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')), status: response.status }
}

/** `attachment; filename="pagos_2026-11-01_2026-11-23.csv"` → the name (RFC 6266 `filename*` first). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(disposition)
  const name = (plain?.[1] ?? plain?.[2])?.replace(/[\\/]/g, '_')
  return name || null
}

/** Sends a request, refreshing an expired token once and waiting out one short 503. */
async function answer(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const auth = opts.auth ?? true
  let token = opts.bearer ?? (auth ? getSession()?.token : undefined)
  // One key per submit, the same on every automatic retry below: the server stores a write once.
  if (WRITES.has(method) && opts.idempotencyKey !== null)
    opts = { ...opts, headers: { 'Idempotency-Key': opts.idempotencyKey ?? newIdempotencyKey(), ...opts.headers } }
  let response = await send(method, path, opts, token)
  if (response.status === 401 && auth && token && !opts.bearer) {
    // Another request may have refreshed already: then only retry with the new token.
    const latest = getSession()?.token
    token = latest && latest !== token ? latest : await refreshSession()
    response = await send(method, path, opts, token)
  }
  // The server is briefly unavailable (database restarting): wait as asked and try once more.
  const retryAfter = Number(response.headers.get('retry-after'))
  if (response.status === 503 && retryAfter > 0 && retryAfter <= MAX_AUTO_RETRY_AFTER_S) {
    await sleep(retryAfter * 1000)
    response = await send(method, path, opts, token)
  }
  return response
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  file: (path: string, accept: string, opts?: RequestOptions) => requestFile(path, accept, opts),
}
