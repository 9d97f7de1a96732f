import type { SubscriptionStatus } from '@app/contracts'
import { WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { isSubscriptionLive } from '@app/contracts/rules'
import { eq, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { gyms, plans, subscriptions, trainers } from '../../db/schema.ts'
import { conflict, notFound, unprocessable } from '../../errors.ts'
import { clp } from '../../mail/texts.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { cancelPlatformSubscription } from '../billing/cancel.ts'
import { anyPlanCharge, planRefundedClp, recordPlanChargeRefund, refundablePlanCharges } from '../billing/charges.ts'
import { latestSubscription, subscriptionStatus } from '../billing/service.ts'
import { queueSubscriptionMail, refundNoneText, refundPaidText } from './mails.ts'
import { planServiceGiven, withdrawableUntil, withinWithdrawal } from './rules.ts'

/** Where a plan is managed: the trainer's dashboard, or the business dashboard. */
export const planPath = (role: string) => (role === 'trainer' ? '/dashboard#subscription' : '/business/dashboard')

/** The caller's plan as the provider sees it now (a provider may renew and end periods lazily). */
async function currentPlan(app: FastifyInstance, userId: string) {
  const stored = await latestSubscription(app.db, userId)
  if (!stored) return null
  const row = stored.provider === app.payments.name ? app.payments.subscriptionAt(stored, Date.now()) : stored
  return { stored, row }
}

const planTitle = async (app: FastifyInstance, planId: string) =>
  (await app.db.select({ title: plans.title }).from(plans).where(eq(plans.id, planId)).limit(1))[0]?.title ?? ''

/**
 * The plan stops renewing, in one tap (decision 224): the trial or paid period runs to its end
 * (billing/cancel.ts, the same as closing an account), and the owner is mailed the end date.
 * Asked again it changes nothing and mails nothing.
 */
export async function cancelMyPlan(app: FastifyInstance, user: AuthUser): Promise<SubscriptionStatus> {
  const plan = await currentPlan(app, user.id)
  if (!plan || !isSubscriptionLive(plan.row, Date.now())) throw notFound('This account has no plan to cancel', { subscription: 'notFound' })
  if (!plan.row.cancelAtPeriodEnd && (await cancelPlatformSubscription(app, user.id))) {
    const title = await planTitle(app, plan.row.planId)
    await app.db.transaction((tx) =>
      queueSubscriptionMail(app, tx, user.id, 'planCancelled', {
        plan: title,
        date: plan.row.currentPeriodEnd ?? new Date(),
        link: `${app.config.APP_URL}${planPath(user.role)}`,
      }),
    )
  }
  return subscriptionStatus(app, user.id)
}

/**
 * The plan's withdrawal (decision 224): within WITHDRAWAL_DAYS of contracting and before any
 * client paid the trainer through the platform, the plan ends now, at the provider and here. A
 * plan that started paid is refunded in full first (decision 236): each charge at the provider,
 * under a key per charge (a retry gets the same refund), and its credit note. The plan's row stays
 * locked from the checks to the end, so a second tap refunds nothing twice.
 */
export async function withdrawMyPlan(app: FastifyInstance, user: AuthUser): Promise<SubscriptionStatus> {
  const now = new Date()
  const plan = await currentPlan(app, user.id)
  if (!plan) throw notFound('This account has no plan', { subscription: 'notFound' })
  const { stored, row } = plan
  if (!isSubscriptionLive(row, now.getTime())) throw conflict('This plan has already ended', { subscription: 'alreadyCancelled' })
  if (!withinWithdrawal(stored.createdAt, now))
    throw unprocessable(
      { subscription: 'withdrawalExpired' },
      `The ${WITHDRAWAL_DAYS}-day withdrawal period ended on ${withdrawableUntil(stored.createdAt).toISOString()}; you can still cancel at the end of the period`,
    )
  const sellers = await app.db
    .select({ id: trainers.id })
    .from(trainers)
    .leftJoin(gyms, eq(gyms.id, trainers.gymId))
    .where(or(eq(trainers.userId, user.id), eq(gyms.ownerId, user.id)))
  if (
    await planServiceGiven(
      app.db,
      sellers.map((s) => s.id),
      stored.createdAt,
    )
  )
    throw unprocessable(
      { subscription: 'serviceStarted' },
      'Clients already paid you through the platform since the plan began; you can still cancel at the end of the period',
    )
  const atProvider = stored.provider === app.payments.name
  const title = await planTitle(app, stored.planId)
  await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, stored.id)).limit(1).for('update')
    if (!locked || locked.status === 'canceled') throw conflict('This plan has already ended', { subscription: 'alreadyCancelled' })
    const charges = await refundablePlanCharges(tx, stored.id)
    const charged = row.status !== 'trialing' || charges.length > 0
    // Paid but its charge not recorded yet (the provider's report is on its way), or a charge this
    // provider cannot refund: never ended without its refund.
    if (charged && (!atProvider || !(await anyPlanCharge(tx, stored.id)) || charges.some((c) => !c.providerPaymentId)))
      throw unprocessable(
        { subscription: 'refundUnavailable' },
        'This plan started with a charge that cannot be refunded here yet; you can cancel it now, effective at the end of the period',
      )
    for (const charge of charges) {
      const amountClp = charge.amountClp - charge.refundedClp
      const { refundId } = await app.payments.clients.refund({
        paymentId: charge.providerPaymentId!,
        amountClp,
        accountId: null,
        idempotencyKey: `plan-withdrawal:${charge.id}`,
      })
      await recordPlanChargeRefund(tx, { chargeId: charge.id, refundId, amountClp })
    }
    if (atProvider)
      await app.payments.clients.cancelSubscription({ subscriptionId: stored.providerSubscriptionId, accountId: null, atPeriodEnd: false })
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', cancelAtPeriodEnd: false, cancelledAt: now, currentPeriodEnd: now })
      .where(eq(subscriptions.id, stored.id))
    const refundedClp = charged ? await planRefundedClp(tx, stored.id) : 0
    await queueSubscriptionMail(app, tx, user.id, 'planWithdrawn', (language) => ({
      plan: title,
      refund: charged ? refundPaidText(language, clp(refundedClp)) : refundNoneText(language),
      link: `${app.config.APP_URL}${planPath(user.role)}`,
    }))
  })
  return subscriptionStatus(app, user.id)
}
