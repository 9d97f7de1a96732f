import { and, desc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { clientPayments, clientSubscriptions } from '../../db/schema.ts'

type PaymentRow = typeof clientPayments.$inferSelect
type SubscriptionRow = typeof clientSubscriptions.$inferSelect

/**
 * Decision 198 (issue 23): when the payment of the current period is refunded in full (by the
 * trainer, at the provider, or by a lost dispute), the client has paid nothing for it, so the
 * subscription ends now: it stops counting against the plan's limit and never shows a next
 * charge. In the refund's transaction; the caller ends it at the provider after the commit.
 */
export async function endIfRefundedInFull(tx: Tx, payment: PaymentRow): Promise<SubscriptionRow | null> {
  if (payment.refundedClp < payment.amountClp) return null
  const [latest] = await tx
    .select({ id: clientPayments.id })
    .from(clientPayments)
    .where(eq(clientPayments.subscriptionId, payment.subscriptionId))
    .orderBy(desc(clientPayments.paidAt), desc(clientPayments.createdAt))
    .limit(1)
  if (latest?.id !== payment.id) return null
  const [ended] = await tx
    .update(clientSubscriptions)
    .set({ state: 'cancelled', cancelledAt: new Date() })
    .where(and(eq(clientSubscriptions.id, payment.subscriptionId), ne(clientSubscriptions.state, 'cancelled')))
    .returning()
  return ended ?? null
}

/** After the commit: no further charge at the provider. A failure is logged (its next invoice would be flagged). */
export async function endAtProvider(app: FastifyInstance, sub: SubscriptionRow) {
  if (sub.provider !== app.payments.name) return
  try {
    await app.payments.clients.cancelSubscription({
      subscriptionId: sub.providerSubscriptionId,
      accountId: sub.providerAccountId,
      atPeriodEnd: false,
    })
  } catch (err) {
    app.log.error({ err: (err as Error).message, subscriptionId: sub.id }, 'ending a refunded subscription at the provider failed')
  }
}
