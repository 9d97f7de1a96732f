import { randomUUID } from 'node:crypto'
import {
  CARD_SUBSCRIPTION_PREFIX,
  PaymentMethodNotBuiltError,
  WebhookSignatureError,
  type CardCharges,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderEvent,
} from '../types.ts'
import { MercadoPagoApiError, mercadoPagoClient } from './client.ts'
import { refundCharge, type MercadoPagoChargeback, type MercadoPagoPayment } from './client-charges.ts'
import { verifyNotificationSignature } from './signature.ts'
import {
  createPlanPreapproval,
  fetchPreapproval,
  setPreapprovalStatus,
  toProviderSubscription,
  type MercadoPagoPreapproval,
} from './subscriptions.ts'

export interface MercadoPagoProviderSettings {
  /** The platform's own access token: the trainers' plan subscriptions belong to the platform's account. */
  accessToken: () => string
  webhookSecret: string
  /** A getter: in sandbox mode the fake's port is known only once it listens. */
  baseUrl: () => string
  timeoutMs: number
  /** Our web app: the pages that stand in for a hosted billing portal and payout onboarding. */
  appUrl: string
  /** Client payments are charges of ours on a card (decision 249). */
  cardCharges: CardCharges
  /** A linked seller's working access token by their Mercado Pago user id (refreshed as needed); null: not linked. */
  sellerToken: (collectorId: string) => Promise<string | null>
  fetch?: typeof fetch
}

/** Where the card form returns for a client's first payment (client-billing/card-routes.ts). */
const CARD_CHECKOUT_PATH = '/card-payments/checkouts'

/** A subscription's charge (`GET /authorized_payments/{id}`, the fields we read). */
export interface MercadoPagoAuthorizedPayment {
  id: number
  preapproval_id: string
  /** processed: its payment went through; recycling: declined, Mercado Pago retries; cancelled: no more retries. */
  status: 'scheduled' | 'processed' | 'recycling' | 'cancelled'
  debit_date: string
  last_modified?: string
  transaction_amount: number
  currency_id: string
  payment?: { id: number; status: string; status_detail?: string } | null
}

/** Where Mercado Pago's own billing page stands in for a portal: the trainer's plan on our account page. */
export const PLAN_PAGE_PATH = '/cuenta'
/** The client's own subscriptions page: card and cancellation of a client subscription. */
export const CLIENT_PAGE_PATH = '/mi-suscripcion'
/** The page that offers to link a payout account (the onboarding page, decision 213). */
export const LINK_PAGE_PATH = '/auth/stripe/onboarding'

const placeholder = /\{CHECKOUT_SESSION_ID\}|%7BCHECKOUT_SESSION_ID%7D/

/**
 * The Mercado Pago payment provider (decision 228): the trainer's platform plan as a preapproval
 * on the platform's account, notifications verified and re-fetched, payout accounts linked by
 * OAuth (`payoutLinkingFor`). Client payments are charges of ours on a card, split at the source
 * (decision 249, `cardChargesFor`): their checkout is the card form, their notifications are read
 * here. The configuration keeps this provider out of production until our Card Payment Brick page exists.
 */
export function mercadoPagoProvider(settings: MercadoPagoProviderSettings): PaymentProvider {
  const client = () => mercadoPagoClient({ baseUrl: settings.baseUrl(), timeoutMs: settings.timeoutMs, fetch: settings.fetch })
  const token = () => settings.accessToken()
  const notBuilt = (method: string) => async (): Promise<never> => {
    throw new PaymentMethodNotBuiltError('mercadopago', method)
  }

  const at = (p: { last_modified?: string; date_created?: string }) =>
    new Date(Date.parse(p.last_modified ?? p.date_created ?? '') || Date.now())

  /** The preapproval's state as an event: the checkout completes (once) or the subscription changes (ordered by last_modified). */
  function preapprovalEvent(id: string, type: string, p: MercadoPagoPreapproval): ProviderEvent {
    if (p.status === 'pending') return { id, type, at: at(p), kind: 'ignored' }
    const subscription = toProviderSubscription(p)
    const charged = (p.summarized?.charged_quantity ?? 0) > 0
    // The checkout id is the preapproval's: completing an already complete one applies the change instead.
    return {
      id,
      type,
      at: at(p),
      kind: 'checkout.completed',
      sessionId: p.id,
      paymentStatus: charged ? 'paid' : 'no_payment_required',
      subscription,
    }
  }

  /**
   * A charge notification, read against the subscription as it is now. A paid charge while the
   * subscription is in good standing → invoice.paid with the current period end (a late one too:
   * its charge is recorded once by its id, and the state it sets is today's). The latest charge
   * declined while Mercado Pago retries → invoice.failed. Anything else (a paid charge delivered
   * after a later decline, a decline after a recovery) → the subscription's current state only;
   * such a paid charge is left to reconciliation.
   */
  function chargeEvent(id: string, type: string, charge: MercadoPagoAuthorizedPayment, p: MercadoPagoPreapproval): ProviderEvent {
    const lastPaid = p.summarized?.last_charged_date ? Date.parse(p.summarized.last_charged_date) : null
    const debit = Date.parse(charge.debit_date)
    const retrying = p.summarized?.semaphore === 'yellow' || p.summarized?.semaphore === 'red'
    const paid = charge.status === 'processed' && charge.payment?.status === 'approved'
    const when = at(p)
    if (paid && p.status === 'authorized' && !retrying)
      return {
        id,
        type,
        at: when,
        kind: 'invoice.paid',
        subscriptionId: p.id,
        periodEnd: p.next_payment_date ? new Date(p.next_payment_date) : null,
        invoiceId: String(charge.id),
        chargeId: charge.payment ? String(charge.payment.id) : null,
        amountPaid: charge.transaction_amount,
        // The charge's own date: a notification delivered late is still that month's payment (its boleta, reconcile).
        paidAt: new Date(Date.parse(charge.debit_date) || when.getTime()),
      }
    if (!paid && charge.status === 'recycling' && p.status === 'authorized' && retrying && (lastPaid === null || lastPaid < debit))
      return { id, type, at: when, kind: 'invoice.failed', subscriptionId: p.id }
    return { id, type, at: when, kind: 'subscription.changed', subscription: toProviderSubscription(p) }
  }

  /**
   * A client payment, read again (decision 249): approved → invoice.paid with what our metadata
   * names (its subscription, period, invitation and the account it landed on); a seller payment's
   * refunds → charge.refunded by Mercado Pago's refund ids (the ids our refund call answered). A
   * split payment's refunds are booked only by us when we make them, per disbursement: its
   * notification books nothing (a refund made elsewhere shows in ledger:reconcile).
   */
  function paymentEvent(id: string, type: string, p: MercadoPagoPayment): ProviderEvent {
    const md = p.metadata ?? {}
    const when = new Date(Date.parse(p.date_last_updated ?? p.date_created) || Date.now())
    if (md.kind !== 'client' || typeof md.subscription_id !== 'string') return { id, type, at: when, kind: 'ignored' }
    const refunds = (p.refunds ?? []).filter((r) => r.status === undefined || r.status === 'approved')
    if (refunds.length > 0) {
      if (p.order?.type === 'advanced_payment') return { id, type, at: when, kind: 'ignored' }
      return {
        id,
        type,
        at: when,
        kind: 'charge.refunded',
        chargeId: String(p.id),
        refunds: refunds.map((r) => ({ id: String(r.id), amount: r.amount })),
      }
    }
    if (p.status !== 'approved') return { id, type, at: when, kind: 'ignored' }
    return {
      id,
      type,
      at: when,
      kind: 'invoice.paid',
      subscriptionId: md.subscription_id,
      periodEnd: typeof md.period_end === 'string' ? new Date(md.period_end) : null,
      invoiceId: String(p.id),
      chargeId: String(p.id),
      amountPaid: p.transaction_amount,
      paidAt: new Date(Date.parse(p.date_approved ?? '') || when.getTime()),
      account: typeof md.account === 'string' ? md.account : null,
      metadata: { kind: 'client', ...(typeof md.invitation_id === 'string' ? { invitationId: md.invitation_id } : {}) },
    }
  }

  /** A chargeback, read again with its payment: its state and evidence deadline; lost (settled against the sellers) moves the money back. */
  async function chargebackEvent(id: string, type: string, cb: MercadoPagoChargeback, accessToken: string): Promise<ProviderEvent> {
    const paymentId = cb.payments[0]
    const when = new Date(Date.parse(cb.date_last_updated ?? cb.date_created) || Date.now())
    if (paymentId === undefined) return { id, type, at: when, kind: 'ignored' }
    const p = await client().get<MercadoPagoPayment>(`/v1/payments/${encodeURIComponent(String(paymentId))}`, { accessToken })
    const status =
      p.status === 'charged_back' && p.status_detail === 'settled' && cb.coverage_applied !== true
        ? 'lost'
        : cb.coverage_applied === true || p.status_detail === 'reimbursed'
          ? 'won'
          : 'open'
    // Mercado Pago opens at most one chargeback per payment: named by the payment, reconciliation finds it from the payment alone.
    return {
      id,
      type,
      at: when,
      kind: 'dispute.changed',
      disputeId: `chargeback:${paymentId}`,
      reference: String(cb.id),
      chargeId: String(paymentId),
      amount: cb.amount,
      status,
      evidenceDueBy: cb.date_documentation_deadline ? new Date(cb.date_documentation_deadline) : null,
    }
  }

  async function eventOf(id: string, type: string, dataId: string, userId: string | null): Promise<ProviderEvent> {
    // A seller's resource is read with the seller's token; the platform's (and split payments) with ours.
    const readToken = async () => (userId ? await settings.sellerToken(userId) : null) ?? token()
    switch (type) {
      case 'payment':
        return paymentEvent(
          id,
          type,
          await client().get<MercadoPagoPayment>(`/v1/payments/${encodeURIComponent(dataId)}`, { accessToken: await readToken() }),
        )
      case 'chargebacks': {
        const accessToken = await readToken()
        const cb = await client().get<MercadoPagoChargeback>(`/v1/chargebacks/${encodeURIComponent(dataId)}`, { accessToken })
        return chargebackEvent(id, type, cb, accessToken)
      }
      case 'subscription_preapproval':
        return preapprovalEvent(id, type, await fetchPreapproval(client(), token(), dataId))
      case 'subscription_authorized_payment': {
        const charge = await client().get<MercadoPagoAuthorizedPayment>(`/authorized_payments/${encodeURIComponent(dataId)}`, {
          accessToken: token(),
        })
        return chargeEvent(id, type, charge, await fetchPreapproval(client(), token(), charge.preapproval_id))
      }
      default:
        return { id, type, at: new Date(), kind: 'ignored' }
    }
  }

  return {
    name: 'mercadopago',

    async createCheckout(input) {
      // Each checkout is its own attempt: a retried HTTP call replays, a new click creates a new one.
      const created = await createPlanPreapproval(client(), token(), input, randomUUID())
      // Mercado Pago fills no placeholder in back_url: our success page needs the checkout id, known only now.
      if (placeholder.test(input.successUrl)) {
        await client().put(`/preapproval/${encodeURIComponent(created.id)}`, {
          accessToken: token(),
          idempotencyKey: `plan-preapproval-back-url:${created.id}`,
          body: { back_url: input.successUrl.replace(new RegExp(placeholder, 'g'), encodeURIComponent(created.id)) },
        })
      }
      return created
    },

    async fetchCheckout(id): Promise<ProviderCheckout | null> {
      let p: MercadoPagoPreapproval
      try {
        p = await fetchPreapproval(client(), token(), id)
      } catch (err) {
        if (err instanceof MercadoPagoApiError && err.status === 404) return null
        throw err
      }
      if (p.status === 'pending') return { status: 'open', paymentStatus: 'unpaid', subscription: null }
      // Cancelled before any charge: the checkout went nowhere (or the trial was dropped before we heard of it).
      if (p.status === 'cancelled' && !(p.summarized?.charged_quantity ?? 0))
        return { status: 'expired', paymentStatus: 'unpaid', subscription: null }
      const charged = (p.summarized?.charged_quantity ?? 0) > 0
      return { status: 'complete', paymentStatus: charged ? 'paid' : 'no_payment_required', subscription: toProviderSubscription(p) }
    },

    // No hosted portal: card and cancellation are on our own page.
    createPortal: async () => ({ url: `${settings.appUrl}${PLAN_PAGE_PATH}` }),

    // Payout accounts are linked by OAuth (payoutLinkingFor), not onboarded: the account is the link, its page ours.
    createPayoutAccount: async ({ userId }) => ({ accountId: `link:${userId}` }),
    createOnboardingLink: async () => ({ url: `${settings.appUrl}${LINK_PAGE_PATH}` }),
    // Readiness is the link's (payout-links/readiness.ts), not a remote account's.
    fetchPayoutAccount: async () => null,

    /**
     * Mercado Pago cannot end a free trial early, so a trial this person already had is not kept:
     * the repeated subscription is cancelled (they keep the one that claimed the trial).
     */
    async endTrial(subscriptionId) {
      await setPreapprovalStatus(client(), token(), subscriptionId, 'cancelled', `end-repeated-trial:${subscriptionId}`)
    },

    async parseWebhook(rawBody, headers) {
      let body: { id?: unknown; type?: unknown; topic?: unknown; action?: unknown; user_id?: unknown; data?: { id?: unknown } }
      try {
        body = JSON.parse(rawBody.toString('utf8'))
      } catch {
        throw new WebhookSignatureError('body is not JSON')
      }
      // The signature covers data.id: the body's equals the query's that Mercado Pago signs, or verification fails.
      const dataId = body.data?.id !== undefined && body.data.id !== null ? String(body.data.id) : null
      const { requestId } = verifyNotificationSignature({ secret: settings.webhookSecret, headers, dataId })
      const type = String(body.type ?? body.topic ?? '')
      // A notification's id is kept by its retries: a duplicate is recorded once.
      const id = body.id !== undefined ? `mp:${String(body.id)}` : `mp:${type}:${dataId}:${requestId ?? ''}`
      if (!dataId || !/^[\w-]{1,64}$/.test(dataId)) return { id, type, at: new Date(), kind: 'ignored' }
      // A trigger only: the resource is read again, so a forged or stale body never decides anything.
      try {
        const userId = typeof body.user_id === 'number' || typeof body.user_id === 'string' ? String(body.user_id) : null
        return await eventOf(id, type, dataId, userId && /^\d{1,20}$/.test(userId) ? userId : null)
      } catch (err) {
        // Not a resource of ours (another application's, or deleted): nothing to apply.
        if (err instanceof MercadoPagoApiError && err.status === 404) return { id, type, at: new Date(), kind: 'ignored' }
        throw err
      }
    },

    /** The operator's replay: the resource read again, under an id of its own (applying it is idempotent by the resource's ids). */
    async replay({ kind, id }) {
      const topic = kind === 'dispute' ? 'chargebacks' : 'payment'
      if (!/^\d{1,20}$/.test(id)) return { id: `mp-replay:${topic}:${id}`, type: topic, at: new Date(), kind: 'ignored' }
      return eventOf(`mp-replay:${topic}:${id}:${Date.now()}`, topic, id, null)
    },

    // Mercado Pago reports every change by notification (and the redirect re-reads it): the row as stored.
    subscriptionAt: (sub) => sub,

    clients: {
      /**
       * The client's first payment is a charge of ours (decision 249): the checkout is our id and
       * its page the card form, which returns to our route with a card token; that route charges.
       */
      async createCheckout(input) {
        const id = `mpco_${randomUUID()}`
        const url = settings.cardCharges.cardFormUrl({
          amountClp: input.offer.priceClp,
          description: input.offer.title,
          returnUrl: `${settings.appUrl}${CARD_CHECKOUT_PATH}/${id}`,
        })
        return { id, url }
      },
      // Card and cancellation are on our own page: there is no hosted portal.
      createPortal: async () => ({ url: `${settings.appUrl}${CLIENT_PAGE_PATH}` }),
      async cancelSubscription({ subscriptionId, accountId }) {
        // A client subscription is ours: its renewals stop with our row, nothing to cancel at Mercado Pago.
        if (subscriptionId.startsWith(CARD_SUBSCRIPTION_PREFIX)) return
        if (accountId !== null) throw new PaymentMethodNotBuiltError('mercadopago', 'clients.cancelSubscription on a linked account')
        try {
          await setPreapprovalStatus(client(), token(), subscriptionId, 'cancelled', `cancel:${subscriptionId}`)
        } catch (err) {
          // Already cancelled (by Mercado Pago after its retries, or an earlier call): the goal is reached.
          if (err instanceof MercadoPagoApiError && err.status === 400 && /cancelled/i.test(err.message)) return
          throw err
        }
      },
      async refund({ paymentId, amountClp, accountId, idempotencyKey }) {
        if (!Number.isInteger(amountClp) || amountClp <= 0) throw new RangeError('a refund is a positive whole number of pesos')
        if (accountId !== null) {
          // A client payment: on the trainer's account, or split by disbursements (each gives back its part).
          const seller = await settings.sellerToken(accountId)
          return refundCharge(client(), { platform: token(), seller }, { paymentId, amountClp, key: idempotencyKey })
        }
        const made = await client().post<{ id: number }>(`/v1/payments/${encodeURIComponent(paymentId)}/refunds`, {
          accessToken: token(),
          idempotencyKey,
          body: { amount: amountClp },
        })
        return { refundId: String(made.id) }
      },
      // Mercado Pago splits at the source (decision 249): nothing is ever transferred afterwards.
      transfer: notBuilt('clients.transfer'),
      reverseTransfer: notBuilt('clients.reverseTransfer'),
    },
  }
}
