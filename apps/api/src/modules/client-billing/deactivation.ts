import { and, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientSubscriptions, offers, trainers, users } from '../../db/schema.ts'
import { mailText } from '../../mail/texts.ts'
import { recordAudit } from '../audit/service.ts'
import type { Operator } from '../admin/actor.ts'

/**
 * Issue 19, finding 4: deactivating a trainer stops their money. Offers, invitations and
 * checkouts are already refused for an inactive trainer (billingOf, usableInvitation,
 * publicOffers, completeClientCheckout); here every running client subscription ends at the
 * provider now, each client is told in their language, and each end is audited. A provider
 * call that fails leaves that subscription running and is logged; the operator can deactivate
 * again (it retries only what is still running).
 */
export async function stopClientBilling(app: FastifyInstance, trainerUserId: string, by: Operator) {
  const [trainer] = await app.db.select().from(trainers).where(eq(trainers.userId, trainerUserId)).limit(1)
  if (!trainer) return 0
  const running = await app.db
    .select({ sub: clientSubscriptions, client: users, offerTitle: offers.title })
    .from(clientSubscriptions)
    .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
    .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
    .where(and(eq(clientSubscriptions.trainerId, trainer.id), ne(clientSubscriptions.state, 'cancelled')))
  let stopped = 0
  for (const { sub, client, offerTitle } of running) {
    try {
      if (sub.provider === app.payments.name)
        await app.payments.clients.cancelSubscription({
          subscriptionId: sub.providerSubscriptionId,
          accountId: sub.providerAccountId,
          atPeriodEnd: false,
        })
    } catch (err) {
      app.log.error({ err: (err as Error).message, subscriptionId: sub.id }, 'ending a deactivated trainer’s client subscription failed')
      continue
    }
    await app.db.transaction(async (tx) => {
      const [ended] = await tx
        .update(clientSubscriptions)
        .set({ state: 'cancelled', cancelledAt: new Date() })
        .where(and(eq(clientSubscriptions.id, sub.id), ne(clientSubscriptions.state, 'cancelled')))
        .returning({ id: clientSubscriptions.id })
      if (!ended) return
      await recordAudit(tx, {
        action: 'client.cancel',
        actor: by.actor,
        ip: by.ip,
        subjectType: 'client_subscription',
        subjectId: sub.id,
        reason: 'trainer deactivated',
        before: { state: sub.state },
      })
      await app.mailer.enqueue(tx, {
        to: client.email,
        ...mailText('clientSubscriptionStopped', client.language, {
          firstName: client.firstName,
          trainerName: `${trainer.firstName} ${trainer.lastName}`.trim(),
          offerTitle,
        }),
        secrets: [],
      })
      stopped++
    })
  }
  return stopped
}
