import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { Config } from '../config.ts'

/**
 * What the log may say about a request. Secrets travel in URLs (reset links carry `hash`, the built-in
 * provider's pages are capability URLs, the user lookup carries an e-mail) and Fastify logs `req.url` for
 * every request, so URLs are rewritten before they reach a log line. Bodies and headers are never
 * logged.
 */

/** A client's x-request-id is used only when it cannot forge or break a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

export function requestIdOf(req: RawRequestDefaultExpression): string {
  const sent = req.headers['x-request-id']
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID()
}

const REDACTED = '[redacted]'
const EMAIL = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/

// Query keys whose value is a secret: exact names, and any key containing one of the words.
const SECRET_KEYS = new Set([
  'hash',
  'token',
  'code',
  'otp',
  'sid',
  'session_id',
  'sessionid',
  'key',
  'sig',
  'signature',
  'state',
  'secret',
  'password',
])
const SECRET_WORDS = /token|secret|password|hash|otp|code|signature|session/i
// Path segments that follow these are capability ids (the built-in provider's pages, checkout look-ups).
// Client invitations (issue 12): the token of the mailed link is the capability, both the API path
// and the web page the mail links to (/invitacion/<token>, issue 19; /invitacion/pagada is no token).
// Calendar feeds: the URL is the secret. Card payments (decision 249): a mailed payment link's token,
// and the checkout the card form returns to.
const CAPABILITY_PATHS =
  /^(\/sandbox\/(?:checkout|portal|connect|client-checkout|client-portal)\/|\/api\/v1\/platform\/checkout\/verify\/|\/api\/v1\/client-invitations\/|\/api\/v1\/calendar\/|\/card-payments\/(?:checkouts|links)\/|\/invitacion\/(?!pagada(?:[/?#]|$)))[^/?#]+/
// Values that are secrets wherever they appear: JWTs and the built-in provider's own ids.
const SECRET_VALUE = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$|^[a-z]+_sbx_[\w-]+$/

/** a***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return REDACTED
  return `${email[0]}***${email.slice(at)}`
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '))
  } catch {
    return undefined
  }
}

function redactValue(raw: string, key?: string): string {
  if (key !== undefined) {
    const k = key.toLowerCase()
    if (SECRET_KEYS.has(k) || SECRET_WORDS.test(k)) return REDACTED
  }
  const value = decode(raw)
  if (value === undefined) return raw.length > 64 ? REDACTED : raw
  if (SECRET_VALUE.test(value)) return REDACTED
  if (EMAIL.test(value.trim())) return maskEmail(value.trim())
  return raw
}

/** The URL as a log line may show it: secret query values and capability ids redacted, e-mails masked. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url
  const q = url.indexOf('?')
  let path = q === -1 ? url : url.slice(0, q)
  const query = q === -1 ? undefined : url.slice(q + 1)
  path = path.replace(CAPABILITY_PATHS, `$1${REDACTED}`)
  path = path
    .split('/')
    .map((segment) => (segment ? redactValue(segment) : segment))
    .join('/')
  if (query === undefined) return path
  const params = query.split('&').map((part) => {
    const eq = part.indexOf('=')
    if (eq === -1) return redactValue(part)
    const key = part.slice(0, eq)
    return `${key}=${redactValue(part.slice(eq + 1), decode(key) ?? key)}`
  })
  return `${path}?${params.join('&')}`
}

const scrubParams = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]')

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string }

/**
 * Only these fields: pino's default logs every field of an error, and Node's parse errors carry
 * the raw request bytes (URL, headers, tokens) in `rawPacket`, Drizzle's query errors the bound
 * values (hashes, mail bodies) in `params` and in the message.
 */
export function serializeError(err: Error & { code?: unknown; statusCode?: unknown }): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' }
  return {
    type: err.constructor?.name ?? 'Error',
    message: scrubParams(err.message) ?? '',
    stack: scrubParams(err.stack) ?? '',
    code: err.code,
    statusCode: err.statusCode,
    ...(err.cause instanceof Error ? { cause: serializeError(err.cause) } : {}),
  }
}

// A URL may be 8 KB (plugins/errors.ts); the log keeps the start of it.
const MAX_LOGGED_URL = 1024
const shorten = (url: string | undefined) =>
  url && url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…[${url.length - MAX_LOGGED_URL} more]` : url

interface LoggedRequest {
  method?: string
  url?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** Fastify's logger options: level, the redacting request serializer, no raw packets of client errors. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    // Nothing logs headers today; should anything ever pass them, these are the secrets in them.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: shorten(redactUrl(req.url)),
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: serializeError,
    },
  } satisfies FastifyServerOptions['logger']
}
