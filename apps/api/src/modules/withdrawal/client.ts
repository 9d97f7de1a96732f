import type { MySubscription } from '@app/contracts'
import { WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientPayments, clientSubscriptions, offers, trainers } from '../../db/schema.ts'
import { conflict, notFound, unprocessable } from '../../errors.ts'
import { clp } from '../../mail/texts.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { mySubscriptions } from '../client-billing/client.ts'
import { endAtProvider } from '../client-billing/ended-by-refund.ts'
import { refundLockedPayment } from '../client-billing/money.ts'
import { queueSubscriptionMail } from './mails.ts'
import { clientServiceGiven, withdrawableUntil, withinWithdrawal } from './rules.ts'

/**
 * The client's withdrawal (Ley 19.496 art. 3 bis, decision 224), in one step: within
 * WITHDRAWAL_DAYS of contracting and before the trainer gave any service, every peso paid is
 * refunded through the one refund path (provider refund, ledger entries, shares claimed back,
 * receipts), the subscription ends now and the client is mailed in their language. The
 * subscription row stays locked from the checks to the end, so a second tap refunds nothing twice.
 */
export async function withdrawMySubscription(app: FastifyInstance, user: AuthUser, id: string, ip: string): Promise<MySubscription> {
  const now = new Date()
  const ended = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sub: clientSubscriptions, offerTitle: offers.title, trainerFirst: trainers.firstName, trainerLast: trainers.lastName })
      .from(clientSubscriptions)
      .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
      .innerJoin(trainers, eq(trainers.id, clientSubscriptions.trainerId))
      .where(and(eq(clientSubscriptions.id, id), eq(clientSubscriptions.clientUserId, user.id)))
      .limit(1)
      .for('update', { of: clientSubscriptions })
    // Another client's subscription answers as if it did not exist.
    if (!row) throw notFound('No such subscription', { id: 'notFound' })
    const { sub } = row
    if (sub.state === 'cancelled') throw conflict('This subscription has already ended', { id: 'alreadyCancelled' })
    if (!withinWithdrawal(sub.createdAt, now))
      throw unprocessable(
        { id: 'withdrawalExpired' },
        `The ${WITHDRAWAL_DAYS}-day withdrawal period ended on ${withdrawableUntil(sub.createdAt).toISOString()}; you can still cancel at the end of the paid period`,
      )
    if (await clientServiceGiven(tx, sub, now))
      throw unprocessable(
        { id: 'serviceStarted' },
        'Your trainer already gave you a session or a workout since you subscribed; you can still cancel at the end of the paid period',
      )
    const payments = await tx
      .select()
      .from(clientPayments)
      .where(eq(clientPayments.subscriptionId, sub.id))
      .orderBy(asc(clientPayments.paidAt))
      .for('update')
    if (payments.some((p) => p.amountClp > p.refundedClp && p.provider !== app.payments.name))
      throw unprocessable({ id: 'refundUnavailable' }, 'A payment of this subscription belongs to another payment provider')
    let refundedClp = 0
    for (const payment of payments) {
      const refundable = payment.amountClp - payment.refundedClp
      if (refundable <= 0) continue
      await refundLockedPayment(app, tx, payment, refundable)
      refundedClp += refundable
    }
    const [done] = await tx
      .update(clientSubscriptions)
      .set({ state: 'cancelled', cancelAtPeriodEnd: false, cancelledAt: now })
      .where(eq(clientSubscriptions.id, sub.id))
      .returning()
    await recordAudit(tx, {
      action: 'client.cancel',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'client_subscription',
      subjectId: sub.id,
      after: { withdrawal: true, refundedClp },
    })
    await queueSubscriptionMail(app, tx, user.id, 'withdrawn', {
      offer: row.offerTitle,
      trainer: `${row.trainerFirst} ${row.trainerLast}`.trim(),
      amount: clp(refundedClp),
      link: `${app.config.APP_URL}/mi-suscripcion`,
    })
    return done
  })
  await endAtProvider(app, ended)
  return (await mySubscriptions(app, user)).data.find((s) => s.id === ended.id)!
}
