import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { businesses, clientPayments, clientSubscriptions, gyms, payoutAccounts, trainers } from '../../db/schema.ts'
import type { ProviderEvent, ProviderSubscription } from '../../plugins/payments.ts'
import { accounts, recordPayment, recordRefund, recordTransfer, RefundTooLargeError } from '../ledger/service.ts'
import { completeClientCheckout, openCheckoutOf } from './client.ts'

type SubscriptionRow = typeof clientSubscriptions.$inferSelect
type PaymentRow = typeof clientPayments.$inferSelect

/** Work that calls the provider after the event's transaction committed (transfers to connected accounts). */
export interface FollowUp {
  payment: PaymentRow
}

const stateOf = (status: ProviderSubscription['status']): SubscriptionRow['state'] =>
  status === 'canceled' || status === 'incomplete_expired'
    ? 'cancelled'
    : status === 'past_due' || status === 'unpaid'
      ? 'past_due'
      : 'active'

async function clientSubscriptionOf(tx: Tx, providerSubscriptionId: string) {
  const [row] = await tx
    .select()
    .from(clientSubscriptions)
    .where(eq(clientSubscriptions.providerSubscriptionId, providerSubscriptionId))
    .limit(1)
    .for('update')
  return row
}

/**
 * A payment recorded for a client subscription. A direct charge (independent trainer) lands on
 * the trainer's connected account: the trainer's share is settled at once. A platform charge
 * (gym trainer) is paid out by transfers after the commit (FollowUp).
 */
async function paid(
  tx: Tx,
  sub: SubscriptionRow,
  input: { providerPaymentId: string; amountClp: number; periodEnd: Date | null },
): Promise<FollowUp[]> {
  const { payment, created } = await recordPayment(tx, sub, {
    providerPaymentId: input.providerPaymentId,
    amountClp: input.amountClp,
    paidAt: new Date(),
  })
  await tx
    .update(clientSubscriptions)
    .set({ state: 'active', ...(input.periodEnd ? { currentPeriodEnd: input.periodEnd } : {}) })
    .where(and(eq(clientSubscriptions.id, sub.id)))
  if (!created || sub.provider !== 'stripe') return []
  if (sub.providerAccountId) {
    await recordTransfer(tx, {
      sourceKey: `direct:${payment.id}`,
      paymentId: payment.id,
      account: accounts.trainer(sub.trainerId),
      amountClp: payment.trainerShareClp,
    })
    return []
  }
  return [{ payment }]
}

/**
 * Client-billing side of a provider event, in the transaction that records the event id (the
 * caller's), so an event is applied exactly once with its ledger entries.
 */
export async function applyClientEvent(app: FastifyInstance, tx: Tx, event: ProviderEvent): Promise<FollowUp[]> {
  switch (event.kind) {
    case 'checkout.completed': {
      if (event.metadata?.kind !== 'client' || !event.subscription) return []
      await completeClientCheckout(app, tx, event.sessionId, {
        providerSubscriptionId: event.subscription.id,
        customerId: event.subscription.customerId,
        accountId: event.account ?? null,
        currentPeriodEnd: event.subscription.currentPeriodEnd,
      })
      return []
    }
    case 'invoice.paid': {
      let sub = await clientSubscriptionOf(tx, event.subscriptionId)
      // The invoice can arrive before the checkout's own event: start the subscription from it.
      if (!sub && event.metadata?.kind === 'client' && event.metadata.invitationId) {
        const checkout = await openCheckoutOf(tx, event.metadata.invitationId)
        if (checkout) {
          await completeClientCheckout(app, tx, checkout.id, {
            providerSubscriptionId: event.subscriptionId,
            customerId: null,
            accountId: event.account ?? null,
            currentPeriodEnd: event.periodEnd,
          })
          sub = await clientSubscriptionOf(tx, event.subscriptionId)
        }
      }
      if (!sub || event.amountPaid === undefined || event.amountPaid <= 0) return []
      return paid(tx, sub, {
        providerPaymentId: event.chargeId ?? event.invoiceId ?? event.id,
        amountClp: event.amountPaid,
        periodEnd: event.periodEnd,
      })
    }
    case 'invoice.failed':
      await tx
        .update(clientSubscriptions)
        .set({ state: 'past_due' })
        .where(and(eq(clientSubscriptions.providerSubscriptionId, event.subscriptionId), eq(clientSubscriptions.state, 'active')))
      return []
    case 'subscription.changed': {
      const s = event.subscription
      await tx
        .update(clientSubscriptions)
        .set({
          state: stateOf(s.status),
          currentPeriodEnd: s.currentPeriodEnd,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          ...(s.status === 'canceled' ? { cancelledAt: s.canceledAt ?? new Date() } : {}),
        })
        .where(eq(clientSubscriptions.providerSubscriptionId, s.id))
      return []
    }
    case 'charge.refunded': {
      const [payment] = await tx.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, event.chargeId)).limit(1)
      if (!payment) return []
      for (const refund of event.refunds) {
        try {
          await recordRefund(tx, { paymentId: payment.id, providerRefundId: refund.id, amountClp: refund.amount, kind: 'refund' })
        } catch (err) {
          // The provider never refunds more than was paid; a report that says so is logged, not applied.
          if (!(err instanceof RefundTooLargeError)) throw err
          app.log.error({ chargeId: event.chargeId, refundId: refund.id }, 'refund above the payment ignored')
        }
      }
      return []
    }
    case 'charge.disputed': {
      const [payment] = await tx.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, event.chargeId)).limit(1)
      if (!payment) return []
      const amount = Math.min(event.amount, payment.amountClp - payment.refundedClp)
      if (amount > 0)
        await recordRefund(tx, { paymentId: payment.id, providerRefundId: event.disputeId, amountClp: amount, kind: 'dispute' })
      return []
    }
    default:
      return []
  }
}

/**
 * After the commit: a gym trainer's client paid the platform; the trainer's and the gym's shares
 * go to their connected accounts (separate transfers, decision 063). A failed transfer leaves the
 * share as a balance in the ledger, visible to `ledger:check`'s report, and is logged.
 */
export async function runFollowUps(app: FastifyInstance, followUps: FollowUp[]) {
  for (const { payment } of followUps) {
    const [trainer] = await app.db.select().from(trainers).where(eq(trainers.id, payment.trainerId)).limit(1)
    const [trainerAccount] = trainer?.userId
      ? await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, trainer.userId)).limit(1)
      : []
    const [gym] = payment.gymId
      ? await app.db
          .select({ account: businesses.paymentAccountId })
          .from(gyms)
          .innerJoin(businesses, eq(businesses.ownerId, gyms.ownerId))
          .where(eq(gyms.id, payment.gymId))
          .limit(1)
      : []
    const legs = [
      {
        party: 'trainer',
        account: accounts.trainer(payment.trainerId),
        destination: trainerAccount?.providerAccountId,
        amount: payment.trainerShareClp,
      },
      ...(payment.gymId
        ? [{ party: 'gym', account: accounts.gym(payment.gymId), destination: gym?.account ?? undefined, amount: payment.gymShareClp }]
        : []),
    ]
    for (const leg of legs) {
      if (!leg.destination || leg.amount <= 0) continue
      try {
        const done = await app.payments.clients.transfer({
          amountClp: leg.amount,
          destination: leg.destination,
          sourcePaymentId: payment.providerPaymentId,
          idempotencyKey: `transfer-${payment.id}-${leg.party}`,
        })
        if (done)
          await recordTransfer(app.db, {
            sourceKey: `transfer:${payment.id}:${leg.party}`,
            paymentId: payment.id,
            account: leg.account,
            amountClp: leg.amount,
          })
      } catch (err) {
        app.log.error({ err: (err as Error).message, paymentId: payment.id, party: leg.party }, 'transfer to a connected account failed')
      }
    }
  }
}

// ---- Sandbox: the checkout page charges; the portal cancels and simulates renewals. ----

const PERIOD_MS = 30 * 24 * 3600 * 1000

/** The sandbox's checkout pays: the subscription starts and its first month is charged, at once. */
export async function sandboxPay(app: FastifyInstance, checkoutId: string, ids: { subscriptionId: string; customerId: string }) {
  return app.db.transaction(async (tx) => {
    const now = Date.now()
    const sub = await completeClientCheckout(app, tx, checkoutId, {
      providerSubscriptionId: ids.subscriptionId,
      customerId: ids.customerId,
      accountId: null,
      currentPeriodEnd: new Date(now + PERIOD_MS),
    })
    if (!sub) return null
    await recordPayment(tx, sub, { providerPaymentId: `py_sbx_${checkoutId}`, amountClp: sub.priceClp, paidAt: new Date(now) })
    return sub
  })
}

/**
 * Simulates the end of the current period: a cancelled-at-period-end subscription ends; otherwise
 * the next month is charged (`fail`: the charge fails and the subscription is past due). The
 * payment id is the period's, so pressing twice charges a period once.
 */
export async function sandboxRenew(app: FastifyInstance, subscriptionId: string, clientUserId: string, fail: boolean) {
  return app.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(clientSubscriptions)
      .where(
        and(
          eq(clientSubscriptions.id, subscriptionId),
          eq(clientSubscriptions.clientUserId, clientUserId),
          eq(clientSubscriptions.provider, 'sandbox'),
        ),
      )
      .limit(1)
      .for('update')
    if (!sub || sub.state === 'cancelled') return sub
    if (sub.cancelAtPeriodEnd) {
      await tx.update(clientSubscriptions).set({ state: 'cancelled', cancelledAt: new Date() }).where(eq(clientSubscriptions.id, sub.id))
      return sub
    }
    if (fail) {
      await tx.update(clientSubscriptions).set({ state: 'past_due' }).where(eq(clientSubscriptions.id, sub.id))
      return sub
    }
    const periodEnd = sub.currentPeriodEnd ?? new Date()
    await recordPayment(tx, sub, {
      providerPaymentId: `py_sbx_${sub.id}_${periodEnd.getTime()}`,
      amountClp: sub.priceClp,
      paidAt: new Date(),
    })
    await tx
      .update(clientSubscriptions)
      .set({ state: 'active', currentPeriodEnd: new Date(periodEnd.getTime() + PERIOD_MS) })
      .where(eq(clientSubscriptions.id, sub.id))
    return sub
  })
}
