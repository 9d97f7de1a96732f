import { randomUUID } from 'node:crypto'
import {
  PaymentMethodNotBuiltError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderEvent,
} from '../types.ts'
import { MercadoPagoApiError, mercadoPagoClient } from './client.ts'
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
  fetch?: typeof fetch
}

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
/** The page that offers to link a payout account (the onboarding page, decision 213). */
export const LINK_PAGE_PATH = '/auth/stripe/onboarding'

const placeholder = /\{CHECKOUT_SESSION_ID\}|%7BCHECKOUT_SESSION_ID%7D/

/**
 * The Mercado Pago payment provider (decision 228): the trainer's platform plan as a preapproval
 * on the platform's account, notifications verified and re-fetched, payout accounts linked by
 * OAuth (`payoutLinkingFor`). Client charges with the split are a later slice: those methods throw
 * PaymentMethodNotBuiltError, and the configuration keeps this provider out of production.
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

  async function eventOf(id: string, type: string, dataId: string): Promise<ProviderEvent> {
    switch (type) {
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
      let body: { id?: unknown; type?: unknown; topic?: unknown; action?: unknown; data?: { id?: unknown } }
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
        return await eventOf(id, type, dataId)
      } catch (err) {
        // Not a resource of ours (another application's, or deleted): nothing to apply.
        if (err instanceof MercadoPagoApiError && err.status === 404) return { id, type, at: new Date(), kind: 'ignored' }
        throw err
      }
    },

    // Mercado Pago reports every change by notification (and the redirect re-reads it): the row as stored.
    subscriptionAt: (sub) => sub,

    clients: {
      createCheckout: notBuilt('clients.createCheckout'),
      createPortal: notBuilt('clients.createPortal'),
      async cancelSubscription({ subscriptionId, accountId }) {
        // The platform's own subscriptions (the trainer's plan) live on the platform account; a client's on a seller's are a later slice.
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
        if (accountId !== null) throw new PaymentMethodNotBuiltError('mercadopago', 'clients.refund on a linked account')
        if (!Number.isInteger(amountClp) || amountClp <= 0) throw new RangeError('a refund is a positive whole number of pesos')
        const made = await client().post<{ id: number }>(`/v1/payments/${encodeURIComponent(paymentId)}/refunds`, {
          accessToken: token(),
          idempotencyKey,
          body: { amount: amountClp },
        })
        return { refundId: String(made.id) }
      },
      // Mercado Pago splits at the source (disbursements): no transfers afterwards. The split slice builds that path.
      transfer: notBuilt('clients.transfer'),
      reverseTransfer: notBuilt('clients.reverseTransfer'),
    },
  }
}
