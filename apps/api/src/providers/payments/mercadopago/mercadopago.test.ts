import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentProviderUnavailableError, PayoutLinkRefusedError, WebhookSignatureError } from '../types.ts'
import { MercadoPagoApiError, mercadoPagoClient } from './client.ts'
import { startFakeMercadoPago, type FakeMercadoPago } from './fake/server.ts'
import { mercadoPagoLinking } from './linking.ts'
import { signatureManifest, signNotification, verifyNotificationSignature } from './signature.ts'

// Issue 26 (decision 207): the thin client, the signature and the fake, without a database.
describe('x-signature', () => {
  const secret = 'your_secret_key'
  // Computed once by hand: HMAC-SHA256("id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1742505638683;", "your_secret_key").
  const vector = {
    dataId: '123456',
    requestId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e',
    ts: '1742505638683',
    v1: createHmac('sha256', secret).update('id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1742505638683;').digest('hex'),
  }
  const headers = (v1 = vector.v1, ts = vector.ts) => ({ 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': vector.requestId })
  const now = Number(vector.ts) + 1000

  it('builds the documented manifest (lower-cased alphanumeric id, missing parts left out)', () => {
    expect(signatureManifest({ dataId: '123456', requestId: 'r-1', ts: '9' })).toBe('id:123456;request-id:r-1;ts:9;')
    expect(signatureManifest({ dataId: 'ABC123', requestId: null, ts: '9' })).toBe('id:abc123;ts:9;')
    expect(signatureManifest({ dataId: null, requestId: 'r', ts: '9' })).toBe('request-id:r;ts:9;')
    expect(signNotification(secret, vector)).toBe(`ts=${vector.ts},v1=${vector.v1}`)
  })

  it('accepts the vector, refuses a wrong secret, another id, a tampered v1, a stale or future ts, a malformed header', () => {
    expect(verifyNotificationSignature({ secret, headers: headers(), dataId: '123456', now })).toEqual({
      ts: Number(vector.ts),
      requestId: vector.requestId,
    })
    // Spaces after the comma, as some deliveries send them.
    expect(() =>
      verifyNotificationSignature({
        secret,
        headers: { ...headers(), 'x-signature': `ts=${vector.ts}, v1=${vector.v1}` },
        dataId: '123456',
        now,
      }),
    ).not.toThrow()
    const refused = (fn: () => unknown) => expect(fn).toThrow(WebhookSignatureError)
    refused(() => verifyNotificationSignature({ secret: 'other', headers: headers(), dataId: '123456', now }))
    refused(() => verifyNotificationSignature({ secret, headers: headers(), dataId: '123457', now }))
    refused(() =>
      verifyNotificationSignature({
        secret,
        headers: headers(vector.v1.replace(/^./, vector.v1[0] === 'a' ? 'b' : 'a')),
        dataId: '123456',
        now,
      }),
    )
    refused(() => verifyNotificationSignature({ secret, headers: { ...headers(), 'x-request-id': 'other' }, dataId: '123456', now }))
    refused(() => verifyNotificationSignature({ secret, headers: headers(), dataId: '123456', now: now + 11 * 60_000 }))
    refused(() => verifyNotificationSignature({ secret, headers: headers(), dataId: '123456', now: now - 11 * 60_000 }))
    refused(() => verifyNotificationSignature({ secret, headers: headers('zz'), dataId: '123456', now }))
    refused(() => verifyNotificationSignature({ secret, headers: {}, dataId: '123456', now }))
    // ts in seconds (older notifications) is read as seconds.
    const secondsTs = String(Math.floor(now / 1000))
    const inSeconds = signNotification(secret, { dataId: '1', requestId: 'r', ts: secondsTs })
    expect(verifyNotificationSignature({ secret, headers: { 'x-signature': inSeconds, 'x-request-id': 'r' }, dataId: '1', now }).ts).toBe(
      Number(secondsTs) * 1000,
    )
  })
})

describe('the thin client and the fake', () => {
  let fake: FakeMercadoPago
  beforeAll(async () => {
    fake = await startFakeMercadoPago()
  })
  afterAll(() => fake.close())
  const client = (timeoutMs = 2000) => mercadoPagoClient({ baseUrl: fake.url, timeoutMs })

  it('sends an idempotency key on every write; the same key and body replay the answer, another body is a 409', async () => {
    const plan = {
      reason: 'Plan Pro',
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 19990, currency_id: 'CLP' },
    }
    const a = await client().post<{ id: string }>('/preapproval_plan', {
      body: plan,
      accessToken: fake.platformToken,
      idempotencyKey: 'plan-pro-1',
    })
    const b = await client().post<{ id: string }>('/preapproval_plan', {
      body: plan,
      accessToken: fake.platformToken,
      idempotencyKey: 'plan-pro-1',
    })
    expect(b.id).toBe(a.id)
    const other = client().post('/preapproval_plan', {
      body: { ...plan, reason: 'Otro' },
      accessToken: fake.platformToken,
      idempotencyKey: 'plan-pro-1',
    })
    await expect(other).rejects.toMatchObject({ status: 409, error: 'idempotency_key_already_used' })
    await client().post('/preapproval_plan', { body: plan, accessToken: fake.platformToken })
    expect(fake.calls.filter((c) => c.method === 'POST').every((c) => c.idempotencyKey)).toBe(true)
  })

  it('refuses CLP amounts that are not whole pesos', async () => {
    const plan = {
      reason: 'Plan',
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 19990.5, currency_id: 'CLP' },
    }
    const err = await client()
      .post('/preapproval_plan', { body: plan, accessToken: fake.platformToken })
      .catch((e: unknown) => e as MercadoPagoApiError)
    expect(err).toBeInstanceOf(MercadoPagoApiError)
    expect(err).toMatchObject({ status: 400 })
    expect((err as Error).message).toMatch(/integer for currency_id CLP/)
  })

  it('a slow, failing or unreachable provider is PaymentProviderUnavailableError within the timeout; never the token in the message', async () => {
    fake.faults.delayMs = 800
    fake.faults.times = 1
    const t0 = Date.now()
    const slow = await client(200)
      .get('/users/me', { accessToken: 'APP_USR-secret-token' })
      .catch((e: unknown) => e as MercadoPagoApiError)
    expect(slow).toBeInstanceOf(PaymentProviderUnavailableError)
    expect(Date.now() - t0).toBeLessThan(700)
    expect((slow as Error).message).not.toContain('APP_USR-secret-token')
    fake.faults.delayMs = 0
    fake.faults.status = 503
    fake.faults.times = 1
    expect(
      await client()
        .get('/users/me')
        .catch((e) => e),
    ).toBeInstanceOf(PaymentProviderUnavailableError)
    fake.faults.status = 0
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    const gone = await mercadoPagoClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 500 })
      .get('/users/me')
      .catch((e: unknown) => e as MercadoPagoApiError)
    expect(gone).toBeInstanceOf(PaymentProviderUnavailableError)
  })

  it('OAuth: the code is single-use and needs the PKCE verifier; refresh tokens rotate; a revoked seller is refused', async () => {
    const linking = mercadoPagoLinking({
      clientId: fake.app.clientId,
      clientSecret: fake.app.clientSecret,
      webhookSecret: fake.app.webhookSecret,
      baseUrl: () => fake.url,
      authUrl: () => fake.url,
      timeoutMs: 2000,
    })
    const verifier = 'v'.repeat(50)
    const challenge = (await import('node:crypto')).createHash('sha256').update(verifier).digest('base64url')
    const authUrl = new URL(
      linking.authorizationUrl({ state: 's1', redirectUri: 'http://localhost:3000/cobros/vinculacion', codeChallenge: challenge }),
    )
    expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
      client_id: fake.app.clientId,
      response_type: 'code',
      platform_id: 'mp',
      state: 's1',
    })
    const form = new URLSearchParams(authUrl.searchParams)
    form.set('decision', 'allow')
    const res = await fetch(`${fake.url}/authorization`, { method: 'POST', body: form, redirect: 'manual' })
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!

    await expect(
      linking.exchangeCode({ code, redirectUri: 'http://localhost:3000/cobros/vinculacion', codeVerifier: 'w'.repeat(50) }),
    ).rejects.toBeInstanceOf(PayoutLinkRefusedError)
    await expect(linking.exchangeCode({ code, redirectUri: 'http://localhost:3000/other', codeVerifier: verifier })).rejects.toBeInstanceOf(
      PayoutLinkRefusedError,
    )
    const tokens = await linking.exchangeCode({ code, redirectUri: 'http://localhost:3000/cobros/vinculacion', codeVerifier: verifier })
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(179 * 24 * 3600_000)
    await expect(
      linking.exchangeCode({ code, redirectUri: 'http://localhost:3000/cobros/vinculacion', codeVerifier: verifier }),
    ).rejects.toBeInstanceOf(PayoutLinkRefusedError)

    const next = await linking.refresh(tokens.refreshToken)
    expect(next.refreshToken).not.toBe(tokens.refreshToken)
    await expect(linking.refresh(tokens.refreshToken)).rejects.toBeInstanceOf(PayoutLinkRefusedError)
    expect(await linking.isAuthorized(next.accessToken)).toBe(true)
    await fake.deauthorize(Number(next.providerUserId))
    expect(await linking.isAuthorized(next.accessToken)).toBe(false)
    await expect(linking.refresh(next.refreshToken)).rejects.toBeInstanceOf(PayoutLinkRefusedError)
  })
})
