import { createHash, randomBytes, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signNotification } from '../signature.ts'
import { fakeCharges, PLATFORM_ACCOUNT } from './charges.ts'

/**
 * A fake of the parts of Mercado Pago's API this platform uses (decision 207), written from the
 * documentation and the official SDK's types. Used by the tests and by `npm start` with
 * MERCADOPAGO_SANDBOX=true. What it keeps to:
 * - OAuth: GET /authorization (the seller's consent page) → redirect with `code` and `state`;
 *   POST /oauth/token with grant_type authorization_code (single-use code, 10 minutes, the same
 *   redirect_uri, PKCE S256 when a challenge was sent) or refresh_token (the refresh token
 *   rotates: the old one is refused after use); access tokens last 180 days (`expires_in` 15552000).
 * - GET /users/me with a seller's token; 401 once it is expired or revoked.
 * - Writes carry X-Idempotency-Key: the same key and body answer the first answer again; the same
 *   key with another body answers 409 (the SDK's MPIdempotencyError).
 * - CLP has no decimals: an amount in CLP that is not a whole number answers 400.
 * - POST /preapproval_plan, GET /preapproval_plan/{id} (the trainer's plan with free_trial).
 * - POST/GET/PUT /preapproval (status, back_url), GET /authorized_payments/{id} (a subscription's
 *   charge: `processed` when its payment was approved, `recycling` while a decline is retried,
 *   `cancelled` after the last retry), GET /v1/payments/{id}, POST /v1/payments/{id}/refunds
 *   (full or partial, whole pesos, never more than what is left), GET /v1/payments/search.
 * - Notifications signed as Mercado Pago signs them (`x-signature` over the documented manifest).
 * The charges of cards (charges.ts):
 * - Customers and cards, per account (the platform's token or a seller's): POST /v1/customers (an
 *   email already a customer there → 400, cause 101), GET /v1/customers/search?email=, POST/GET
 *   /v1/customers/{id}/cards (from a token, which it consumes; the same card saved twice answers the saved one).
 * - POST /v1/card_tokens: a typed card with `?public_key=` (what the JS SDK / Card Payment Brick
 *   sends), or a saved card (`card_id`, `customer_id`) with its account's token, without the
 *   security code only while card-on-file is enabled (`setCardOnFile`). Single use, 7 days. The
 *   cardholder's name decides the payment (APRO, OTHE, FUND, CONT); `setSavedCardholder` (or
 *   `setCardholder`) changes a saved card's.
 * - POST /v1/payments with a seller's token (the seller collects; `application_fee`, the platform's
 *   commission, in whole pesos up to the amount) or the platform's; `fee_details` and
 *   `transaction_details.net_received_amount`; a decline is 201 `rejected`. A refund gives the fee
 *   back proportionally (cumulative, rounded).
 * - Advanced payments (the platform's token; `setAdvancedPayments` turns them off → 403): POST
 *   /v1/advanced_payments (one payment split in disbursements to linked sellers, summing its amount),
 *   GET /v1/advanced_payments/{id}, POST …/{id}/refunds (all) and
 *   …/{id}/disbursements/{disbursement_id}/refunds (one, partial or the rest); its payment is refunded only this way.
 * - The money each account holds: `movements` (payment, fees, refunds, chargebacks) and `balanceOf`.
 * - Chargebacks: `openChargeback(paymentId)` and `resolveChargeback(id, 'lost' | 'won')`, read by
 *   GET /v1/chargebacks/{id}; lost takes the money back from the collectors and the platform's fee.
 * - GET/POST /checkout/card_form: a card form standing in for the Card Payment Brick; it makes a
 *   card token and redirects to `return_url` with `token` and `payment_method_id`.
 */
export interface FakeSeller {
  id: number
  nickname: string
  email: string
}

interface Grant {
  sellerId: number
  redirectUri: string
  challenge: string | null
  expiresAt: number
  used: boolean
}

interface AccessToken {
  sellerId: number
  expiresAt: number
  revoked: boolean
}

/** Mercado Pago's documented test cards decide by the cardholder's name: APRO approves, OTHE (and others) decline. */
export type TestCardholder = 'APRO' | 'OTHE' | 'FUND' | 'CONT'

export interface FakePreapproval {
  id: string
  preapproval_plan_id: string | null
  payer_email: string
  external_reference: string | null
  reason: string
  back_url: string
  status: 'pending' | 'authorized' | 'paused' | 'cancelled'
  auto_recurring: {
    frequency: number
    frequency_type: 'months' | 'days'
    transaction_amount: number
    currency_id: string
    free_trial?: { frequency: number; frequency_type: 'months' | 'days' }
  }
  init_point: string
  date_created: string
  last_modified: string
  next_payment_date: string | null
  /** When the free trial ends (our reading of `free_trial` from the authorization). */
  trial_end: string | null
  cardholder: TestCardholder | null
  /** Consecutive declines of the current charge (Mercado Pago retries, then cancels). */
  declines: number
  summarized: { charged_quantity: number; charged_amount: number; last_charged_date: string | null; semaphore: 'green' | 'yellow' | 'red' }
}

export interface FakeAuthorizedPayment {
  id: number
  preapproval_id: string
  transaction_amount: number
  currency_id: string
  status: 'approved' | 'rejected'
  debit_date: string
  retry_attempt: number
  /** The payment this charge made (approved or rejected), refundable by its id when approved. */
  payment_id: number
}

/** A payment (`/v1/payments`): the charges of subscriptions, and the card payments of charges.ts (with the optional fields). */
export interface FakePayment {
  id: number
  status: 'approved' | 'rejected' | 'refunded' | 'pending' | 'charged_back'
  transaction_amount: number
  transaction_amount_refunded: number
  currency_id: string
  date_created: string
  date_approved: string | null
  /** Moves with every change (a refund): what the search's `range=date_last_updated` filters on. */
  date_last_updated: string
  refunds: { id: number; payment_id: number; amount: number; status: 'approved'; date_created: string }[]
  status_detail?: string
  /** Who collects: a seller's id, or the platform's account (1_000_001). Absent on subscription charges. */
  collector_id?: number
  operation_type?: 'regular_payment'
  payment_method_id?: string
  payment_type_id?: 'credit_card'
  installments?: number
  description?: string | null
  payer?: Record<string, unknown>
  card?: Record<string, unknown>
  /** The marketplace's commission, and how much of it went back with refunds. */
  application_fee?: number | null
  application_fee_refunded?: number
  external_reference?: string | null
  metadata?: Record<string, unknown>
  notification_url?: string | null
  binary_mode?: boolean
  fee_details?: { type: string; amount: number; fee_payer: string }[]
  transaction_details?: { total_paid_amount: number; installment_amount: number; net_received_amount: number }
  /** The advanced payment this payment belongs to. */
  order?: { type: 'advanced_payment'; id: number }
  live_mode?: boolean
}

/** Declines are retried this many times, every RETRY_DAYS, then the subscription is cancelled. */
export const SUBSCRIPTION_RETRIES = 3
export const RETRY_DAYS = 2

export interface FakeMercadoPagoOptions {
  clientId?: string
  clientSecret?: string
  webhookSecret?: string
  /** The fake's clock (ms); tests move it to expire tokens. */
  now?: () => number
}

export const ACCESS_TOKEN_SECONDS = 180 * 24 * 3600
const CODE_MS = 10 * 60_000

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
const apiError = (res: ServerResponse, status: number, error: string, message: string) =>
  json(res, status, { message, error, status, cause: [] })
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const token = (prefix: string) => `${prefix}-${randomBytes(24).toString('hex')}`

/** Whole pesos only: CLP has no minor unit. */
export function clpAmountProblem(amount: unknown, currency: unknown): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return 'transaction_amount must be a positive number'
  if (currency === 'CLP' && !Number.isInteger(amount)) return 'transaction_amount must be an integer for currency_id CLP'
  return null
}

/** A stable fingerprint of a JSON body (key order does not matter). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startFakeMercadoPago(options: FakeMercadoPagoOptions = {}) {
  const app = {
    clientId: options.clientId ?? '4815162342',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    webhookSecret: options.webhookSecret ?? 'fake-webhook-secret',
  }
  const now = options.now ?? (() => Date.now())
  const sellers = new Map<number, FakeSeller>()
  const grants = new Map<string, Grant>()
  const accessTokens = new Map<string, AccessToken>()
  const refreshTokens = new Map<string, { sellerId: number; used: boolean }>()
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>()
  const plans = new Map<string, Record<string, unknown>>()
  const preapprovals = new Map<string, FakePreapproval>()
  /** Charges of subscriptions (`authorized_payments`), in order. */
  const authorizedPayments: FakeAuthorizedPayment[] = []
  /** Every request as it arrived (method, path, idempotency key); never a body. */
  const calls: { method: string; path: string; idempotencyKey: string | null }[] = []
  /** Faults: `delayMs` before answering, `status` (e.g. 500) instead of answering, for the next `times` requests (Infinity: all). */
  const faults = { delayMs: 0, status: 0, times: 0 }
  /** Where notifications go (the platform's webhook address). */
  let notificationUrl: string | null = null
  /** A topic sent elsewhere (mp-connect to the payout-link check until the panel's one URL reaches the dispatcher, decision 228). */
  const topicUrls = new Map<string, string>()
  const payments = new Map<number, FakePayment>()

  function seller(id?: number): FakeSeller {
    const sellerId = id ?? randomInt(100_000_000, 999_999_999)
    let found = sellers.get(sellerId)
    if (!found) {
      found = { id: sellerId, nickname: `TESTUSER${sellerId}`, email: `test_user_${sellerId}@testuser.com` }
      sellers.set(sellerId, found)
    }
    return found
  }

  function issueTokens(sellerId: number) {
    const access = token('APP_USR')
    const refresh = token('TG')
    accessTokens.set(access, { sellerId, expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000, revoked: false })
    refreshTokens.set(refresh, { sellerId, used: false })
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: 'offline_access payments read write',
      user_id: sellerId,
      refresh_token: refresh,
      public_key: `APP_USR-${randomBytes(8).toString('hex')}`,
      live_mode: false,
    }
  }

  function bearerSeller(req: IncomingMessage): FakeSeller | null {
    const auth = req.headers.authorization ?? ''
    const found = accessTokens.get(auth.replace(/^Bearer\s+/i, ''))
    if (!found || found.revoked || found.expiresAt <= now()) return null
    return sellers.get(found.sellerId) ?? null
  }

  function consentPage(res: ServerResponse, q: URLSearchParams) {
    if (q.get('client_id') !== app.clientId || q.get('response_type') !== 'code' || !q.get('redirect_uri')) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      return res.end('<!doctype html><title>Error</title><p>Solicitud de autorización inválida.</p>')
    }
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`)
      .join('')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="es"><meta charset="utf-8"><title>Mercado Pago (simulado)</title>` +
        `<h1>Autorizar la vinculación</h1><p>Una aplicación quiere cobrar en tu nombre.</p>` +
        `<form method="post" action="/authorization">${hidden}` +
        `<label>Cuenta de prueba (número, opcional) <input name="seller_id" inputmode="numeric"></label>` +
        `<button name="decision" value="allow">Autorizar</button> <button name="decision" value="deny">Cancelar</button></form></html>`,
    )
  }

  function consent(res: ServerResponse, form: URLSearchParams) {
    const redirectUri = form.get('redirect_uri') ?? ''
    if (form.get('client_id') !== app.clientId || !/^https?:\/\//.test(redirectUri))
      return apiError(res, 400, 'invalid_request', 'invalid client_id or redirect_uri')
    const back = new URL(redirectUri)
    if (form.get('state')) back.searchParams.set('state', form.get('state')!)
    if (form.get('decision') !== 'allow') {
      back.searchParams.set('error', 'access_denied')
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    const challenge = form.get('code_challenge') || null
    if (challenge && form.get('code_challenge_method') !== 'S256')
      return apiError(res, 400, 'invalid_request', 'code_challenge_method must be S256')
    const chosen = Number(form.get('seller_id'))
    const code = token('TG')
    grants.set(code, {
      sellerId: seller(Number.isSafeInteger(chosen) && chosen > 0 ? chosen : undefined).id,
      redirectUri,
      challenge,
      expiresAt: now() + CODE_MS,
      used: false,
    })
    back.searchParams.set('code', code)
    res.writeHead(302, { location: back.toString() })
    res.end()
  }

  function oauthToken(res: ServerResponse, body: Record<string, string>) {
    if (body.client_id !== app.clientId || body.client_secret !== app.clientSecret)
      return apiError(res, 400, 'invalid_client', 'invalid client_id or client_secret')
    if (body.grant_type === 'authorization_code') {
      const grant = body.code ? grants.get(body.code) : undefined
      if (!grant || grant.used || grant.expiresAt <= now()) return apiError(res, 400, 'invalid_grant', 'invalid_grant')
      if (grant.redirectUri !== body.redirect_uri) return apiError(res, 400, 'invalid_grant', 'redirect_uri mismatch')
      if (grant.challenge) {
        const verifier = body.code_verifier ?? ''
        const expected = createHash('sha256').update(verifier).digest('base64url')
        if (!verifier || expected !== grant.challenge) return apiError(res, 400, 'invalid_grant', 'code_verifier does not match')
      }
      grant.used = true
      return json(res, 200, issueTokens(grant.sellerId))
    }
    if (body.grant_type === 'refresh_token') {
      const found = body.refresh_token ? refreshTokens.get(body.refresh_token) : undefined
      if (!found || found.used) return apiError(res, 400, 'invalid_grant', 'invalid_grant')
      found.used = true
      return json(res, 200, issueTokens(found.sellerId))
    }
    return apiError(res, 400, 'unsupported_grant_type', 'unsupported grant_type')
  }

  function createPlan(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    if (!bearerSeller(req) && req.headers.authorization !== `Bearer ${platformToken}`)
      return apiError(res, 401, 'unauthorized', 'invalid access token')
    const recurring = (body.auto_recurring ?? {}) as Record<string, unknown>
    const problem = clpAmountProblem(recurring.transaction_amount, recurring.currency_id)
    if (problem) return apiError(res, 400, 'bad_request', problem)
    if (typeof body.reason !== 'string' || !body.reason) return apiError(res, 400, 'bad_request', 'reason is required')
    const id = `2c9380848${randomBytes(12).toString('hex')}`
    const plan = {
      id,
      application_id: Number(app.clientId),
      collector_id: bearerSeller(req)?.id ?? Number(app.clientId),
      reason: body.reason,
      auto_recurring: recurring,
      back_url: body.back_url ?? null,
      status: 'active',
      init_point: `${base}/subscriptions/checkout?preapproval_plan_id=${id}`,
      date_created: new Date(now()).toISOString(),
    }
    plans.set(id, plan)
    return json(res, 201, plan)
  }

  const day = 24 * 3600_000
  const addPeriod = (from: number, n: number, unit: 'months' | 'days') => {
    if (unit === 'days') return from + n * day
    const d = new Date(from)
    const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()))
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
    target.setUTCDate(Math.min(d.getUTCDate(), lastDay))
    return target.getTime()
  }
  const publicPreapproval = (p: FakePreapproval) => {
    const { cardholder: _c, declines: _d, trial_end: _t, ...rest } = p
    return rest
  }

  function createPreapproval(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    if (!bearerSeller(req) && req.headers.authorization !== `Bearer ${platformToken}`)
      return apiError(res, 401, 'unauthorized', 'invalid access token')
    const plan = typeof body.preapproval_plan_id === 'string' ? plans.get(body.preapproval_plan_id) : undefined
    if (body.preapproval_plan_id && !plan) return apiError(res, 404, 'not_found', 'preapproval_plan not found')
    const recurring = (plan?.auto_recurring ?? body.auto_recurring ?? {}) as FakePreapproval['auto_recurring']
    const problem = clpAmountProblem(recurring.transaction_amount, recurring.currency_id)
    if (problem) return apiError(res, 400, 'bad_request', problem)
    if (!['months', 'days'].includes(recurring.frequency_type) || !Number.isInteger(recurring.frequency) || recurring.frequency < 1)
      return apiError(res, 400, 'bad_request', 'auto_recurring.frequency and frequency_type (months or days) are required')
    const trial = recurring.free_trial
    if (trial && (!Number.isInteger(trial.frequency) || trial.frequency < 1 || !['months', 'days'].includes(trial.frequency_type)))
      return apiError(res, 400, 'bad_request', 'free_trial needs a whole frequency and frequency_type months or days')
    if (typeof body.payer_email !== 'string' || !body.payer_email.includes('@'))
      return apiError(res, 400, 'bad_request', 'payer_email is required')
    if (typeof body.back_url !== 'string' || !/^https?:\/\//.test(body.back_url))
      return apiError(res, 400, 'bad_request', 'back_url must be a URL')
    const id = randomBytes(16).toString('hex')
    const at = new Date(now()).toISOString()
    const preapproval: FakePreapproval = {
      id,
      preapproval_plan_id: (plan?.id as string | undefined) ?? null,
      payer_email: body.payer_email,
      external_reference: typeof body.external_reference === 'string' ? body.external_reference : null,
      reason: String(plan?.reason ?? body.reason ?? ''),
      back_url: body.back_url,
      status: 'pending',
      auto_recurring: { ...recurring },
      init_point: `${base}/subscriptions/checkout?preapproval_id=${id}`,
      date_created: at,
      last_modified: at,
      next_payment_date: null,
      trial_end: null,
      cardholder: null,
      declines: 0,
      summarized: { charged_quantity: 0, charged_amount: 0, last_charged_date: null, semaphore: 'green' },
    }
    preapprovals.set(id, preapproval)
    return json(res, 201, publicPreapproval(preapproval))
  }

  function updatePreapproval(res: ServerResponse, p: FakePreapproval, body: Record<string, unknown>) {
    if (p.status === 'cancelled') return apiError(res, 400, 'bad_request', 'You can not modify a cancelled preapproval')
    if (body.back_url !== undefined) {
      if (typeof body.back_url !== 'string' || !/^https?:\/\//.test(body.back_url))
        return apiError(res, 400, 'bad_request', 'back_url must be a URL')
      p.back_url = body.back_url
    }
    const recurring = body.auto_recurring as { transaction_amount?: unknown } | undefined
    if (recurring?.transaction_amount !== undefined) {
      const problem = clpAmountProblem(recurring.transaction_amount, p.auto_recurring.currency_id)
      if (problem) return apiError(res, 400, 'bad_request', problem)
      p.auto_recurring.transaction_amount = recurring.transaction_amount as number
    }
    if (body.status !== undefined) {
      const next = body.status
      const allowed: Record<string, string[]> = {
        pending: ['cancelled'],
        authorized: ['paused', 'cancelled'],
        paused: ['authorized', 'cancelled'],
      }
      if (typeof next !== 'string' || !allowed[p.status]?.includes(next))
        return apiError(res, 400, 'bad_request', `cannot change status from ${p.status} to ${String(next)}`)
      p.status = next as FakePreapproval['status']
      if (next === 'cancelled') p.next_payment_date = null
      void notify('subscription_preapproval', 'updated', p.id)
    }
    p.last_modified = new Date(now()).toISOString()
    return json(res, 200, publicPreapproval(p))
  }

  function subscriptionPage(res: ServerResponse, id: string | null) {
    const p = id ? preapprovals.get(id) : undefined
    if (!p || p.status !== 'pending') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
      return res.end('<!doctype html><title>No encontrada</title><p>Esta suscripción no existe o ya fue autorizada.</p>')
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="es"><meta charset="utf-8"><title>Suscribirse (simulado)</title><h1>${escapeHtml(p.reason)}</h1>` +
        `<p>$${p.auto_recurring.transaction_amount} ${escapeHtml(p.auto_recurring.currency_id)} cada ${p.auto_recurring.frequency} ${p.auto_recurring.frequency_type === 'months' ? 'mes(es)' : 'día(s)'}` +
        `${p.auto_recurring.free_trial ? ` · prueba gratis de ${p.auto_recurring.free_trial.frequency} ${p.auto_recurring.free_trial.frequency_type === 'days' ? 'días' : 'meses'}` : ''}</p>` +
        `<form method="post" action="/subscriptions/checkout"><input type="hidden" name="preapproval_id" value="${escapeHtml(p.id)}">` +
        `<label>Titular de la tarjeta (APRO aprueba, OTHE rechaza) <input name="cardholder_name" value="APRO"></label>` +
        `<button>Suscribirme</button></form></html>`,
    )
  }

  /** The payer authorizes with a card: after the free trial (or now) the first charge. */
  function authorizeSubscription(res: ServerResponse, form: URLSearchParams) {
    const p = preapprovals.get(form.get('preapproval_id') ?? '')
    if (!p || p.status !== 'pending') return apiError(res, 404, 'not_found', 'preapproval not found')
    const holder = (form.get('cardholder_name') ?? '').toUpperCase() as TestCardholder
    p.cardholder = holder
    const trial = p.auto_recurring.free_trial
    const at = now()
    if (trial) {
      p.status = 'authorized'
      p.trial_end = new Date(addPeriod(at, trial.frequency, trial.frequency_type)).toISOString()
      p.next_payment_date = p.trial_end
    } else {
      // No trial: the first period is charged at once; a decline leaves the subscription pending.
      if (holder !== 'APRO') {
        recordCharge(p, 'rejected', at)
        res.writeHead(302, { location: `${p.back_url}${p.back_url.includes('?') ? '&' : '?'}preapproval_id=${p.id}&status=rejected` })
        return res.end()
      }
      p.status = 'authorized'
      recordCharge(p, 'approved', at)
      p.next_payment_date = new Date(addPeriod(at, p.auto_recurring.frequency, p.auto_recurring.frequency_type)).toISOString()
    }
    p.last_modified = new Date(at).toISOString()
    void notify('subscription_preapproval', 'updated', p.id)
    res.writeHead(302, { location: `${p.back_url}${p.back_url.includes('?') ? '&' : '?'}preapproval_id=${p.id}` })
    res.end()
  }

  function recordCharge(p: FakePreapproval, status: 'approved' | 'rejected', at: number) {
    const charge: FakeAuthorizedPayment = {
      id: randomInt(1_000_000_000, 9_999_999_999),
      preapproval_id: p.id,
      transaction_amount: p.auto_recurring.transaction_amount,
      currency_id: p.auto_recurring.currency_id,
      status,
      debit_date: new Date(at).toISOString(),
      retry_attempt: p.declines,
      payment_id: randomInt(10_000_000_000, 99_999_999_999),
    }
    authorizedPayments.push(charge)
    payments.set(charge.payment_id, {
      id: charge.payment_id,
      status,
      transaction_amount: charge.transaction_amount,
      transaction_amount_refunded: 0,
      currency_id: charge.currency_id,
      date_created: charge.debit_date,
      date_approved: status === 'approved' ? charge.debit_date : null,
      date_last_updated: charge.debit_date,
      refunds: [],
    })
    if (status === 'approved') {
      p.summarized.charged_quantity++
      p.summarized.charged_amount += charge.transaction_amount
      p.summarized.last_charged_date = charge.debit_date
      p.summarized.semaphore = 'green'
      p.declines = 0
    } else {
      p.declines++
      p.summarized.semaphore = p.declines > SUBSCRIPTION_RETRIES ? 'red' : 'yellow'
    }
    void notify('subscription_authorized_payment', 'created', String(charge.id))
    return charge
  }

  /**
   * Runs Mercado Pago's billing up to the fake's `now`: each authorized subscription whose next
   * payment is due is charged; a decline is retried every RETRY_DAYS up to SUBSCRIPTION_RETRIES
   * times, after which the subscription is cancelled. Answers the charges made.
   */
  function runBilling() {
    const made: FakeAuthorizedPayment[] = []
    for (const p of preapprovals.values()) {
      while (p.status === 'authorized' && p.next_payment_date && Date.parse(p.next_payment_date) <= now()) {
        const due = Date.parse(p.next_payment_date)
        const charge = recordCharge(p, p.cardholder === 'APRO' ? 'approved' : 'rejected', due)
        made.push(charge)
        if (charge.status === 'approved') {
          p.next_payment_date = new Date(
            addPeriod(
              due - (charge.retry_attempt ? charge.retry_attempt * RETRY_DAYS * day : 0),
              p.auto_recurring.frequency,
              p.auto_recurring.frequency_type,
            ),
          ).toISOString()
        } else if (p.declines > SUBSCRIPTION_RETRIES) {
          p.status = 'cancelled'
          p.next_payment_date = null
          void notify('subscription_preapproval', 'updated', p.id)
        } else {
          p.next_payment_date = new Date(due + RETRY_DAYS * day).toISOString()
        }
        p.last_modified = new Date(now()).toISOString()
      }
    }
    return made
  }

  /** A notification of Mercado Pago's own doing (billing, status changes) when an address is set; failures are the receiver's to retry. */
  async function notify(type: string, action: string, dataId: string) {
    if (!(topicUrls.get(type) ?? notificationUrl) || !autoNotify) return
    await sendNotification({ type, action: `${type === 'subscription_preapproval' ? 'updated' : action}`, dataId }).catch(() => {})
  }
  let autoNotify = false

  let base = ''
  /** The platform's own access token (client credentials of the application). */
  const platformToken = `APP_USR-${app.clientId}-platform`
  const charges = fakeCharges({
    now,
    applicationId: Number(app.clientId),
    platformToken,
    sellers,
    isLinked: (sellerId) => [...accessTokens.values()].some((t) => t.sellerId === sellerId && !t.revoked),
    bearerSeller,
    payments,
    notify,
    json,
    apiError,
    escapeHtml,
    clpAmountProblem,
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    const idempotencyKey = (req.headers['x-idempotency-key'] as string | undefined) ?? null
    calls.push({ method, path: url.pathname, idempotencyKey })
    if (faults.times > 0) {
      faults.times--
      if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs))
      if (faults.status) return apiError(res, faults.status, 'internal_error', 'internal_error')
    }
    const raw = method === 'GET' ? '' : await readBody(req)
    let body: Record<string, unknown> = {}
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
    if (raw && !isForm) {
      try {
        body = JSON.parse(raw)
      } catch {
        return apiError(res, 400, 'bad_request', 'malformed JSON')
      }
    }
    if (method === 'GET' && url.pathname === '/authorization') return consentPage(res, url.searchParams)
    if (method === 'POST' && url.pathname === '/authorization') return consent(res, new URLSearchParams(raw))

    // Writes with a key: the first answer is kept and replayed; the key with another body is a conflict.
    if (method !== 'GET' && idempotencyKey) {
      const scope = `${req.headers.authorization ?? ''}|${idempotencyKey}`
      const fingerprint = `${method} ${url.pathname} ${isForm ? raw : canonical(body)}`
      const earlier = idempotency.get(scope)
      if (earlier) {
        if (earlier.fingerprint !== fingerprint)
          return apiError(res, 409, 'idempotency_key_already_used', 'The idempotency key has already been used with a different request')
        return json(res, earlier.status, earlier.body, { 'x-idempotency-replayed': 'true' })
      }
      const send = res.end.bind(res)
      const chunks: string[] = []
      res.end = ((chunk?: unknown) => {
        if (typeof chunk === 'string') chunks.push(chunk)
        if (res.statusCode < 500)
          idempotency.set(scope, { fingerprint, status: res.statusCode, body: chunks.length ? JSON.parse(chunks.join('')) : {} })
        return send(chunk as string)
      }) as typeof res.end
    }

    if (method === 'POST' && url.pathname === '/oauth/token')
      return oauthToken(res, isForm ? Object.fromEntries(new URLSearchParams(raw)) : (body as Record<string, string>))
    if (method === 'GET' && url.pathname === '/users/me') {
      // Any valid token answers its own user: a linked seller's, or the platform's own account.
      const found =
        bearerSeller(req) ??
        (req.headers.authorization === `Bearer ${platformToken}`
          ? { id: 1_000_001, nickname: 'PLATAFORMA', email: 'platform@testuser.com' }
          : null)
      if (!found) return apiError(res, 401, 'unauthorized', 'invalid access token')
      return json(res, 200, { ...found, site_id: 'MLC', country_id: 'CL', first_name: 'Test', last_name: 'Test' })
    }
    if (method === 'POST' && url.pathname === '/preapproval_plan') return createPlan(req, res, body)
    if (method === 'POST' && url.pathname === '/preapproval') return createPreapproval(req, res, body)
    const preapprovalMatch = /^\/preapproval\/([\w-]+)$/.exec(url.pathname)
    if (preapprovalMatch && (method === 'GET' || method === 'PUT')) {
      if (!bearerSeller(req) && req.headers.authorization !== `Bearer ${platformToken}`)
        return apiError(res, 401, 'unauthorized', 'invalid access token')
      const found = preapprovals.get(preapprovalMatch[1]!)
      if (!found) return apiError(res, 404, 'not_found', 'preapproval not found')
      if (method === 'PUT') return updatePreapproval(res, found, body)
      return json(res, 200, publicPreapproval(found))
    }
    if (method === 'GET' && url.pathname === '/subscriptions/checkout') return subscriptionPage(res, url.searchParams.get('preapproval_id'))
    if (method === 'POST' && url.pathname === '/subscriptions/checkout') return authorizeSubscription(res, new URLSearchParams(raw))
    const chargeMatch = /^\/authorized_payments\/(\d+)$/.exec(url.pathname)
    if (method === 'GET' && chargeMatch) {
      if (!bearerSeller(req) && req.headers.authorization !== `Bearer ${platformToken}`)
        return apiError(res, 401, 'unauthorized', 'invalid access token')
      const charge = authorizedPayments.find((c) => c.id === Number(chargeMatch[1]))
      return charge ? json(res, 200, publicCharge(charge)) : apiError(res, 404, 'not_found', 'authorized_payment not found')
    }
    if (method === 'GET' && url.pathname === '/v1/payments/search') {
      if (!bearerSeller(req) && req.headers.authorization !== `Bearer ${platformToken}`)
        return apiError(res, 401, 'unauthorized', 'invalid access token')
      // Each account searches its own payments: a seller's, or the platform's (its plan charges and split payments).
      return searchPayments(res, url.searchParams, bearerSeller(req)?.id ?? PLATFORM_ACCOUNT)
    }
    const paymentMatch = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(url.pathname)
    if (paymentMatch && (method === 'GET' || (method === 'POST' && paymentMatch[2]))) {
      if (!bearerSeller(req) && req.headers.authorization !== `Bearer ${platformToken}`)
        return apiError(res, 401, 'unauthorized', 'invalid access token')
      const payment = payments.get(Number(paymentMatch[1]))
      if (!payment) return apiError(res, 404, 'not_found', 'Payment not found')
      if (method === 'GET' && !paymentMatch[2]) return json(res, 200, payment)
      if (method === 'GET') return json(res, 200, payment.refunds)
      return refund(res, payment, body)
    }
    const planMatch = /^\/preapproval_plan\/([\w-]+)$/.exec(url.pathname)
    if (method === 'GET' && planMatch) {
      const plan = plans.get(planMatch[1]!)
      return plan ? json(res, 200, plan) : apiError(res, 404, 'not_found', 'preapproval_plan not found')
    }
    if (charges.handle(req, res, method, url, body, raw)) return
    return apiError(res, 404, 'not_found', `${method} ${url.pathname} is not part of the fake`)
  }

  /** Mercado Pago's view of a subscription charge: its own status beside its payment's. */
  function publicCharge(c: FakeAuthorizedPayment) {
    const p = preapprovals.get(c.preapproval_id)
    const later = authorizedPayments.some(
      (o) => o.preapproval_id === c.preapproval_id && Date.parse(o.debit_date) > Date.parse(c.debit_date),
    )
    const status = c.status === 'approved' ? 'processed' : !later && p?.status === 'cancelled' ? 'cancelled' : 'recycling'
    return {
      id: c.id,
      preapproval_id: c.preapproval_id,
      type: 'scheduled',
      status,
      date_created: c.debit_date,
      last_modified: c.debit_date,
      debit_date: c.debit_date,
      transaction_amount: c.transaction_amount,
      currency_id: c.currency_id,
      retry_attempt: c.retry_attempt,
      payment: { id: c.payment_id, status: c.status, status_detail: c.status === 'approved' ? 'accredited' : 'cc_rejected_other_reason' },
    }
  }

  /**
   * GET /v1/payments/search: `range` (date_created, date_approved, date_last_updated) between
   * `begin_date` and `end_date` (ISO, or NOW / NOW-nDAYS), sorted by `sort` and `criteria`, paged by
   * `limit` (at most 1,000) and `offset` (at most 10,000, as the real search). Paging is by total.
   */
  function searchPayments(res: ServerResponse, params: URLSearchParams, account: number) {
    const field = (params.get('range') ?? 'date_created') as 'date_created' | 'date_approved' | 'date_last_updated'
    const sortField = (params.get('sort') ?? 'date_created') as typeof field
    if (![field, sortField].every((f) => ['date_created', 'date_approved', 'date_last_updated'].includes(f)))
      return apiError(res, 400, 'bad_request', 'invalid range or sort')
    const when = (text: string | null, fallback: number) => {
      if (!text) return fallback
      const relative = /^NOW(?:-(\d+)DAYS)?$/.exec(text)
      if (relative) return now() - Number(relative[1] ?? 0) * 86_400_000
      const at = Date.parse(text)
      return Number.isNaN(at) ? NaN : at
    }
    const begin = when(params.get('begin_date'), 0)
    const end = when(params.get('end_date'), now())
    const limit = Number(params.get('limit') ?? 30)
    const offset = Number(params.get('offset') ?? 0)
    if (Number.isNaN(begin) || Number.isNaN(end)) return apiError(res, 400, 'bad_request', 'invalid date')
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset) || offset < 0 || offset > 10_000)
      return apiError(res, 400, 'bad_request', 'invalid limit or offset')
    const sign = params.get('criteria') === 'desc' ? -1 : 1
    const found = [...payments.values()]
      .filter((p) => (p.collector_id ?? PLATFORM_ACCOUNT) === account)
      .filter((p) => p[field] !== null && Date.parse(p[field]!) >= begin && Date.parse(p[field]!) <= end)
      .sort((a, b) => sign * (Date.parse(a[sortField] ?? a.date_created) - Date.parse(b[sortField] ?? b.date_created)) || a.id - b.id)
    return json(res, 200, { paging: { total: found.length, limit, offset }, results: found.slice(offset, offset + limit) })
  }

  /** A full (no amount) or partial refund, in whole pesos, never more than what is left. */
  function refund(res: ServerResponse, payment: FakePayment, body: Record<string, unknown>) {
    if (payment.status === 'rejected') return apiError(res, 400, 'bad_request', 'Payment not refundable')
    const refused = charges.refundProblem(payment)
    if (refused) return apiError(res, 400, 'bad_request', refused)
    const left = payment.transaction_amount - payment.transaction_amount_refunded
    const amount = body.amount === undefined ? left : body.amount
    const problem = clpAmountProblem(amount, payment.currency_id)
    if (problem) return apiError(res, 400, 'bad_request', problem)
    if ((amount as number) > left) return apiError(res, 400, 'bad_request', 'Refund amount exceeds the amount left')
    const made = {
      id: randomInt(1_000_000_000, 9_999_999_999),
      payment_id: payment.id,
      amount: amount as number,
      status: 'approved' as const,
      date_created: new Date(now()).toISOString(),
    }
    payment.refunds.push(made)
    payment.date_last_updated = made.date_created
    payment.transaction_amount_refunded += made.amount
    if (payment.transaction_amount_refunded === payment.transaction_amount) payment.status = 'refunded'
    charges.refunded(payment, made.amount)
    return json(res, 201, made)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => apiError(res, 500, 'internal_error', String((err as Error).message)))
  })
  // Idle connections outlive the client's own keep-alive (undici's 4 s): the client closes them first,
  // so it never reuses one the server is closing (ECONNRESET on a loaded machine).
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /**
   * Sends a notification as Mercado Pago does: POST to `url?data.id=…&type=…` with `x-request-id`
   * and `x-signature` over the documented manifest. `ts`, `requestId` and `secret` can be set to
   * send a stale, replayed or forged one; the same `id` is a duplicate delivery.
   */
  async function sendNotification(
    event: { type: string; action: string; dataId: string; userId?: number; id?: number },
    opts: { url?: string; ts?: string; requestId?: string; secret?: string } = {},
  ) {
    const target = opts.url ?? topicUrls.get(event.type) ?? notificationUrl
    if (!target) throw new Error('no notification URL set on the fake')
    const requestId = opts.requestId ?? randomBytes(16).toString('hex')
    const ts = opts.ts ?? String(now())
    const body = {
      id: event.id ?? randomInt(10_000_000, 99_999_999),
      live_mode: false,
      type: event.type,
      date_created: new Date(now()).toISOString(),
      application_id: Number(app.clientId),
      user_id: event.userId ?? null,
      version: 1,
      api_version: 'v1',
      action: event.action,
      data: { id: event.dataId },
    }
    const to = new URL(target)
    to.searchParams.set('data.id', event.dataId)
    to.searchParams.set('type', event.type)
    const response = await fetch(to, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signNotification(opts.secret ?? app.webhookSecret, { dataId: event.dataId, requestId, ts }),
      },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: await response.text(), notification: body, requestId, ts }
  }

  return {
    url: base,
    app,
    platformToken,
    sellers,
    calls,
    faults,
    seller,
    /** Where notifications go; with `type`, only that topic's (the rest keep the default). */
    setNotificationUrl(url: string | null, type?: string) {
      if (type) {
        if (url) topicUrls.set(type, url)
        else topicUrls.delete(type)
      } else notificationUrl = url
    },
    payments,
    /** The seller revokes our application in their Mercado Pago account: every token stops working, and mp-connect is notified. */
    async deauthorize(sellerId: number) {
      for (const t of accessTokens.values()) if (t.sellerId === sellerId) t.revoked = true
      for (const t of refreshTokens.values()) if (t.sellerId === sellerId) t.used = true
      if (topicUrls.get('mp-connect') ?? notificationUrl)
        return sendNotification({ type: 'mp-connect', action: 'application.deauthorized', dataId: String(sellerId), userId: sellerId })
      return null
    },
    sendNotification,
    preapprovals,
    authorizedPayments,
    runBilling,
    /**
     * The payer's card changes (e.g. a new card that approves); Mercado Pago charges the next attempt
     * with it. `id` is a subscription's (preapproval) or a saved card's (charges.ts).
     */
    setCardholder(id: string, holder: TestCardholder) {
      const p = preapprovals.get(id)
      if (p) p.cardholder = holder
      else if (!charges.setCardCardholder(id, holder)) throw new Error(`no preapproval or saved card ${id}`)
    },
    ...charges.controls,
    /** Send billing and status notifications by themselves (off by default: tests send them when they choose). */
    setAutoNotify(on: boolean) {
      autoNotify = on
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export type FakeMercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>
