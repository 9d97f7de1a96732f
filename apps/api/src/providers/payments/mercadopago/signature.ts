import { createHmac, timingSafeEqual } from 'node:crypto'
import { WebhookSignatureError, type WebhookHeaders } from '../types.ts'

/** Notifications older (or further in the future) than this are refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 10 * 60_000

const header = (headers: WebhookHeaders, name: string) => {
  const v = headers[name] ?? headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}

/**
 * The documented manifest: `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`. A part whose value
 * is missing is left out; an alphanumeric data.id is lower-cased (Mercado Pago signs it so).
 */
export function signatureManifest(parts: { dataId?: string | null; requestId?: string | null; ts: string }): string {
  let manifest = ''
  if (parts.dataId) manifest += `id:${/^[a-z0-9]+$/i.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId};`
  if (parts.requestId) manifest += `request-id:${parts.requestId};`
  return `${manifest}ts:${parts.ts};`
}

/** The `x-signature` header Mercado Pago would send for this manifest (the fake's sender and the tests use it). */
export function signNotification(secret: string, parts: { dataId?: string | null; requestId?: string | null; ts: string }): string {
  return `ts=${parts.ts},v1=${createHmac('sha256', secret).update(signatureManifest(parts)).digest('hex')}`
}

/** `ts` is in milliseconds in today's notifications and in seconds in older ones. */
const tsToMs = (ts: string) => (ts.length >= 13 ? Number(ts) : Number(ts) * 1000)

/**
 * Verifies `x-signature` (`ts=…,v1=…`): HMAC-SHA256 of the manifest with the webhook secret,
 * compared in constant time, and `ts` within SIGNATURE_TOLERANCE_MS of `now`. Answers the
 * signed data id and request id; throws WebhookSignatureError (the reason, never the secret).
 */
export function verifyNotificationSignature(input: {
  secret: string
  headers: WebhookHeaders
  dataId: string | null
  now?: number
  toleranceMs?: number
}): { ts: number; requestId: string | null } {
  const raw = header(input.headers, 'x-signature')
  if (!raw) throw new WebhookSignatureError('missing x-signature')
  const fields = new Map<string, string>()
  for (const part of raw.split(',')) {
    const at = part.indexOf('=')
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
  }
  const ts = fields.get('ts')
  const v1 = fields.get('v1')
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) throw new WebhookSignatureError('malformed x-signature')
  const requestId = header(input.headers, 'x-request-id') ?? null
  const expected = createHmac('sha256', input.secret)
    .update(signatureManifest({ dataId: input.dataId, requestId, ts }))
    .digest()
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new WebhookSignatureError('signature does not match')
  const at = tsToMs(ts)
  const now = input.now ?? Date.now()
  if (Math.abs(now - at) > (input.toleranceMs ?? SIGNATURE_TOLERANCE_MS)) throw new WebhookSignatureError('stale signature')
  return { ts: at, requestId }
}
