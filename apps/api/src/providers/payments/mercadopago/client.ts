import { randomUUID } from 'node:crypto'
import { PaymentProviderUnavailableError } from '../types.ts'

/**
 * A thin client of Mercado Pago's REST API (decision 207): the base URL comes from configuration
 * (the fake in tests and sandbox mode), every call has a deadline, every write an idempotency key.
 * It never puts a token, a code or a secret into an error or a log line.
 */
export interface MercadoPagoClientOptions {
  baseUrl: string
  timeoutMs: number
  /** For tests that count calls; the global fetch otherwise. */
  fetch?: typeof fetch
}

/** Mercado Pago refused the request (4xx): its status, its `error` code and message, never our request. */
export class MercadoPagoApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly error: string,
    message: string,
  ) {
    super(message)
    this.name = 'MercadoPagoApiError'
  }
}

export interface RequestOptions {
  body?: unknown
  /** The seller's or the platform's access token (Authorization: Bearer). */
  accessToken?: string
  /** Writes only; a fresh UUID when not given. The same key with the same body answers the first answer again. */
  idempotencyKey?: string
  query?: Record<string, string | number | undefined>
}

export type MercadoPagoClient = ReturnType<typeof mercadoPagoClient>

export function mercadoPagoClient({ baseUrl, timeoutMs, fetch: fetchFn = fetch }: MercadoPagoClientOptions) {
  const root = baseUrl.replace(/\/$/, '')

  async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
    const url = new URL(root + path)
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    const headers: Record<string, string> = { accept: 'application/json' }
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    if (opts.accessToken) headers.authorization = `Bearer ${opts.accessToken}`
    if (method !== 'GET') headers['x-idempotency-key'] = opts.idempotencyKey ?? randomUUID()

    let response: Response
    let text: string
    try {
      // One deadline for the whole exchange, the body included.
      const signal = AbortSignal.timeout(timeoutMs)
      response = await fetchFn(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal,
      })
      text = await response.text()
    } catch (err) {
      const name = (err as Error)?.name
      throw new PaymentProviderUnavailableError(
        name === 'TimeoutError' || name === 'AbortError'
          ? `Mercado Pago did not answer ${method} ${path} within ${timeoutMs} ms`
          : `Mercado Pago could not be reached (${method} ${path})`,
      )
    }
    if (response.status >= 500 || response.status === 429) {
      throw new PaymentProviderUnavailableError(`Mercado Pago answered ${response.status} to ${method} ${path}`)
    }
    let body: Record<string, unknown> = {}
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      if (response.ok) throw new PaymentProviderUnavailableError(`Mercado Pago answered ${method} ${path} with a body that is not JSON`)
    }
    if (!response.ok) {
      throw new MercadoPagoApiError(
        response.status,
        typeof body.error === 'string' ? body.error : 'error',
        `Mercado Pago refused ${method} ${path} (${response.status}${typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : ''})`,
      )
    }
    return body as T
  }

  return {
    request,
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts),
    put: <T>(path: string, opts?: RequestOptions) => request<T>('PUT', path, opts),
  }
}

/** POST /oauth/token's answer (the SDK's OAuthResponse). */
export interface OAuthTokenAnswer {
  access_token: string
  token_type: string
  expires_in: number
  scope?: string
  user_id: number
  refresh_token: string
  public_key?: string
  live_mode?: boolean
}

/** GET /users/me (the fields we read). */
export interface MercadoPagoUser {
  id: number
  nickname?: string
  email?: string
  site_id?: string
  country_id?: string
}
