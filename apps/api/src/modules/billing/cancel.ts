import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { LIVE_SUBSCRIPTION_STATES } from '@app/contracts'
import { subscriptions } from '../../db/schema.ts'

/**
 * Issue 20 (closing an account): the trainer's platform subscription stops renewing, at the
 * provider first (the paid or trial period runs to its end), then here, as the built-in provider portal's
 * cancel button does. Returns whether a live subscription was cancelled. New file so that the
 * billing service itself is untouched (another branch changes it).
 */
export async function cancelPlatformSubscription(app: FastifyInstance, userId: string): Promise<boolean> {
  const live = await app.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.cancelAtPeriodEnd, false),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATES]),
      ),
    )
  for (const sub of live) {
    // The platform's own subscriptions live on the platform account (no connected account).
    if (sub.provider === app.payments.name)
      await app.payments.clients.cancelSubscription({ subscriptionId: sub.providerSubscriptionId, accountId: null, atPeriodEnd: true })
    await app.db.update(subscriptions).set({ cancelAtPeriodEnd: true, cancelledAt: new Date() }).where(eq(subscriptions.id, sub.id))
  }
  return live.length > 0
}
