import { RENEWAL_NOTICE_DAYS } from '@app/contracts/constants'
import { and, eq, gt, inArray, isNotNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientSubscriptions, offers, plans, renewalNotices, subscriptions, trainers, users } from '../../db/schema.ts'
import { clp } from '../../mail/texts.ts'
import { queueSubscriptionMail } from './mails.ts'
import { planPath } from './platform.ts'
import { periodic } from '../../lib/periodic.ts'

type NoticeKind = (typeof renewalNotices.$inferInsert)['subscriptionKind']

const notNoticed = (kind: NoticeKind, id: AnyColumn, periodEnd: AnyColumn) =>
  sql`not exists (select 1 from ${renewalNotices} where ${renewalNotices.subscriptionKind} = ${kind} and ${renewalNotices.subscriptionId} = ${id} and ${renewalNotices.periodEnd} = ${periodEnd})`

/**
 * Decision 224: every charge that renews a subscription (a client's, a trainer's or gym's plan)
 * or ends a free trial is announced by mail RENEWAL_NOTICE_DAYS days before, with the amount in
 * CLP and the one-tap cancel link, in the reader's language, through the outbox. Once per
 * subscription and period: the notice row is inserted in the mail's transaction and its primary
 * key lets only one run (of any process) queue it. A subscription cancelled at its period's end
 * renews nothing and gets no notice. A plan whose payment failed is told so, once per period.
 */
export async function sendRenewalNotices(app: FastifyInstance, now = new Date()) {
  const horizon = new Date(now.getTime() + RENEWAL_NOTICE_DAYS * 86_400_000)
  let sent = 0
  const claim = (
    kind: NoticeKind,
    subscriptionId: string,
    periodEnd: Date,
    queue: (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => Promise<void>,
  ) =>
    app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(renewalNotices)
        .values({ subscriptionKind: kind, subscriptionId, periodEnd })
        .onConflictDoNothing()
        .returning({ id: renewalNotices.subscriptionId })
      if (!claimed) return
      await queue(tx)
      sent++
    })

  const clientDue = await app.db
    .select({ sub: clientSubscriptions, offer: offers.title, first: trainers.firstName, last: trainers.lastName })
    .from(clientSubscriptions)
    .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
    .innerJoin(trainers, eq(trainers.id, clientSubscriptions.trainerId))
    .where(
      and(
        eq(clientSubscriptions.state, 'active'),
        eq(clientSubscriptions.cancelAtPeriodEnd, false),
        gt(clientSubscriptions.currentPeriodEnd, now),
        lte(clientSubscriptions.currentPeriodEnd, horizon),
        notNoticed('client', clientSubscriptions.id, clientSubscriptions.currentPeriodEnd),
      ),
    )
    .limit(500)
  for (const { sub, offer, first, last } of clientDue) {
    await claim('client', sub.id, sub.currentPeriodEnd!, (tx) =>
      queueSubscriptionMail(app, tx, sub.clientUserId, 'renewal', {
        offer,
        trainer: `${first} ${last}`.trim(),
        amount: clp(sub.priceClp),
        date: sub.currentPeriodEnd!,
        days: RENEWAL_NOTICE_DAYS,
        link: `${app.config.APP_URL}/mi-suscripcion`,
      }),
    )
  }

  // Trainers' and gyms' plans with a price, their plan's title and the reader's role (for the link).
  const plansWhere = (...conditions: (SQL | undefined)[]) =>
    app.db
      .select({ sub: subscriptions, plan: plans.title, priceClp: plans.priceClp, role: users.role })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(and(isNotNull(plans.priceClp), ...conditions))
      .limit(500)

  const planDue = await plansWhere(
    inArray(subscriptions.status, ['trialing', 'active']),
    eq(subscriptions.cancelAtPeriodEnd, false),
    gt(subscriptions.currentPeriodEnd, now),
    lte(subscriptions.currentPeriodEnd, horizon),
    notNoticed('platform', subscriptions.id, subscriptions.currentPeriodEnd),
  )
  for (const { sub, plan, priceClp, role } of planDue) {
    await claim('platform', sub.id, sub.currentPeriodEnd!, (tx) =>
      queueSubscriptionMail(app, tx, sub.userId, sub.status === 'trialing' ? 'planTrialEnd' : 'planRenewal', {
        plan,
        amount: clp(priceClp!),
        date: sub.currentPeriodEnd!,
        days: RENEWAL_NOTICE_DAYS,
        link: `${app.config.APP_URL}${planPath(role)}`,
      }),
    )
  }

  // A plan whose payment failed (past_due, whichever provider said so and however: decision 241):
  // told once per period, with the link where the card is changed.
  const failed = await plansWhere(
    eq(subscriptions.status, 'past_due'),
    isNotNull(subscriptions.currentPeriodEnd),
    notNoticed('platform_payment_failed', subscriptions.id, subscriptions.currentPeriodEnd),
  )
  for (const { sub, plan, priceClp, role } of failed) {
    await claim('platform_payment_failed', sub.id, sub.currentPeriodEnd!, (tx) =>
      queueSubscriptionMail(app, tx, sub.userId, 'planPaymentFailed', {
        plan,
        amount: clp(priceClp!),
        link: `${app.config.APP_URL}${planPath(role)}`,
      }),
    )
  }
  return { sent }
}

/** Runs the notices with the mail worker, hourly (a notice a few hours late is still days early). */
export function scheduleRenewalNotices(app: FastifyInstance, everyMs = 60 * 60_000) {
  return periodic(app.log, 'renewal notices', everyMs, () => sendRenewalNotices(app)).stop
}
