import { reversalShares, type Shares } from '../../../modules/ledger/split.ts'
import type { CardChargeOutcome, CardCharges } from '../types.ts'
import { MercadoPagoApiError, type MercadoPagoClient } from './client.ts'

/**
 * Mercado Pago's side of a client's monthly payment (decision 249): customers and saved cards,
 * a payment on the trainer's own account with the platform's fee (independent trainer), or an
 * advanced payment whose disbursements land on the trainer's and the gym's accounts with the
 * platform's fee (central billing). Amounts come from our split function, never from the client.
 */

/** `GET /v1/payments/{id}` (the fields we read). */
export interface MercadoPagoPayment {
  id: number
  status: 'approved' | 'rejected' | 'pending' | 'in_process' | 'refunded' | 'charged_back' | 'cancelled'
  status_detail?: string
  transaction_amount: number
  transaction_amount_refunded?: number
  currency_id: string
  collector_id?: number
  date_created: string
  date_approved?: string | null
  date_last_updated?: string
  external_reference?: string | null
  /** Mercado Pago hands our metadata back with snake_case keys. */
  metadata?: Record<string, unknown>
  order?: { type?: string; id?: number | string } | null
  refunds?: { id: number; amount: number; status?: string }[]
  fee_details?: { type: string; amount: number; fee_payer?: string }[]
}

/** `POST/GET /v1/advanced_payments` (the fields we read). */
export interface MercadoPagoAdvancedPayment {
  id: number
  status: 'approved' | 'rejected' | 'pending' | 'in_process' | 'refunded' | 'cancelled'
  status_detail?: string
  payments: { id: number; status: string; status_detail?: string; transaction_amount: number }[]
  disbursements: {
    id: number
    amount: number
    collector_id: number
    application_fee?: number
    external_reference?: string
    amount_refunded?: number
  }[]
}

/** `GET /v1/chargebacks/{id}` (the fields we read). */
export interface MercadoPagoChargeback {
  id: string
  payments: number[]
  amount: number
  currency?: string
  coverage_applied: boolean | null
  documentation_status?: string
  date_documentation_deadline?: string | null
  date_created: string
  date_last_updated?: string
}

/** The client as a customer on the account that charges (found by e-mail, else created). */
export async function customerFor(client: MercadoPagoClient, accessToken: string, email: string): Promise<string> {
  const found = await client.get<{ results: { id: string }[] }>('/v1/customers/search', { accessToken, query: { email } })
  if (found.results[0]) return found.results[0].id
  try {
    const made = await client.post<{ id: string }>('/v1/customers', { accessToken, idempotencyKey: `customer:${email}`, body: { email } })
    return made.id
  } catch (err) {
    // Created by a parallel call between the search and ours.
    if (!(err instanceof MercadoPagoApiError) || err.status !== 400) throw err
    const again = await client.get<{ results: { id: string }[] }>('/v1/customers/search', { accessToken, query: { email } })
    if (!again.results[0]) throw err
    return again.results[0].id
  }
}

/** Saves the card behind a single-use token from the card form; the token is spent. */
export async function saveCard(client: MercadoPagoClient, accessToken: string, customerId: string, cardToken: string, key: string) {
  const card = await client.post<{ id: string; last_four_digits?: string; payment_method?: { id?: string } }>(
    `/v1/customers/${encodeURIComponent(customerId)}/cards`,
    { accessToken, idempotencyKey: key, body: { token: cardToken } },
  )
  return { cardId: String(card.id), paymentMethodId: card.payment_method?.id ?? null }
}

/**
 * A single-use token of a saved card, without its security code: Mercado Pago allows it only to
 * applications it enabled for card-on-file charging (else 400: the client must come back).
 */
export async function savedCardToken(client: MercadoPagoClient, accessToken: string, customerId: string, cardId: string, key: string) {
  const made = await client.post<{ id: string }>('/v1/card_tokens', {
    accessToken,
    idempotencyKey: key,
    body: { card_id: cardId, customer_id: customerId },
  })
  return made.id
}

/** A saved card's payment method (visa, master, …): a payment names it, and it must match the card. */
export async function savedCardMethod(client: MercadoPagoClient, accessToken: string, customerId: string, cardId: string) {
  const cards = await client.get<{ id: string; payment_method?: { id?: string } }[]>(
    `/v1/customers/${encodeURIComponent(customerId)}/cards`,
    {
      accessToken,
    },
  )
  const card = cards.find((c) => String(c.id) === cardId)
  if (!card?.payment_method?.id) throw new MercadoPagoApiError(404, 'not_found', 'the saved card is gone')
  return card.payment_method.id
}

/** What a charge takes (the seam's own input), and where Mercado Pago should notify. */
export type ChargeInput = Parameters<CardCharges['charge']>[0] & { notificationUrl?: string }

/** Charges the card once per `key` (a retried call answers the first outcome): seller payment or advanced payment. */
export async function charge(client: MercadoPagoClient, platformToken: string, input: ChargeInput): Promise<CardChargeOutcome> {
  const payer = input.customerId ? { type: 'customer', id: input.customerId, email: input.payerEmail } : { email: input.payerEmail }
  if (input.route.kind === 'seller') {
    const made = await client.post<MercadoPagoPayment>('/v1/payments', {
      accessToken: input.route.sellerToken,
      idempotencyKey: input.key,
      body: {
        transaction_amount: input.amountClp,
        token: input.cardToken,
        description: input.description,
        installments: 1,
        payment_method_id: input.paymentMethodId,
        payer,
        application_fee: input.route.applicationFee,
        external_reference: input.externalReference,
        metadata: input.metadata,
        binary_mode: true,
        ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
      },
    })
    return { paymentId: String(made.id), status: made.status, statusDetail: made.status_detail ?? null }
  }
  const { trainer, gym } = input.route
  const made = await client.post<MercadoPagoAdvancedPayment>('/v1/advanced_payments', {
    accessToken: platformToken,
    idempotencyKey: input.key,
    body: {
      payments: [
        {
          payment_method_id: input.paymentMethodId,
          payment_type_id: 'credit_card',
          token: input.cardToken,
          transaction_amount: input.amountClp,
          installments: 1,
          processing_mode: 'aggregator',
          description: input.description,
          external_reference: input.externalReference,
        },
      ],
      disbursements: [
        {
          amount: trainer.amount,
          collector_id: trainer.collectorId,
          application_fee: trainer.applicationFee,
          external_reference: 'trainer',
        },
        ...(gym.amount > 0
          ? [{ amount: gym.amount, collector_id: gym.collectorId, application_fee: gym.applicationFee, external_reference: 'gym' }]
          : []),
      ],
      payer,
      external_reference: input.externalReference,
      metadata: input.metadata,
      binary_mode: true,
    },
  })
  const inner = made.payments[0]
  return { paymentId: String(inner.id), status: made.status, statusDetail: made.status_detail ?? inner.status_detail ?? null }
}

/** The application fee a payment or disbursement carries (`fee_details`, else the field itself). */
const feeOf = (p: { application_fee?: number; fee_details?: { type: string; amount: number }[] }) =>
  p.fee_details?.find((f) => f.type === 'application_fee')?.amount ?? p.application_fee ?? 0

/**
 * The part of the application fee a refund gives back: Mercado Pago returns the fee in proportion
 * to what is refunded, to the peso, cumulatively (our reading, checked by the opt-in contract tests),
 * so a payment refunded in full gives the whole fee back.
 */
export const feeRefunded = (fee: number, amount: number, refundedBefore: number, refundedAfter: number) =>
  Math.round((fee * refundedAfter) / amount) - Math.round((fee * refundedBefore) / amount)

/**
 * Refunds `amountClp` of a payment and answers what each party gave back. A seller's payment: one
 * refund on the seller's account, its fee returned in proportion. An advanced payment: each
 * disbursement gives back its part of our cumulative split (decision 060) over what each party
 * received, each with its own deterministic key, and its fee in proportion.
 */
export async function refundCharge(
  client: MercadoPagoClient,
  tokens: { platform: string; seller: string | null },
  input: { paymentId: string; amountClp: number; key: string },
): Promise<{ refundId: string; parts: Shares }> {
  const payment = await client.get<MercadoPagoPayment & { application_fee?: number }>(
    `/v1/payments/${encodeURIComponent(input.paymentId)}`,
    {
      accessToken: tokens.seller ?? tokens.platform,
    },
  )
  if (payment.order?.type !== 'advanced_payment') {
    // A seller's payment is refunded with the seller's own token: unlinked, Mercado Pago would refuse ours.
    if (!tokens.seller)
      throw new MercadoPagoApiError(401, 'unauthorized', "the seller's account is not linked: its payment cannot be refunded")
    const before = payment.transaction_amount_refunded ?? 0
    const made = await client.post<{ id: number }>(`/v1/payments/${encodeURIComponent(input.paymentId)}/refunds`, {
      accessToken: tokens.seller,
      idempotencyKey: input.key,
      body: { amount: input.amountClp },
    })
    const fee = feeRefunded(feeOf(payment), payment.transaction_amount, before, before + input.amountClp)
    return { refundId: String(made.id), parts: { trainer: input.amountClp - fee, gym: 0, platform: fee } }
  }
  const advanced = await client.get<MercadoPagoAdvancedPayment>(`/v1/advanced_payments/${encodeURIComponent(String(payment.order.id))}`, {
    accessToken: tokens.platform,
  })
  const trainerD = advanced.disbursements.find((d) => d.external_reference === 'trainer') ?? advanced.disbursements[0]
  const gymD = advanced.disbursements.find((d) => d !== trainerD)
  const shares: Shares = {
    trainer: trainerD.amount - (trainerD.application_fee ?? 0),
    gym: gymD ? gymD.amount - (gymD.application_fee ?? 0) : 0,
    platform: (trainerD.application_fee ?? 0) + (gymD?.application_fee ?? 0),
  }
  const before = advanced.disbursements.reduce((s, d) => s + (d.amount_refunded ?? 0), 0)
  const part = reversalShares(shares, before, before + input.amountClp)
  const legs = [
    { d: trainerD, amount: part.trainer + part.platform, party: 'trainer' as const },
    ...(gymD ? [{ d: gymD, amount: part.gym, party: 'gym' as const }] : []),
  ]
  const ids: string[] = []
  const parts: Shares = { trainer: 0, gym: 0, platform: 0 }
  for (const leg of legs) {
    if (leg.amount <= 0) continue
    const made = await client.post<{ id: number }>(
      `/v1/advanced_payments/${encodeURIComponent(String(advanced.id))}/disbursements/${encodeURIComponent(String(leg.d.id))}/refunds`,
      { accessToken: tokens.platform, idempotencyKey: `${input.key}:${leg.party}`, body: { amount: leg.amount } },
    )
    ids.push(String(made.id))
    const refunded = leg.d.amount_refunded ?? 0
    const fee = feeRefunded(leg.d.application_fee ?? 0, leg.d.amount, refunded, refunded + leg.amount)
    parts[leg.party] += leg.amount - fee
    parts.platform += fee
  }
  // One ledger refund, however many disbursements gave back: its id names them all.
  return { refundId: ids.length === 1 ? ids[0] : `${input.key}:${ids.join('+')}`, parts }
}
