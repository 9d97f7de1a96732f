import { randomBytes, randomInt } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakePayment, FakeSeller, TestCardholder } from './server.ts'

/**
 * The fake's charges of cards (decision 207), mounted by server.ts: customers and saved cards,
 * card tokens (the browser's, by public key, or a saved card's, by the platform's token), payments
 * of a seller (marketplace, with `application_fee`) or of the platform, advanced payments split in
 * disbursements, chargebacks, the hosted card form standing in for the Card Payment Brick, and the
 * money each account of the fake holds. Written from Mercado Pago's documentation; field names as its.
 */

/** The platform's own account (the application's owner), as GET /users/me answers it. */
export const PLATFORM_ACCOUNT = 1_000_001
/** Mercado Pago's processing fee the fake charges the collector (3.19 %), rounded to whole pesos. */
export const MERCADOPAGO_FEE_RATE = 0.0319
const TOKEN_DAYS = 7
const CHARGEBACK_DOCUMENTATION_DAYS = 7
const day = 24 * 3600_000

export interface FakeCard {
  id: string
  customer_id: string
  first_six_digits: string
  last_four_digits: string
  expiration_month: number
  expiration_year: number
  payment_method: { id: string; name: string; payment_type_id: 'credit_card' }
  security_code: { length: number; card_location: 'back' | 'front' }
  cardholder: { name: string; identification: { type: string | null; number: string | null } }
  date_created: string
  date_last_updated: string
}

export interface FakeCustomer {
  id: string
  email: string
  default_card: string | null
  date_created: string
  date_last_updated: string
  cards: FakeCard[]
}

/** A card token (single use, 7 days). `card_number` and `customer_id` stay in the fake. */
interface CardToken {
  id: string
  status: 'active' | 'used'
  date_created: string
  date_due: string
  card_id: string | null
  customer_id: string | null
  card_number: string
  first_six_digits: string
  last_four_digits: string
  expiration_month: number
  expiration_year: number
  cardholder: { name: string; identification: { type: string | null; number: string | null } }
}

export interface FakeDisbursement {
  id: number
  amount: number
  collector_id: number
  application_fee: number
  external_reference: string | null
  money_release_days?: number
  /** What was given back of this disbursement, and of its application fee (proportionally). */
  amount_refunded: number
  application_fee_refunded: number
}

export interface FakeAdvancedPayment {
  id: number
  application_id: number | null
  status: 'approved' | 'rejected' | 'pending' | 'refunded'
  status_detail: string
  /** The one payment inside (in `payments` of the fake, collector the platform). */
  payment_id: number
  disbursements: FakeDisbursement[]
  payer: Record<string, unknown>
  external_reference: string | null
  description: string | null
  binary_mode: boolean
  metadata: Record<string, unknown>
  date_created: string
  date_last_updated: string
}

export interface FakeChargeback {
  id: string
  payments: number[]
  currency: 'CLP'
  amount: number
  /** null while open; true when Mercado Pago covered it (won), false when the money was taken back (lost). */
  coverage_applied: boolean | null
  coverage_elegible: boolean
  documentation_required: true
  documentation_status: 'pending' | 'review_pending' | 'valid' | 'invalid'
  date_documentation_deadline: string
  date_created: string
  date_last_updated: string
  live_mode: false
}

export type FakeMovementKind = 'payment' | 'application_fee' | 'mercadopago_fee' | 'refund' | 'application_fee_refund' | 'chargeback'

/** Money in (positive) or out (negative) of one account, in whole pesos. */
export interface FakeMovement {
  account: number
  kind: FakeMovementKind
  amount: number
  paymentId: number
  at: string
}

type Outcome = { status: 'approved' | 'rejected' | 'pending'; status_detail: string }
/** Mercado Pago's documented test cardholders; any other name declines (as OTHE). */
const OUTCOMES: Record<string, Outcome> = {
  APRO: { status: 'approved', status_detail: 'accredited' },
  OTHE: { status: 'rejected', status_detail: 'cc_rejected_other_reason' },
  FUND: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
  CONT: { status: 'pending', status_detail: 'pending_contingency' },
  CALL: { status: 'rejected', status_detail: 'cc_rejected_call_for_authorize' },
  SECU: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_other' },
}

/** What server.ts shares: its state and its answering helpers (passed, not imported, to avoid an import cycle). */
export interface ChargesContext {
  now: () => number
  applicationId: number
  platformToken: string
  sellers: Map<number, FakeSeller>
  /** Whether the seller linked this application (a token of theirs not revoked). */
  isLinked: (sellerId: number) => boolean
  bearerSeller: (req: IncomingMessage) => FakeSeller | null
  payments: Map<number, FakePayment>
  notify: (type: string, action: string, dataId: string) => Promise<void>
  json: (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void
  apiError: (res: ServerResponse, status: number, error: string, message: string) => void
  escapeHtml: (s: string) => string
  clpAmountProblem: (amount: unknown, currency: unknown) => string | null
}

const mercadoPagoFee = (amount: number) => Math.round(amount * MERCADOPAGO_FEE_RATE)
const brand = (cardNumber: string) =>
  cardNumber.startsWith('4')
    ? { id: 'visa', name: 'Visa' }
    : /^3[47]/.test(cardNumber)
      ? { id: 'amex', name: 'American Express' }
      : { id: 'master', name: 'Mastercard' }
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const wholePesos = (v: unknown) => typeof v === 'number' && Number.isInteger(v)
const notMine = Symbol('not mine')

export function fakeCharges(ctx: ChargesContext) {
  const { json, apiError, escapeHtml } = ctx
  const iso = (at = ctx.now()) => new Date(at).toISOString()
  const customers = new Map<string, FakeCustomer>()
  /** The account each customer belongs to (a seller's or the platform's): customers are per account, as at Mercado Pago. */
  const customerAccount = new Map<string, number>()
  /** The card number behind each saved card: the same card saved twice is the same card. */
  const cardNumbers = new Map<string, string>()
  const cardTokens = new Map<string, CardToken>()
  const advancedPayments = new Map<number, FakeAdvancedPayment>()
  const chargebacks = new Map<string, FakeChargeback>()
  const movements: FakeMovement[] = []
  let cardOnFile = true
  let advancedPaymentsEnabled = true

  const isPlatform = (req: IncomingMessage) => req.headers.authorization === `Bearer ${ctx.platformToken}`
  /** The account of the request's bearer: a linked seller's, the platform's, or null (401). */
  const accountOf = (req: IncomingMessage) => ctx.bearerSeller(req)?.id ?? (isPlatform(req) ? PLATFORM_ACCOUNT : null)
  const customerOf = (account: number, id: unknown) => {
    const found = customers.get(String(id ?? ''))
    return found && customerAccount.get(found.id) === account ? found : undefined
  }
  const findCard = (cardId: string) => {
    for (const c of customers.values()) for (const card of c.cards) if (card.id === cardId) return card
    return undefined
  }

  function move(account: number, kind: FakeMovementKind, amount: number, paymentId: number) {
    if (amount !== 0) movements.push({ account, kind, amount, paymentId, at: iso() })
  }

  // --- Card tokens -----------------------------------------------------------------------------

  /** A token of a card typed in the browser (the JS SDK / Card Payment Brick sends this with the public key). */
  function tokenOfNewCard(body: Record<string, unknown>): CardToken | string {
    const number = String(body.card_number ?? '').replace(/[\s-]/g, '')
    if (!/^\d{13,19}$/.test(number)) return 'invalid card_number'
    const month = Number(body.expiration_month)
    let year = Number(body.expiration_year)
    if (year < 100) year += 2000
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return 'invalid expiration_date'
    const today = new Date(ctx.now())
    if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1))
      return 'invalid expiration_date'
    if (!/^\d{3,4}$/.test(String(body.security_code ?? ''))) return 'invalid security_code'
    const holder = isObject(body.cardholder) ? body.cardholder : {}
    if (typeof holder.name !== 'string' || !holder.name.trim()) return 'cardholder.name is required'
    const identification = isObject(holder.identification) ? holder.identification : {}
    return issueToken({
      card_id: null,
      customer_id: null,
      card_number: number,
      expiration_month: month,
      expiration_year: year,
      cardholder: {
        name: holder.name.trim(),
        identification: {
          type: typeof identification.type === 'string' ? identification.type : null,
          number: typeof identification.number === 'string' ? identification.number : null,
        },
      },
    })
  }

  /** A token of a saved card; without the security code only when card-on-file is enabled for the application. */
  function tokenOfSavedCard(account: number, body: Record<string, unknown>): CardToken | string {
    const customer = customerOf(account, body.customer_id)
    const card = customer?.cards.find((c) => c.id === String(body.card_id ?? ''))
    if (!customer || !card) return 'card not found'
    if (body.security_code === undefined || body.security_code === '') {
      if (!cardOnFile) return 'security_code is required'
    } else if (!/^\d{3,4}$/.test(String(body.security_code))) return 'invalid security_code'
    return issueToken({
      card_id: card.id,
      customer_id: customer.id,
      card_number: cardNumbers.get(card.id)!,
      expiration_month: card.expiration_month,
      expiration_year: card.expiration_year,
      cardholder: structuredClone(card.cardholder),
    })
  }

  function issueToken(fields: Omit<CardToken, 'id' | 'status' | 'date_created' | 'date_due' | 'first_six_digits' | 'last_four_digits'>) {
    // One reading of the clock: two could be a millisecond apart (the token's 7 days exactly).
    const now = ctx.now()
    const made: CardToken = {
      id: randomBytes(16).toString('hex'),
      status: 'active',
      date_created: iso(now),
      date_due: iso(now + TOKEN_DAYS * day),
      first_six_digits: fields.card_number.slice(0, 6),
      last_four_digits: fields.card_number.slice(-4),
      ...fields,
    }
    cardTokens.set(made.id, made)
    return made
  }

  const publicToken = (t: CardToken) => ({
    id: t.id,
    public_key: null,
    card_id: t.card_id,
    status: 'active',
    date_created: t.date_created,
    date_last_updated: t.date_created,
    date_due: t.date_due,
    luhn_validation: true,
    live_mode: false,
    require_esc: false,
    card_number_length: t.card_number.length,
    security_code_length: 3,
    first_six_digits: t.first_six_digits,
    last_four_digits: t.last_four_digits,
    expiration_month: t.expiration_month,
    expiration_year: t.expiration_year,
    cardholder: t.cardholder,
  })

  function createCardToken(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, body: Record<string, unknown>) {
    const publicKey = query.get('public_key')
    let made: CardToken | string
    if (publicKey !== null) {
      if (!/^(APP_USR|TEST)-/.test(publicKey)) return apiError(res, 401, 'unauthorized', 'invalid public_key')
      made = tokenOfNewCard(body)
    } else if (accountOf(req) !== null) {
      made = body.card_id !== undefined ? tokenOfSavedCard(accountOf(req)!, body) : tokenOfNewCard(body)
    } else return apiError(res, 401, 'unauthorized', 'invalid access token')
    if (typeof made === 'string')
      return apiError(res, made === 'card not found' ? 404 : 400, made === 'card not found' ? 'not_found' : 'bad_request', made)
    return json(res, 201, publicToken(made))
  }

  /** A usable token (exists, unused, not past `date_due`; a saved card's only by its account), or null. Not consumed here. */
  function usableToken(id: unknown, account: number | null): CardToken | null {
    const found = typeof id === 'string' ? cardTokens.get(id) : undefined
    if (!found || found.status !== 'active' || Date.parse(found.date_due) <= ctx.now()) return null
    if (found.customer_id && account !== null && customerAccount.get(found.customer_id) !== account) return null
    return found
  }

  /** The cardholder decides: a saved card's holder now (it may have changed since the token), else the token's. */
  function outcomeOf(t: CardToken, binaryMode: boolean): Outcome {
    const name = (t.card_id ? findCard(t.card_id)?.cardholder.name : undefined) ?? t.cardholder.name
    const outcome = OUTCOMES[name.trim().toUpperCase()] ?? OUTCOMES.OTHE!
    // Binary mode: approved or rejected at once, never pending.
    if (binaryMode && outcome.status === 'pending') return { status: 'rejected', status_detail: 'cc_rejected_other_reason' }
    return outcome
  }

  // --- Customers and cards ---------------------------------------------------------------------

  function createCustomer(res: ServerResponse, account: number, body: Record<string, unknown>) {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return apiError(res, 400, 'bad_request', 'invalid email')
    if ([...customers.values()].some((c) => c.email === email && customerAccount.get(c.id) === account))
      // As Mercado Pago: cause 101.
      return json(res, 400, {
        message: 'the customer already exist',
        error: 'bad_request',
        status: 400,
        cause: [{ code: '101', description: 'the customer already exist' }],
      })
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
    const suffix = Array.from({ length: 12 }, () => letters[randomInt(letters.length)]).join('')
    const at = iso()
    const customer: FakeCustomer = {
      id: `${randomInt(1_000_000_000, 9_999_999_999)}-${suffix}`,
      email,
      default_card: null,
      date_created: at,
      date_last_updated: at,
      cards: [],
    }
    customers.set(customer.id, customer)
    customerAccount.set(customer.id, account)
    return json(res, 201, customer)
  }

  function searchCustomers(res: ServerResponse, account: number, q: URLSearchParams) {
    const limit = Number(q.get('limit') ?? 10)
    const offset = Number(q.get('offset') ?? 0)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0)
      return apiError(res, 400, 'bad_request', 'invalid limit or offset')
    const email = q.get('email')?.trim().toLowerCase()
    const found = [...customers.values()].filter((c) => customerAccount.get(c.id) === account && (!email || c.email === email))
    return json(res, 200, { paging: { total: found.length, limit, offset }, results: found.slice(offset, offset + limit) })
  }

  function saveCard(res: ServerResponse, customer: FakeCustomer, body: Record<string, unknown>) {
    const t = usableToken(body.token, customerAccount.get(customer.id)!)
    if (!t) return apiError(res, 400, 'bad_request', 'invalid card token')
    t.status = 'used'
    const existing = customer.cards.find(
      (c) =>
        cardNumbers.get(c.id) === t.card_number && c.expiration_month === t.expiration_month && c.expiration_year === t.expiration_year,
    )
    if (existing) {
      // The card entered again: its holder's name is the one just typed (Mercado Pago keeps the card, updated).
      existing.cardholder = structuredClone(t.cardholder)
      existing.date_last_updated = iso()
      return json(res, 200, existing)
    }
    const at = iso()
    const method = brand(t.card_number)
    const card: FakeCard = {
      id: String(randomInt(1_000_000_000_000, 9_999_999_999_999)),
      customer_id: customer.id,
      first_six_digits: t.first_six_digits,
      last_four_digits: t.last_four_digits,
      expiration_month: t.expiration_month,
      expiration_year: t.expiration_year,
      payment_method: { ...method, payment_type_id: 'credit_card' },
      security_code: { length: method.id === 'amex' ? 4 : 3, card_location: method.id === 'amex' ? 'front' : 'back' },
      cardholder: structuredClone(t.cardholder),
      date_created: at,
      date_last_updated: at,
    }
    cardNumbers.set(card.id, t.card_number)
    customer.cards.push(card)
    customer.default_card ??= card.id
    customer.date_last_updated = at
    return json(res, 201, card)
  }

  // --- Payments --------------------------------------------------------------------------------

  /** The payer as given: a saved customer (its email filled in) or an email; or why not. */
  function payerOf(account: number, payer: unknown): Record<string, unknown> | string {
    if (!isObject(payer)) return 'payer is required'
    if (payer.type === 'customer' || payer.id !== undefined) {
      const customer = customerOf(account, payer.id)
      if (!customer) return 'customer not found'
      return { type: 'customer', id: customer.id, email: customer.email }
    }
    if (typeof payer.email !== 'string' || !payer.email) return 'payer.email is required'
    return { email: payer.email }
  }

  const cardOf = (t: CardToken) => ({
    id: t.card_id,
    first_six_digits: t.first_six_digits,
    last_four_digits: t.last_four_digits,
    expiration_month: t.expiration_month,
    expiration_year: t.expiration_year,
    cardholder: t.cardholder,
  })

  function createPayment(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    const seller = ctx.bearerSeller(req)
    if (!seller && !isPlatform(req)) return apiError(res, 401, 'unauthorized', 'invalid access token')
    const amount = body.transaction_amount
    const problem = ctx.clpAmountProblem(amount, 'CLP')
    if (problem) return apiError(res, 400, 'bad_request', problem)
    const total = amount as number
    const fee = body.application_fee ?? null
    if (fee !== null) {
      // The marketplace's commission: only when charging on a seller's behalf.
      if (!seller) return apiError(res, 400, 'bad_request', 'application_fee is only allowed with a seller access token')
      if (!wholePesos(fee) || (fee as number) <= 0 || (fee as number) > total)
        return apiError(res, 400, 'bad_request', 'application_fee must be a whole amount greater than 0 and not above transaction_amount')
    }
    if (!Number.isInteger(body.installments) || (body.installments as number) < 1)
      return apiError(res, 400, 'bad_request', 'installments must be a positive integer')
    const collector = seller?.id ?? PLATFORM_ACCOUNT
    const t = usableToken(body.token, collector)
    if (!t) return apiError(res, 400, 'bad_request', 'invalid card_token_id')
    const method = brand(t.card_number)
    if (body.payment_method_id !== method.id) return apiError(res, 400, 'bad_request', 'diff_param_bins')
    const payer = payerOf(collector, body.payer)
    if (typeof payer === 'string') return apiError(res, 400, 'bad_request', payer)
    if (body.metadata !== undefined && !isObject(body.metadata)) return apiError(res, 400, 'bad_request', 'metadata must be an object')
    t.status = 'used'

    const outcome = outcomeOf(t, body.binary_mode === true)
    const approved = outcome.status === 'approved'
    const mpFee = mercadoPagoFee(total)
    // Fees are charged when the payment is approved (as Mercado Pago, empty otherwise).
    const feeDetails = approved
      ? [
          ...(fee ? [{ type: 'application_fee', amount: fee as number, fee_payer: 'collector' }] : []),
          { type: 'mercadopago_fee', amount: mpFee, fee_payer: 'collector' },
        ]
      : []
    const at = iso()
    const payment: FakePayment = {
      id: randomInt(10_000_000_000, 99_999_999_999),
      status: outcome.status,
      status_detail: outcome.status_detail,
      transaction_amount: total,
      transaction_amount_refunded: 0,
      currency_id: 'CLP',
      date_created: at,
      date_approved: approved ? at : null,
      date_last_updated: at,
      refunds: [],
      collector_id: collector,
      operation_type: 'regular_payment',
      payment_method_id: method.id,
      payment_type_id: 'credit_card',
      installments: body.installments as number,
      description: typeof body.description === 'string' ? body.description : null,
      payer,
      card: cardOf(t),
      application_fee: fee as number | null,
      application_fee_refunded: 0,
      external_reference: typeof body.external_reference === 'string' ? body.external_reference : null,
      metadata: (body.metadata as Record<string, unknown> | undefined) ?? {},
      notification_url: typeof body.notification_url === 'string' ? body.notification_url : null,
      binary_mode: body.binary_mode === true,
      fee_details: feeDetails,
      transaction_details: {
        total_paid_amount: total,
        installment_amount: Math.round(total / (body.installments as number)),
        net_received_amount: approved ? total - feeDetails.reduce((s, f) => s + f.amount, 0) : 0,
      },
      live_mode: false,
    }
    ctx.payments.set(payment.id, payment)
    if (approved) {
      move(collector, 'payment', total - ((fee as number | null) ?? 0), payment.id)
      if (fee) move(PLATFORM_ACCOUNT, 'application_fee', fee as number, payment.id)
      move(collector, 'mercadopago_fee', -mpFee, payment.id)
    }
    void ctx.notify('payment', 'payment.created', String(payment.id))
    return json(res, 201, payment)
  }

  /** Why the generic POST /v1/payments/{id}/refunds refuses this payment, or null. */
  function refundProblem(payment: FakePayment): string | null {
    if (payment.order?.type === 'advanced_payment') return 'Payments of an advanced payment are refunded by disbursement'
    if (payment.status !== 'approved') return 'Payment not refundable'
    return null
  }

  /** After a refund of a plain payment (already added to transaction_amount_refunded): its fee back, proportionally and cumulatively. */
  function refunded(payment: FakePayment, amount: number) {
    const fee = payment.application_fee ?? 0
    const feeAfter = fee ? Math.round((fee * payment.transaction_amount_refunded) / payment.transaction_amount) : 0
    const feeBack = feeAfter - (payment.application_fee_refunded ?? 0)
    if (fee) payment.application_fee_refunded = feeAfter
    if (payment.collector_id === undefined) return // a subscription charge: outside the accounts
    move(payment.collector_id, 'refund', -(amount - feeBack), payment.id)
    move(PLATFORM_ACCOUNT, 'application_fee_refund', -feeBack, payment.id)
  }

  // --- Advanced payments -----------------------------------------------------------------------

  function createAdvancedPayment(res: ServerResponse, body: Record<string, unknown>) {
    const list = body.payments
    if (!Array.isArray(list) || list.length !== 1 || !isObject(list[0]))
      return apiError(res, 400, 'bad_request', 'exactly one payment is required')
    const p = list[0]
    const problem = ctx.clpAmountProblem(p.transaction_amount, 'CLP')
    if (problem) return apiError(res, 400, 'bad_request', problem)
    const total = p.transaction_amount as number
    if (p.processing_mode !== undefined && p.processing_mode !== 'aggregator')
      return apiError(res, 400, 'bad_request', 'processing_mode must be aggregator')
    if (p.payment_type_id !== undefined && p.payment_type_id !== 'credit_card')
      return apiError(res, 400, 'bad_request', 'payment_type_id must be credit_card')
    const installments = p.installments ?? 1
    if (!Number.isInteger(installments) || (installments as number) < 1)
      return apiError(res, 400, 'bad_request', 'installments must be a positive integer')
    const given = body.disbursements
    if (!Array.isArray(given) || given.length === 0) return apiError(res, 400, 'bad_request', 'disbursements are required')
    const disbursements: FakeDisbursement[] = []
    for (const d of given) {
      if (!isObject(d)) return apiError(res, 400, 'bad_request', 'invalid disbursement')
      const amountProblem = ctx.clpAmountProblem(d.amount, 'CLP')
      if (amountProblem) return apiError(res, 400, 'bad_request', `disbursement ${amountProblem.replace('transaction_amount', 'amount')}`)
      const collectorId = Number(d.collector_id)
      if (!ctx.sellers.has(collectorId) || !ctx.isLinked(collectorId))
        return apiError(res, 400, 'bad_request', `collector_id ${String(d.collector_id)} has not authorized this application`)
      const fee = d.application_fee ?? 0
      if (!wholePesos(fee) || (fee as number) < 0 || (fee as number) > (d.amount as number))
        return apiError(res, 400, 'bad_request', 'application_fee must be a whole amount between 0 and the disbursement amount')
      if (d.money_release_days !== undefined && (!Number.isInteger(d.money_release_days) || (d.money_release_days as number) < 0))
        return apiError(res, 400, 'bad_request', 'invalid money_release_days')
      disbursements.push({
        id: randomInt(1_000_000_000, 9_999_999_999),
        amount: d.amount as number,
        collector_id: collectorId,
        application_fee: fee as number,
        external_reference: typeof d.external_reference === 'string' ? d.external_reference : null,
        ...(d.money_release_days !== undefined ? { money_release_days: d.money_release_days as number } : {}),
        amount_refunded: 0,
        application_fee_refunded: 0,
      })
    }
    if (disbursements.reduce((s, d) => s + d.amount, 0) !== total)
      return apiError(res, 400, 'bad_request', 'the sum of disbursements amount must equal the payment transaction_amount')
    const t = usableToken(p.token, PLATFORM_ACCOUNT)
    if (!t) return apiError(res, 400, 'bad_request', 'invalid card_token_id')
    const method = brand(t.card_number)
    if (p.payment_method_id !== method.id) return apiError(res, 400, 'bad_request', 'diff_param_bins')
    const payer = payerOf(PLATFORM_ACCOUNT, body.payer)
    if (typeof payer === 'string') return apiError(res, 400, 'bad_request', payer)
    if (body.metadata !== undefined && !isObject(body.metadata)) return apiError(res, 400, 'bad_request', 'metadata must be an object')
    t.status = 'used'

    const binaryMode = body.binary_mode === true
    const outcome = outcomeOf(t, binaryMode)
    const approved = outcome.status === 'approved'
    const at = iso()
    const id = randomInt(1_000_000, 99_999_999)
    const externalReference = typeof body.external_reference === 'string' ? body.external_reference : null
    const metadata = (body.metadata as Record<string, unknown> | undefined) ?? {}
    const applicationFees = disbursements.reduce((s, d) => s + d.application_fee, 0)
    const mpFees = disbursements.reduce((s, d) => s + mercadoPagoFee(d.amount), 0)
    const feeDetails = approved
      ? [
          ...(applicationFees ? [{ type: 'application_fee', amount: applicationFees, fee_payer: 'collector' }] : []),
          { type: 'mercadopago_fee', amount: mpFees, fee_payer: 'collector' },
        ]
      : []
    const payment: FakePayment = {
      id: randomInt(10_000_000_000, 99_999_999_999),
      status: outcome.status,
      status_detail: outcome.status_detail,
      transaction_amount: total,
      transaction_amount_refunded: 0,
      currency_id: 'CLP',
      date_created: at,
      date_approved: approved ? at : null,
      date_last_updated: at,
      refunds: [],
      collector_id: PLATFORM_ACCOUNT,
      operation_type: 'regular_payment',
      order: { type: 'advanced_payment', id },
      payment_method_id: method.id,
      payment_type_id: 'credit_card',
      installments: installments as number,
      description: typeof p.description === 'string' ? p.description : typeof body.description === 'string' ? body.description : null,
      payer,
      card: cardOf(t),
      external_reference: typeof p.external_reference === 'string' ? p.external_reference : externalReference,
      metadata,
      binary_mode: binaryMode,
      fee_details: feeDetails,
      transaction_details: {
        total_paid_amount: total,
        installment_amount: Math.round(total / (installments as number)),
        net_received_amount: approved ? total - applicationFees - mpFees : 0,
      },
      live_mode: false,
    }
    ctx.payments.set(payment.id, payment)
    const advanced: FakeAdvancedPayment = {
      id,
      application_id: body.application_id === undefined ? ctx.applicationId : Number(body.application_id),
      status: outcome.status,
      status_detail: outcome.status_detail,
      payment_id: payment.id,
      disbursements,
      payer,
      external_reference: externalReference,
      description: typeof body.description === 'string' ? body.description : null,
      binary_mode: binaryMode,
      metadata,
      date_created: at,
      date_last_updated: at,
    }
    advancedPayments.set(id, advanced)
    if (approved)
      for (const d of disbursements) {
        move(d.collector_id, 'payment', d.amount - d.application_fee, payment.id)
        move(PLATFORM_ACCOUNT, 'application_fee', d.application_fee, payment.id)
        move(d.collector_id, 'mercadopago_fee', -mercadoPagoFee(d.amount), payment.id)
      }
    void ctx.notify('payment', 'payment.created', String(payment.id))
    return json(res, 201, publicAdvanced(advanced))
  }

  function publicAdvanced(a: FakeAdvancedPayment) {
    const { payment_id: paymentId, ...rest } = a
    const p = ctx.payments.get(paymentId)!
    return {
      ...rest,
      payments: [
        {
          id: p.id,
          status: p.status,
          status_detail: p.status_detail,
          transaction_amount: p.transaction_amount,
          transaction_amount_refunded: p.transaction_amount_refunded,
          payment_method_id: p.payment_method_id,
          payment_type_id: p.payment_type_id,
          installments: p.installments,
          processing_mode: 'aggregator',
          description: p.description,
          external_reference: p.external_reference,
          date_created: p.date_created,
          date_approved: p.date_approved,
        },
      ],
    }
  }

  /** Gives back `amount` of one disbursement: the seller's part and, proportionally, the platform's fee. */
  function refundDisbursement(a: FakeAdvancedPayment, d: FakeDisbursement, amount: number) {
    const payment = ctx.payments.get(a.payment_id)!
    d.amount_refunded += amount
    const feeAfter = Math.round((d.application_fee * d.amount_refunded) / d.amount)
    const feeBack = feeAfter - d.application_fee_refunded
    d.application_fee_refunded = feeAfter
    move(d.collector_id, 'refund', -(amount - feeBack), payment.id)
    move(PLATFORM_ACCOUNT, 'application_fee_refund', -feeBack, payment.id)
    const made = {
      id: randomInt(1_000_000_000, 9_999_999_999),
      payment_id: payment.id,
      amount,
      status: 'approved' as const,
      date_created: iso(),
    }
    payment.refunds.push(made)
    payment.transaction_amount_refunded += amount
    payment.date_last_updated = made.date_created
    a.date_last_updated = made.date_created
    if (payment.transaction_amount_refunded === payment.transaction_amount) {
      payment.status = 'refunded'
      a.status = 'refunded'
    }
    return made
  }

  function advancedRefundProblem(a: FakeAdvancedPayment) {
    const status = ctx.payments.get(a.payment_id)?.status
    return status === 'approved' ? null : 'Payment not refundable'
  }

  function refundAll(res: ServerResponse, a: FakeAdvancedPayment) {
    const problem = advancedRefundProblem(a)
    if (problem) return apiError(res, 400, 'bad_request', problem)
    const made = a.disbursements
      .filter((d) => d.amount > d.amount_refunded)
      .map((d) => refundDisbursement(a, d, d.amount - d.amount_refunded))
    return json(res, 201, made)
  }

  function refundOne(res: ServerResponse, a: FakeAdvancedPayment, disbursementId: number, body: Record<string, unknown>) {
    const d = a.disbursements.find((x) => x.id === disbursementId)
    if (!d) return apiError(res, 404, 'not_found', 'disbursement not found')
    const problem = advancedRefundProblem(a)
    if (problem) return apiError(res, 400, 'bad_request', problem)
    const left = d.amount - d.amount_refunded
    const amount = body.amount === undefined ? left : body.amount
    const amountProblem = ctx.clpAmountProblem(amount, 'CLP')
    if (amountProblem) return apiError(res, 400, 'bad_request', amountProblem.replace('transaction_amount', 'amount'))
    if ((amount as number) > left) return apiError(res, 400, 'bad_request', 'Refund amount exceeds the amount left of the disbursement')
    return json(res, 201, refundDisbursement(a, d, amount as number))
  }

  // --- Chargebacks -----------------------------------------------------------------------------

  function openChargeback(paymentId: number): FakeChargeback {
    const payment = ctx.payments.get(paymentId)
    if (!payment) throw new Error(`no payment ${paymentId}`)
    if (payment.status !== 'approved') throw new Error(`payment ${paymentId} is ${payment.status}: no chargeback`)
    const at = iso()
    const chargeback: FakeChargeback = {
      id: String(randomInt(100_000_000_000, 999_999_999_999)),
      payments: [payment.id],
      currency: 'CLP',
      amount: payment.transaction_amount - payment.transaction_amount_refunded,
      coverage_applied: null,
      coverage_elegible: true,
      documentation_required: true,
      documentation_status: 'pending',
      date_documentation_deadline: iso(ctx.now() + CHARGEBACK_DOCUMENTATION_DAYS * day),
      date_created: at,
      date_last_updated: at,
      live_mode: false,
    }
    chargebacks.set(chargeback.id, chargeback)
    payment.status = 'charged_back'
    payment.status_detail = 'in_process'
    payment.date_last_updated = at
    void ctx.notify('chargebacks', 'created', chargeback.id)
    return chargeback
  }

  /** Lost: what is left of the payment is taken back from each collector and the platform's fee. Won: Mercado Pago covers it. */
  function resolveChargeback(id: string, result: 'lost' | 'won'): FakeChargeback {
    const chargeback = chargebacks.get(id)
    if (!chargeback) throw new Error(`no chargeback ${id}`)
    if (chargeback.coverage_applied !== null) throw new Error(`chargeback ${id} is already resolved`)
    const payment = ctx.payments.get(chargeback.payments[0]!)!
    const at = iso()
    if (result === 'lost') {
      const advanced = payment.order ? advancedPayments.get(payment.order.id) : undefined
      if (advanced)
        for (const d of advanced.disbursements) {
          const feeLeft = d.application_fee - d.application_fee_refunded
          move(d.collector_id, 'chargeback', -(d.amount - d.amount_refunded - feeLeft), payment.id)
          move(PLATFORM_ACCOUNT, 'chargeback', -feeLeft, payment.id)
        }
      else if (payment.collector_id !== undefined) {
        const feeLeft = (payment.application_fee ?? 0) - (payment.application_fee_refunded ?? 0)
        move(payment.collector_id, 'chargeback', -(chargeback.amount - feeLeft), payment.id)
        move(PLATFORM_ACCOUNT, 'chargeback', -feeLeft, payment.id)
      }
    }
    payment.status_detail = result === 'lost' ? 'settled' : 'reimbursed'
    payment.date_last_updated = at
    chargeback.coverage_applied = result === 'won'
    chargeback.documentation_status = result === 'won' ? 'valid' : 'invalid'
    chargeback.date_last_updated = at
    void ctx.notify('chargebacks', 'updated', chargeback.id)
    return chargeback
  }

  // --- The hosted card form (stand-in for the Card Payment Brick) --------------------------------

  const htmlPage = (res: ServerResponse, status: number, title: string, inner: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="es"><meta charset="utf-8"><title>${escapeHtml(title)}</title>${inner}</html>`)
  }
  const isHttpUrl = (s: string) => {
    try {
      return ['http:', 'https:'].includes(new URL(s).protocol)
    } catch {
      return false
    }
  }

  function cardFormPage(res: ServerResponse, q: URLSearchParams) {
    const publicKey = q.get('public_key') ?? ''
    const returnUrl = q.get('return_url') ?? ''
    const amount = Number(q.get('amount'))
    if (!/^(APP_USR|TEST)-/.test(publicKey) || !isHttpUrl(returnUrl) || !Number.isFinite(amount) || amount <= 0)
      return htmlPage(res, 400, 'Error', '<p>Solicitud de pago inválida (public_key, amount o return_url).</p>')
    const description = q.get('description') ?? ''
    const hidden = (['public_key', 'amount', 'description', 'return_url'] as const)
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`)
      .join('')
    const field = (id: string, label: string, value: string, extra = '') =>
      `<p><label for="${id}">${label}</label> <input id="${id}" name="${id}" value="${escapeHtml(value)}"${extra}></p>`
    return htmlPage(
      res,
      200,
      'Pagar con tarjeta (simulado)',
      `<h1>Pagar con tarjeta</h1><p>${escapeHtml(description)}</p><p><strong>$${escapeHtml(new Intl.NumberFormat('es-CL').format(amount))}</strong></p>` +
        // Sent back by the platform after a decline (decision 249): the person tries another card.
        (q.get('status') === 'rejected' ? '<p role="alert">El pago fue rechazado: prueba con otra tarjeta.</p>' : '') +
        `<form method="post" action="/checkout/card_form">${hidden}` +
        field('cardholder_name', 'Nombre del titular', 'APRO', ' autocomplete="cc-name"') +
        `<p><small>APRO aprueba, OTHE rechaza, FUND fondos insuficientes</small></p>` +
        field('card_number', 'Número de tarjeta', '5031 7557 3453 0604', ' inputmode="numeric" autocomplete="cc-number"') +
        field('expiration_month', 'Mes de vencimiento (MM)', '11', ' inputmode="numeric" autocomplete="cc-exp-month"') +
        field('expiration_year', 'Año de vencimiento (AAAA)', '2030', ' inputmode="numeric" autocomplete="cc-exp-year"') +
        field('security_code', 'Código de seguridad (CVV)', '123', ' inputmode="numeric" autocomplete="cc-csc"') +
        `<button type="submit">Pagar</button></form>`,
    )
  }

  function cardFormSubmit(res: ServerResponse, form: URLSearchParams) {
    const returnUrl = form.get('return_url') ?? ''
    if (!isHttpUrl(returnUrl)) return htmlPage(res, 400, 'Error', '<p>return_url debe ser una dirección http(s).</p>')
    if (!/^(APP_USR|TEST)-/.test(form.get('public_key') ?? '')) return htmlPage(res, 400, 'Error', '<p>public_key inválida.</p>')
    const made = tokenOfNewCard({
      card_number: form.get('card_number') ?? '',
      expiration_month: form.get('expiration_month') ?? '',
      expiration_year: form.get('expiration_year') ?? '',
      security_code: form.get('security_code') ?? '',
      cardholder: { name: form.get('cardholder_name') ?? '' },
    })
    if (typeof made === 'string') return htmlPage(res, 400, 'Error', `<p>No se pudo procesar la tarjeta: ${escapeHtml(made)}.</p>`)
    const back = new URL(returnUrl)
    back.searchParams.set('token', made.id)
    back.searchParams.set('payment_method_id', brand(made.card_number).id)
    res.writeHead(302, { location: back.toString() })
    res.end()
  }

  /** A saved card's holder changes; false when there is no such card. */
  function setCardCardholder(cardId: string, name: string) {
    const card = findCard(cardId)
    if (!card) return false
    card.cardholder.name = name
    card.date_last_updated = iso()
    return true
  }

  // --- Routes ----------------------------------------------------------------------------------

  function route(req: IncomingMessage, res: ServerResponse, method: string, url: URL, body: Record<string, unknown>, raw: string) {
    const path = url.pathname
    // The fake's own control for the end-to-end tests (not Mercado Pago's API): a client's saved cards now decline or approve.
    if (method === 'POST' && path === '/__fake/cardholder') {
      const email = String(body.email ?? '').toLowerCase()
      let changed = 0
      for (const customer of customers.values())
        if (customer.email === email)
          for (const card of customer.cards) changed += setCardCardholder(card.id, String(body.name ?? '')) ? 1 : 0
      return json(res, 200, { changed })
    }
    if (path === '/checkout/card_form') {
      if (method === 'GET') return cardFormPage(res, url.searchParams)
      if (method === 'POST') return cardFormSubmit(res, new URLSearchParams(raw))
    }
    if (method === 'POST' && path === '/v1/card_tokens') return createCardToken(req, res, url.searchParams, body)
    if (method === 'POST' && path === '/v1/payments') return createPayment(req, res, body)

    const customerPath = path.startsWith('/v1/customers')
    const advancedPath = path.startsWith('/v1/advanced_payments')
    const chargebackMatch = /^\/v1\/chargebacks\/(\d+)$/.exec(path)
    if (!customerPath && !advancedPath && !chargebackMatch) return notMine
    const seller = ctx.bearerSeller(req)
    if (!seller && !isPlatform(req)) return apiError(res, 401, 'unauthorized', 'invalid access token')

    if (chargebackMatch && method === 'GET') {
      const found = chargebacks.get(chargebackMatch[1]!)
      return found ? json(res, 200, found) : apiError(res, 404, 'not_found', 'chargeback not found')
    }
    if (customerPath) {
      // Customers and their cards belong to the caller's account (the platform's or a seller's).
      const account = accountOf(req)!
      if (method === 'POST' && path === '/v1/customers') return createCustomer(res, account, body)
      if (method === 'GET' && path === '/v1/customers/search') return searchCustomers(res, account, url.searchParams)
      const m = /^\/v1\/customers\/([\w-]+)(\/cards)?$/.exec(path)
      const customer = m ? customerOf(account, m[1]) : undefined
      if (m && (method === 'GET' || (method === 'POST' && m[2]))) {
        if (!customer) return apiError(res, 404, 'not_found', 'customer not found')
        if (!m[2]) return json(res, 200, customer)
        return method === 'GET' ? json(res, 200, customer.cards) : saveCard(res, customer, body)
      }
      return notMine
    }
    if (advancedPath) {
      if (!isPlatform(req)) return apiError(res, 403, 'forbidden', 'advanced payments are made with the application access token')
      if (!advancedPaymentsEnabled) return apiError(res, 403, 'forbidden', 'advanced payments are not enabled for this application')
      if (method === 'POST' && path === '/v1/advanced_payments') return createAdvancedPayment(res, body)
      const m = /^\/v1\/advanced_payments\/(\d+)(?:\/refunds|\/disbursements\/(\d+)\/refunds)?$/.exec(path)
      if (!m) return notMine
      const found = advancedPayments.get(Number(m[1]))
      const isRefund = path.endsWith('/refunds')
      if ((method === 'GET' && !isRefund) || (method === 'POST' && isRefund)) {
        if (!found) return apiError(res, 404, 'not_found', 'advanced payment not found')
        if (method === 'GET') return json(res, 200, publicAdvanced(found))
        return m[2] ? refundOne(res, found, Number(m[2]), body) : refundAll(res, found)
      }
    }
    return notMine
  }

  return {
    /** Answers the request when it is one of these endpoints; false to let server.ts go on. */
    handle: (req: IncomingMessage, res: ServerResponse, method: string, url: URL, body: Record<string, unknown>, raw: string) =>
      route(req, res, method, url, body, raw) !== notMine,
    refundProblem,
    refunded,
    /** Test controls and state, spread into the fake's returned object. */
    controls: {
      customers,
      advancedPayments,
      chargebacks,
      /** Every movement of money in the fake's accounts, in order. */
      movements,
      /** The sum of an account's movements (a seller's id, or PLATFORM_ACCOUNT), optionally of some kinds only. */
      balanceOf(account: number, kinds?: FakeMovementKind[]) {
        return movements.filter((m) => m.account === account && (!kinds || kinds.includes(m.kind))).reduce((s, m) => s + m.amount, 0)
      },
      /** Whether a saved card's token may go without its security code (card on file, on by default). */
      setCardOnFile(enabled: boolean) {
        cardOnFile = enabled
      },
      /** Whether Mercado Pago enabled advanced payments for the application (on by default). */
      setAdvancedPayments(enabled: boolean) {
        advancedPaymentsEnabled = enabled
      },
      openChargeback,
      resolveChargeback,
      /** A saved card's holder changes (e.g. to OTHE, so the next charge with it declines). */
      setSavedCardholder(cardId: string, name: TestCardholder | (string & {})) {
        if (!setCardCardholder(cardId, name)) throw new Error(`no saved card ${cardId}`)
      },
    },
    setCardCardholder,
  }
}
