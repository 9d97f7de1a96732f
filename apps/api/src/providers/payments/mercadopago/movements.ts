import type { MovementSource } from '../movement-types.ts'
import { mercadoPagoClient } from './client.ts'
import { feeRefunded, type MercadoPagoAdvancedPayment } from './client-charges.ts'

/** A payment as `GET /v1/payments/search` lists it (the fields we read). */
export interface MercadoPagoSearchedPayment {
  id: number
  status: string
  status_detail?: string
  metadata?: Record<string, unknown>
  order?: { type?: string; id?: number | string } | null
  application_fee?: number | null
  fee_details?: { type: string; amount: number }[]
  transaction_amount: number
  date_created: string
  date_approved?: string | null
  date_last_updated: string
  transaction_amount_refunded?: number
  refunds?: { id: number; amount: number; status: string; date_created: string }[]
}

interface SearchAnswer {
  paging: { total: number; limit: number; offset: number }
  results: MercadoPagoSearchedPayment[]
}

export interface MercadoPagoMovementSettings {
  baseUrl: () => string
  /** The platform's own access token: the trainers' plan payments and split client payments are on the platform's account. */
  accessToken: () => string
  /** The linked sellers' working tokens: an independent trainer's client payments are on the trainer's own account (decision 249). */
  sellerTokens?: () => Promise<string[]>
  timeoutMs: number
  fetch?: typeof fetch
  /** Payments per search page (tests page by one). */
  pageSize?: number
}

const PAGE = 100
/** The search answers no offset past this: the window moves on from the last date seen instead. */
const MAX_OFFSET = 10_000
/** Statuses of a payment whose money was taken (a refund or a chargeback later does not undo the charge). */
const CHARGED = new Set(['approved', 'authorized', 'refunded', 'charged_back', 'in_mediation'])

/**
 * Mercado Pago's records for `ledger:reconcile` (decisions 239, 249): the payments of the
 * platform's own account (the trainers' and gyms' plan charges, and client payments split by
 * disbursements) and of every linked seller's account (an independent trainer's client payments),
 * and their refunds; a payment whose metadata says `client` is a client charge. Searched by `date_last_updated` from the range's
 * start until now, so a refund made in the range of a payment made before it is found too; each
 * movement is then kept by its own date. Paged to the end; never the whole history at once.
 */
export function mercadoPagoMovements(settings: MercadoPagoMovementSettings): MovementSource {
  const client = () => mercadoPagoClient({ baseUrl: settings.baseUrl(), timeoutMs: settings.timeoutMs, fetch: settings.fetch })

  async function* search(from: Date, accessToken: string): AsyncIterable<MercadoPagoSearchedPayment> {
    const api = client()
    const size = settings.pageSize ?? PAGE
    const seen = new Set<number>()
    let begin = from.toISOString()
    let offset = 0
    for (;;) {
      const page = await api.get<SearchAnswer>('/v1/payments/search', {
        accessToken,
        query: {
          range: 'date_last_updated',
          begin_date: begin,
          end_date: 'NOW',
          sort: 'date_last_updated',
          criteria: 'asc',
          limit: size,
          offset,
        },
      })
      for (const p of page.results) {
        if (seen.has(p.id)) continue
        seen.add(p.id)
        yield p
      }
      if (page.results.length < size) return
      offset += size
      if (offset + size > MAX_OFFSET) {
        // Start again from the last update seen; the ids already yielded are skipped.
        begin = page.results.at(-1)!.date_last_updated
        offset = 0
      }
    }
  }

  /**
   * What a client payment's fee kept and what reached the sellers' accounts, net of refunds (the fee
   * given back in proportion, to the peso) and of a lost chargeback (nothing kept).
   */
  async function split(p: MercadoPagoSearchedPayment): Promise<{ fee: number; sellers: number }> {
    if (p.status === 'charged_back' && p.status_detail === 'settled') return { fee: 0, sellers: 0 }
    const refunded = p.transaction_amount_refunded ?? 0
    let fee: number
    if (p.order?.type === 'advanced_payment') {
      const advanced = await client().get<MercadoPagoAdvancedPayment>(`/v1/advanced_payments/${encodeURIComponent(String(p.order.id))}`, {
        accessToken: settings.accessToken(),
      })
      fee = advanced.disbursements.reduce(
        (sum, d) => sum + (d.application_fee ?? 0) - feeRefunded(d.application_fee ?? 0, d.amount, 0, d.amount_refunded ?? 0),
        0,
      )
    } else {
      const whole = p.fee_details?.find((d) => d.type === 'application_fee')?.amount ?? p.application_fee ?? 0
      fee = whole - feeRefunded(whole, p.transaction_amount, 0, refunded)
    }
    return { fee, sellers: p.transaction_amount - refunded - fee }
  }

  return {
    name: 'mercadopago',
    extraKinds: ['fee', 'disbursement'],
    async *listMoneyMovements({ from, to }) {
      const within = (at: Date) => at >= from && at < to
      const tokens = [settings.accessToken(), ...((await settings.sellerTokens?.()) ?? [])]
      for (const token of tokens) {
        for await (const p of search(from, token)) {
          const paidAt = new Date(p.date_approved ?? p.date_created)
          const client = p.metadata?.kind === 'client'
          if (CHARGED.has(p.status) && within(paidAt)) {
            yield { kind: client ? 'charge' : 'plan_charge', id: String(p.id), amountClp: p.transaction_amount, at: paidAt }
            if (client) {
              const { fee, sellers } = await split(p)
              yield { kind: 'fee', id: String(p.id), amountClp: fee, at: paidAt }
              yield { kind: 'disbursement', id: String(p.id), amountClp: sellers, at: paidAt }
            }
          }
          // A lost chargeback (settled against the sellers) takes back what was not refunded yet.
          if (client && p.status === 'charged_back' && p.status_detail === 'settled' && within(new Date(p.date_last_updated)))
            yield {
              kind: 'dispute',
              id: `chargeback:${p.id}`,
              amountClp: p.transaction_amount - (p.transaction_amount_refunded ?? 0),
              at: new Date(p.date_last_updated),
            }
          const refunds = (p.refunds ?? []).filter((r) => r.status === 'approved')
          if (client && p.order?.type === 'advanced_payment') {
            // A split payment is refunded per disbursement: compared per payment, as the ledger books one refund for them all.
            if (refunds.length === 0) continue
            const at = new Date(Math.min(...refunds.map((r) => Date.parse(r.date_created))))
            if (within(at)) yield { kind: 'refund', id: `${p.id}:split`, amountClp: refunds.reduce((sum, r) => sum + r.amount, 0), at }
            continue
          }
          for (const r of refunds) {
            const at = new Date(r.date_created)
            if (within(at)) yield { kind: client ? 'refund' : 'plan_refund', id: String(r.id), amountClp: r.amount, at }
          }
        }
      }
    },
  }
}
