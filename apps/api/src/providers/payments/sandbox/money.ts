import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientSubscriptions } from '../../../db/schema.ts'
import { completeClientCheckout } from '../../../modules/client-billing/client.ts'
import { recordPayment } from '../../../modules/ledger/service.ts'
import { monthAfter, nextPeriodEnd } from '../../../lib/monthly-periods.ts'

/** The sandbox's client billing: its checkout page charges; its portal cancels and simulates renewals. */

/** The sandbox's checkout pays: the subscription starts and its first calendar month is charged, at once. */
export async function sandboxPay(app: FastifyInstance, checkoutId: string, ids: { subscriptionId: string; customerId: string }) {
  return app.db.transaction(async (tx) => {
    const now = Date.now()
    // A refused completion (issue 19) charges nothing: the sandbox's session just expires.
    const { sub } = await completeClientCheckout(app, tx, checkoutId, {
      providerSubscriptionId: ids.subscriptionId,
      customerId: ids.customerId,
      accountId: null,
      currentPeriodEnd: monthAfter(now),
    })
    if (!sub) return null
    await recordPayment(tx, sub, { providerPaymentId: `py_sbx_${checkoutId}`, amountClp: sub.priceClp, paidAt: new Date(now) })
    return sub
  })
}

/**
 * Simulates the end of the current period: a cancelled-at-period-end subscription ends; otherwise
 * the next calendar month is charged (`fail`: the charge fails and the subscription is past due).
 * The payment id is the period's, so pressing twice charges a period once. Periods keep the day of
 * the month the subscription began on (period.ts, decision 199).
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
      .set({ state: 'active', currentPeriodEnd: nextPeriodEnd(periodEnd, sub.createdAt) })
      .where(eq(clientSubscriptions.id, sub.id))
    return sub
  })
}
