import Stripe from 'stripe'
import { stripeSdk } from './sdk.ts'
import type { Config } from '../../../config.ts'
import {
  TransferRefusedError,
  WebhookSignatureError,
  type ClientPayments,
  type PaymentProvider,
  type ProviderSubscription,
  type WebhookHeaders,
} from '../types.ts'

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
    cancelledAt: date(sub.canceled_at),
  }
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null)
}

export function stripeProvider(config: Config): PaymentProvider {
  const stripe = stripeSdk(config)
  const secret = config.STRIPE_WEBHOOK_SECRET!

  const fetchSubscription = async (id: string | null, account?: string | null) =>
    id
      ? toProviderSubscription(
          await (account ? stripe.subscriptions.retrieve(id, {}, { stripeAccount: account }) : stripe.subscriptions.retrieve(id)),
        )
      : null

  /**
   * The charge an invoice was paid with: what a refund names and what charge.refunded reports.
   * Events render the invoice without its includable `payments` (API 2025-03-31 on), so a paid
   * invoice without it is asked for: its payment, then the payment intent's latest charge. An
   * outage throws (the webhook answers 503 and Stripe delivers it again); an unknown one is null.
   */
  const invoiceChargeId = async (invoice: Stripe.Invoice, account: string | null) => {
    const legacyCharge = (invoice as unknown as { charge?: string | { id: string } | null }).charge
    const known = idOf(invoice.payments?.data?.[0]?.payment?.charge ?? legacyCharge ?? null)
    if (known || !invoice.id || !(invoice.amount_paid > 0)) return known
    const opts = account ? { stripeAccount: account } : undefined
    try {
      const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 1 }, opts)
      const payment = payments.data[0]?.payment
      const charge = idOf(payment?.charge ?? null)
      const intent = idOf(payment?.payment_intent ?? null)
      if (charge || !intent) return charge
      return idOf((await stripe.paymentIntents.retrieve(intent, {}, opts)).latest_charge ?? null)
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return null
      throw err
    }
  }

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
        success_url: successUrl.replaceAll('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
        cancel_url: cancelUrl,
      })
      if (!session.url) throw new Error('Stripe returned a checkout session without url')
      return { id: session.id, url: session.url }
    },
    // Stripe reports every change by webhook: the stored row is current.
    subscriptionAt: (sub) => sub,
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
    async parseWebhook(rawBody: Buffer, headers: WebhookHeaders) {
      const signature = headers['stripe-signature']
      let event: Stripe.Event
      try {
        if (typeof signature !== 'string') throw new Error('missing signature')
        event = stripe.webhooks.constructEvent(rawBody, signature, secret)
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message)
      }
      const base = { id: event.id, type: event.type, at: new Date(event.created * 1000) }
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
          return {
            ...base,
            kind: 'invoice.paid',
            subscriptionId,
            periodEnd: date(invoice.lines?.data?.[0]?.period?.end),
            invoiceId: invoice.id ?? undefined,
            chargeId: await invoiceChargeId(invoice, event.account ?? null),
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
    /**
     * The operator's replay (decision 250) on the platform's account: a charge's refunds, or a
     * dispute, read again and reduced as their events are (booked once by the refund or dispute id).
     */
    async replay({ kind, id }) {
      const base = { id: `stripe-replay:${kind}:${id}:${Date.now()}`, type: `replay.${kind}`, at: new Date() }
      if (kind === 'dispute') {
        const dispute = await stripe.disputes.retrieve(id)
        const chargeId = idOf(dispute.charge)
        if (!chargeId) return { ...base, kind: 'ignored' }
        return { ...base, kind: 'charge.disputed', disputeId: dispute.id, chargeId, amount: dispute.amount }
      }
      const refunds = await stripe.refunds.list({ charge: id, limit: 100 })
      return { ...base, kind: 'charge.refunded', chargeId: id, refunds: refunds.data.map((r) => ({ id: r.id, amount: r.amount })) }
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
          success_url: input.successUrl.replaceAll('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
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
    async reverseTransfer({ transferId, amountClp, idempotencyKey }) {
      try {
        const reversal = await stripe.transfers.createReversal(transferId, { amount: amountClp }, { idempotencyKey })
        return { reversalId: reversal.id }
      } catch (err) {
        // Stripe answers 400 when the connected account's balance cannot cover the reversal.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new TransferRefusedError(err.message)
        throw err
      }
    },
  }
}
