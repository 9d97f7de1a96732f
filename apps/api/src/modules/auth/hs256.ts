import { createHmac, timingSafeEqual } from 'node:crypto'

// HS256 JWTs with node:crypto. jose goes through WebCrypto, whose HMAC runs as a job on the libuv
// thread pool: ~10× the cost of a synchronous HMAC, and queued behind argon2 hashes when logins
// pile up (GET /auth/me then waited seconds). Tokens are byte-compatible with jose's.

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url')

export interface JwtPayload {
  sub?: string
  iss?: string
  iat?: number
  exp?: number
  nbf?: number
  jti?: string
  [claim: string]: unknown
}

export function signHs256(payload: JwtPayload, key: Buffer): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}

/** The payload of a token signed with `key`, unexpired and from `issuer`; null otherwise. */
export function verifyHs256(token: string, key: Buffer, issuer: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtPayload | null {
  if (token.length > 4096) return null
  const firstDot = token.indexOf('.')
  const lastDot = token.lastIndexOf('.')
  if (firstDot <= 0 || lastDot === firstDot) return null
  let header: { alg?: unknown; crit?: unknown }
  let payload: JwtPayload
  try {
    header = JSON.parse(Buffer.from(token.slice(0, firstDot), 'base64url').toString('utf8'))
    if (header?.alg !== 'HS256' || header.crit !== undefined) return null
    const expected = createHmac('sha256', key).update(token.slice(0, lastDot)).digest()
    const given = Buffer.from(token.slice(lastDot + 1), 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
    payload = JSON.parse(Buffer.from(token.slice(firstDot + 1, lastDot), 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null
  if (payload.iss !== issuer) return null
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) return null
  return payload
}
