import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import Stripe from 'stripe'
import { brand } from '../brand.ts'
import type { Config } from '../config.ts'
import { sandboxProvider } from '../modules/sandbox/service.ts'

/** A subscription as every provider reports it. */
export interface ProviderSubscription {
  id: string
  customerId: string | null
  status: 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused'
  trialEnd: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  canceledAt: Date | null
}

export interface ProviderCheckout {
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required'
  subscription: ProviderSubscription | null
}

export interface CheckoutInput {
  userId: string
  customerEmail: string
  /** The provider customer of this user's earlier subscription, reused so one person is one customer. */
  customerId?: string | null
  /** 0: no free trial (this person had one); the first period is charged at checkout. */
  trialDays: number
  plan: { id: string; key: string; title: string; priceClp: number | null }
  successUrl: string
  cancelUrl: string
}

/** A provider event, already verified and reduced to what the platform reacts to. */
export type ProviderEvent = { id: string; type: string } & (
  | {
      kind: 'checkout.completed'
      sessionId: string
      paymentStatus: ProviderCheckout['paymentStatus']
      subscription: ProviderSubscription | null
      account?: string | null
      metadata?: Record<string, string>
    }
  | { kind: 'subscription.changed'; subscription: ProviderSubscription }
  | {
      kind: 'invoice.paid'
      subscriptionId: string
      periodEnd: Date | null
      invoiceId?: string
      chargeId?: string | null
      amountPaid?: number
      account?: string | null
      metadata?: Record<string, string>
    }
  | { kind: 'invoice.failed'; subscriptionId: string }
  | { kind: 'charge.refunded'; chargeId: string; refunds: { id: string; amount: number }[] }
  | { kind: 'charge.disputed'; disputeId: string; chargeId: string; amount: number }
  | { kind: 'account.updated'; accountId: string; chargesEnabled: boolean; detailsSubmitted: boolean }
  | { kind: 'ignored' }
)

export class WebhookSignatureError extends Error {}

/** A client's checkout of a trainer's offer (issue 12, decision 063). */
export interface ClientCheckoutInput {
  clientUserId: string
  clientEmail: string
  offer: { id: string; title: string; priceClp: number }
  /** direct: charged on the trainer's connected account with the platform fee; platform: charged here, shares transferred. */
  chargeMode: 'direct' | 'platform'
  trainerAccountId: string | null
  platformFeeBps: number
  /** Copied onto the provider's checkout and subscription: the webhook finds our rows by it. */
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
}

/** What client billing asks of a provider; the sandbox's side lives in this database. */
export interface ClientPayments {
  createCheckout(input: ClientCheckoutInput): Promise<{ id: string; url: string }>
  createPortal(input: {
    clientUserId: string
    customerId: string | null
    accountId: string | null
    returnUrl: string
  }): Promise<{ url: string }>
  cancelSubscription(input: { subscriptionId: string; accountId: string | null; atPeriodEnd: boolean }): Promise<void>
  refund(input: { paymentId: string; amountClp: number; accountId: string | null; idempotencyKey: string }): Promise<{ refundId: string }>
  /** Pays a share out of the platform's balance to a connected account; null: nothing moves (sandbox). */
  transfer(input: {
    amountClp: number
    destination: string
    sourcePaymentId: string
    idempotencyKey: string
  }): Promise<{ transferId: string } | null>
}

/** What a provider's billing engine moves on its own: a period's status and end. */
export type SubscriptionPeriod = Pick<ProviderSubscription, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'canceledAt'>

/**
 * Checkout, billing portal and payout onboarding behind one interface: the built-in sandbox
 * (pages on this server, no keys; modules/sandbox) or Stripe. The billing and connect services
 * store what a provider reports; a provider keeps only its own side (for the sandbox, its
 * portal and onboarding links and its renewals, in this database).
 */
export interface PaymentProvider {
  /** Stored with every row it creates: a row of another provider means nothing to this one. */
  readonly name: 'sandbox' | 'stripe'
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>
  /** The provider's current view of a checkout; null when this server is the source of truth (sandbox). */
  fetchCheckout(id: string): Promise<ProviderCheckout | null>
  createPortal(input: { userId: string; customerId: string | null; returnUrl: string }): Promise<{ url: string }>
  createPayoutAccount(input: { userId: string; email: string; country: string }): Promise<{ accountId: string }>
  createOnboardingLink(input: { userId: string; accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>
  fetchPayoutAccount(accountId: string): Promise<{ chargesEnabled: boolean; detailsSubmitted: boolean } | null>
  /** Ends a subscription's trial now (the first period is charged). Absent: the provider has no remote trials. */
  endTrial?(subscriptionId: string): Promise<void>
  /** Verifies the signature and reduces the event; throws WebhookSignatureError. Absent: no webhooks. */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>
  /**
   * A stored subscription as the provider sees it at `now` (renewed or ended), without writing.
   * Absent: stored rows are current (the provider reports every change by webhook).
   */
  subscriptionAt?<T extends SubscriptionPeriod>(sub: T, now: number): T
  /** Trainers charging their clients (issue 12). */
  readonly clients: ClientPayments
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider
  }
}

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  // Since API 2025-03-31 the period lives on the items; older payloads keep it on the subscription.
  const legacyPeriodEnd = (sub as unknown as { current_period_end?: number }).current_period_end
  const itemPeriodEnd = sub.items?.data?.[0]?.current_period_end
  return {
    id: sub.id,
    customerId: idOf(sub.customer),
    status: sub.status,
    trialEnd: date(sub.trial_end),
    currentPeriodEnd: date(itemPeriodEnd ?? legacyPeriodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: date(sub.canceled_at),
  }
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null)
}

export function stripeProvider(config: Config): PaymentProvider {
  const stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: brand.slug },
  })
  const secret = config.STRIPE_WEBHOOK_SECRET!

  const fetchSubscription = async (id: string | null, account?: string | null) =>
    id
      ? toProviderSubscription(
          await (account ? stripe.subscriptions.retrieve(id, {}, { stripeAccount: account }) : stripe.subscriptions.retrieve(id)),
        )
      : null

  return {
    name: 'stripe',
    clients: stripeClientPayments(stripe),
    async createCheckout({ userId, customerEmail, customerId, trialDays, plan, successUrl, cancelUrl }) {
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem =
        plan.key === 'starter' && config.STRIPE_PRICE_STARTER
          ? { price: config.STRIPE_PRICE_STARTER, quantity: 1 }
          : {
              quantity: 1,
              price_data: {
                currency: 'clp',
                unit_amount: plan.priceClp ?? 0,
                recurring: { interval: 'month' },
                product_data: { name: plan.title },
              },
            }
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [lineItem],
        ...(customerId ? { customer: customerId } : { customer_email: customerEmail }),
        client_reference_id: userId,
        metadata: { userId, planId: plan.id },
        // No trial_period_days for someone who already had a trial: Stripe charges the first month now.
        subscription_data: { ...(trialDays > 0 ? { trial_period_days: trialDays } : {}), metadata: { userId, planId: plan.id } },
        success_url: successUrl.replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
        cancel_url: cancelUrl,
      })
      if (!session.url) throw new Error('Stripe returned a checkout session without url')
      return { id: session.id, url: session.url }
    },
    async endTrial(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { trial_end: 'now' })
    },
    async fetchCheckout(id) {
      const session = await stripe.checkout.sessions.retrieve(id)
      return {
        status: session.status ?? 'open',
        paymentStatus: session.payment_status,
        subscription: session.status === 'complete' ? await fetchSubscription(idOf(session.subscription)) : null,
      }
    },
    async createPortal({ customerId, returnUrl }) {
      if (!customerId) throw new Error('no Stripe customer for this subscription')
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
      return { url: portal.url }
    },
    async createPayoutAccount({ userId, email, country }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country,
          email,
          capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey: `payout-account-${userId}` },
      )
      return { accountId: account.id }
    },
    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        return_url: returnUrl,
        refresh_url: refreshUrl,
        type: 'account_onboarding',
      })
      return { url: link.url }
    },
    async fetchPayoutAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId)
      return { chargesEnabled: account.charges_enabled, detailsSubmitted: account.details_submitted }
    },
    async parseWebhook(rawBody, signature) {
      let event: Stripe.Event
      try {
        if (!signature) throw new Error('missing signature')
        event = stripe.webhooks.constructEvent(rawBody, signature, secret)
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message)
      }
      const base = { id: event.id, type: event.type }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object
          if (session.mode !== 'subscription') return { ...base, kind: 'ignored' }
          return {
            ...base,
            kind: 'checkout.completed',
            sessionId: session.id,
            paymentStatus: session.payment_status,
            subscription: await fetchSubscription(idOf(session.subscription), event.account),
            account: event.account ?? null,
            metadata: { ...(session.metadata ?? {}) },
          }
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed':
          return { ...base, kind: 'subscription.changed', subscription: toProviderSubscription(event.data.object) }
        case 'invoice.paid': {
          const invoice = event.data.object
          const subscriptionId = invoiceSubscriptionId(invoice)
          if (!subscriptionId) return { ...base, kind: 'ignored' }
          const legacyCharge = (invoice as unknown as { charge?: string | { id: string } | null }).charge
          const payment = invoice.payments?.data?.[0]?.payment
          return {
            ...base,
            kind: 'invoice.paid',
            subscriptionId,
            periodEnd: date(invoice.lines?.data?.[0]?.period?.end),
            invoiceId: invoice.id ?? undefined,
            chargeId: idOf(payment?.charge ?? legacyCharge ?? null),
            amountPaid: invoice.amount_paid,
            account: event.account ?? null,
            metadata: { ...(invoice.parent?.subscription_details?.metadata ?? {}) },
          }
        }
        case 'invoice.payment_failed': {
          const subscriptionId = invoiceSubscriptionId(event.data.object)
          if (!subscriptionId) return { ...base, kind: 'ignored' }
          return { ...base, kind: 'invoice.failed', subscriptionId }
        }
        case 'charge.refunded': {
          const charge = event.data.object
          const refunds = (charge.refunds?.data ?? []).map((r) => ({ id: r.id, amount: r.amount }))
          return { ...base, kind: 'charge.refunded', chargeId: charge.id, refunds }
        }
        case 'charge.dispute.created': {
          const dispute = event.data.object
          const chargeId = idOf(dispute.charge)
          if (!chargeId) return { ...base, kind: 'ignored' }
          return { ...base, kind: 'charge.disputed', disputeId: dispute.id, chargeId, amount: dispute.amount }
        }
        case 'account.updated': {
          const account = event.data.object
          return {
            ...base,
            kind: 'account.updated',
            accountId: account.id,
            chargesEnabled: account.charges_enabled,
            detailsSubmitted: account.details_submitted,
          }
        }
        default:
          return { ...base, kind: 'ignored' }
      }
    },
  }
}

/** Decision 063: direct charges with an application fee (independent trainer); platform charges and transfers (gym trainer). */
function stripeClientPayments(stripe: Stripe): ClientPayments {
  // The SDK refuses an empty options object: pass one only for a connected account.
  const on = (accountId: string | null) => (accountId ? { stripeAccount: accountId } : undefined)
  return {
    async createCheckout(input) {
      const direct = input.chargeMode === 'direct'
      if (direct && !input.trainerAccountId) throw new Error("a direct charge needs the trainer's connected account")
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer_email: input.clientEmail,
          client_reference_id: input.clientUserId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'clp',
                unit_amount: input.offer.priceClp,
                recurring: { interval: 'month' },
                product_data: { name: input.offer.title },
              },
            },
          ],
          metadata: input.metadata,
          subscription_data: {
            metadata: input.metadata,
            // Stripe keeps the platform's fee from each invoice of the connected account.
            ...(direct ? { application_fee_percent: input.platformFeeBps / 100 } : {}),
          },
          success_url: input.successUrl.replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
          cancel_url: input.cancelUrl,
        },
        on(direct ? input.trainerAccountId : null),
      )
      if (!session.url) throw new Error('Stripe returned a checkout session without url')
      return { id: session.id, url: session.url }
    },
    async createPortal({ customerId, accountId, returnUrl }) {
      if (!customerId) throw new Error('no Stripe customer for this subscription')
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, on(accountId))
      return { url: portal.url }
    },
    async cancelSubscription({ subscriptionId, accountId, atPeriodEnd }) {
      if (atPeriodEnd) await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, on(accountId))
      else await stripe.subscriptions.cancel(subscriptionId, {}, on(accountId))
    },
    async refund({ paymentId, amountClp, accountId, idempotencyKey }) {
      // On a direct charge the platform's fee is refunded in the same proportion.
      const refund = await stripe.refunds.create(
        { charge: paymentId, amount: amountClp, ...(accountId ? { refund_application_fee: true } : {}) },
        { ...on(accountId), idempotencyKey },
      )
      return { refundId: refund.id }
    },
    async transfer({ amountClp, destination, sourcePaymentId, idempotencyKey }) {
      const transfer = await stripe.transfers.create(
        { amount: amountClp, currency: 'clp', destination, source_transaction: sourcePaymentId, transfer_group: sourcePaymentId },
        { idempotencyKey },
      )
      return { transferId: transfer.id }
    },
  }
}

export default fp(
  async function payments(app: FastifyInstance) {
    const provider = app.config.STRIPE_SECRET_KEY ? stripeProvider(app.config) : sandboxProvider(app.db, app.config.APP_URL)
    app.decorate('payments', provider)
    app.log.debug({ provider: provider.name }, 'payment provider')
  },
  { name: 'payments', dependencies: ['db', 'mailer'] },
)
