import type { CheckoutRequest, CheckoutStatus, PlanKey, SubscriptionStatus } from '@app/contracts'
import { TRIAL_DAYS } from '@app/contracts/constants'
import { isSubscriptionLive } from '@app/contracts/rules'
import { and, desc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createHash } from 'node:crypto'
import type { Tx } from '../../db/client.ts'
import { checkoutSessions, gyms, plans, subscriptions, trainers, trialClaims, users } from '../../db/schema.ts'
import { conflict, notFound, unprocessable } from '../../errors.ts'
import type { ProviderEvent, ProviderName, ProviderSubscription } from '../../providers/payments/types.ts'
import { userChanged } from '../../plugins/session-cache.ts'
import { centralBillingOf } from '../central-billing/policy.ts'
import { ownUrl as ownUrlOf } from '../../lib/own-url.ts'
import { findPlan } from '../plans/service.ts'
import { findUserById } from '../users/service.ts'
import { recordInvoiceCharge, recordProviderPlanRefunds } from './charges.ts'
import { withdrawableUntil, withinWithdrawal } from '../withdrawal/window.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A redirect must stay on our own web app: never an open redirect to another origin (lib/own-url.ts, decision 199). */
export const ownUrl = (app: FastifyInstance, value: string, field: string): string => ownUrlOf(app.config, value, field)

function withSessionId(url: string, placeholder: string) {
  const u = new URL(url)
  u.searchParams.set('sid', placeholder)
  return u.toString()
}

export async function latestSubscription(db: Tx, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
  return row
}

/**
 * One free trial per person: keys per user, per e-mail (a digest, lowercased) and per payment
 * customer. Claimed in the transaction that starts a subscription (trial or not); a key already
 * claimed means the next subscription starts paid.
 */
export function trialKeys(who: { userId: string; email: string; customerId?: string | null }): string[] {
  const keys = [`user:${who.userId}`, `email:${createHash('sha256').update(who.email.trim().toLowerCase()).digest('hex')}`]
  if (who.customerId) keys.push(`customer:${who.customerId}`)
  return keys
}

/** Whether this person may still have a trial: no key claimed and no earlier subscription. */
export async function trialAvailable(db: Tx, who: { userId: string; email: string; customerId?: string | null }): Promise<boolean> {
  const [claimed] = await db
    .select({ key: trialClaims.key })
    .from(trialClaims)
    .where(inArray(trialClaims.key, trialKeys(who)))
    .limit(1)
  if (claimed) return false
  // Subscriptions started before trial claims existed count as a used trial too.
  const [earlier] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, who.userId)).limit(1)
  return !earlier
}

/**
 * Claims every key; true only if none was claimed before (a concurrent claim of the same key waits
 * for the other transaction, then loses). Call in the transaction that starts the subscription.
 */
async function claimTrial(tx: Tx, keys: string[]): Promise<boolean> {
  const inserted = await tx
    .insert(trialClaims)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing()
    .returning({ key: trialClaims.key })
  return inserted.length === keys.length
}

export async function createCheckout(app: FastifyInstance, userId: string, input: CheckoutRequest): Promise<{ url: string }> {
  const successRedirect = ownUrl(app, input.successRedirect, 'successRedirect')
  const cancelRedirect = ownUrl(app, input.cancelRedirect, 'cancelRedirect')
  const plan = UUID.test(input.planId) ? await findPlan(app.db, input.planId) : undefined
  if (!plan) throw unprocessable({ planId: 'notExists' }, 'Unknown plan')
  if (plan.key !== input.planKey) throw unprocessable({ planKey: 'invalid' }, 'planKey does not match the plan')
  if (!plan.purchasable) throw unprocessable({ planId: 'notPurchasable' }, `The ${plan.title} plan cannot be bought yet`)
  const user = await findUserById(app.db, userId)
  if (!user) throw notFound()
  if (user.email !== input.customerEmail) throw unprocessable({ customerEmail: 'invalid' }, 'customerEmail must be the account e-mail')
  const current = await latestSubscription(app.db, userId)
  if (current && isSubscriptionLive(current, Date.now()))
    throw conflict('This account already has an active subscription', { userId: 'alreadySubscribed' })

  // The provider's page must show the right first charge: no trial for someone who had one.
  // A customer of another provider (after the configured provider changed) means nothing to this one.
  const earlierCustomer = current?.provider === app.payments.name ? (current.providerCustomerId ?? null) : null
  const trial = await trialAvailable(app.db, { userId, email: user.email, customerId: earlierCustomer })
  const session = await app.payments.createCheckout({
    userId,
    customerEmail: user.email,
    customerId: earlierCustomer,
    trialDays: trial ? TRIAL_DAYS : 0,
    plan: { id: plan.id, key: plan.key, title: plan.title, priceClp: plan.priceClp },
    successUrl: withSessionId(successRedirect, '{CHECKOUT_SESSION_ID}'),
    cancelUrl: cancelRedirect,
  })
  await app.db.insert(checkoutSessions).values({
    id: session.id,
    provider: app.payments.name,
    userId,
    planId: plan.id,
    customerEmail: user.email,
    successRedirect,
    cancelRedirect,
    url: session.url,
  })
  return { url: session.url }
}

async function ownCheckout(app: FastifyInstance, userId: string, sessionId: string) {
  const [row] = await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1)
  // Another person's session answers as if it did not exist.
  if (!row || row.userId !== userId) throw notFound('No such checkout session')
  return row
}

export async function verifyCheckout(app: FastifyInstance, userId: string, sessionId: string): Promise<CheckoutStatus> {
  let row = await ownCheckout(app, userId, sessionId)
  if (row.status === 'open' && row.provider === app.payments.name) {
    // The redirect may arrive before the webhook: ask the provider and apply what it says.
    const remote = await app.payments.fetchCheckout(sessionId)
    if (remote?.status === 'complete' && remote.subscription) {
      const completion = await app.db.transaction((tx) =>
        completeCheckout(tx, sessionId, row.provider, reported(remote.subscription!), remote.paymentStatus),
      )
      await enforceOneTrial(app, completion)
      row = await ownCheckout(app, userId, sessionId)
    } else if (remote?.status === 'expired') {
      await app.db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, sessionId))
      row = { ...row, status: 'expired' }
    }
  }
  return { paymentStatus: row.paymentStatus, status: row.status }
}

/** How a checkout starts its subscription: the provider's own report, or built here (a provider whose engine runs in this server). */
export interface SubscriptionStart {
  customerId: string | null
  /** `trial`: whether this person may still have a free trial (decided in the transaction). */
  subscription(trial: boolean): ProviderSubscription
}

/** A subscription the provider already created: the trial decision cannot change it here. */
export const reported = (sub: ProviderSubscription): SubscriptionStart => ({ customerId: sub.customerId, subscription: () => sub })

export interface CheckoutCompletion {
  applied: boolean
  /** A provider subscription that started a trial this person already had: end that trial now. */
  trialToEnd: string | null
}

/**
 * A paid checkout: the session completes, the subscription starts (a 30-day trial if this person
 * never had one, else paid from today) and the member becomes a trainer with a trainer profile.
 * The trial keys are claimed in the same transaction. Safe to apply twice: reported again (`at`:
 * when the provider created the report), an already complete checkout applies it as a subscription
 * change, so an older report never overwrites a newer one (a provider whose checkout id is the
 * subscription's reports every later state this way, decision 228).
 */
export async function completeCheckout(
  tx: Tx,
  sessionId: string,
  provider: ProviderName,
  start: SubscriptionStart,
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required' = 'paid',
  at?: Date,
): Promise<CheckoutCompletion> {
  const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1).for('update')
  if (!session) return { applied: false, trialToEnd: null }
  let trial = false
  if (session.status !== 'complete') {
    const hadSubscription =
      (await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, session.userId)).limit(1)).length > 0
    const fresh = await claimTrial(tx, trialKeys({ userId: session.userId, email: session.customerEmail, customerId: start.customerId }))
    trial = fresh && !hadSubscription
  }
  const sub = start.subscription(trial)
  if (session.status === 'complete' && at) {
    await applySubscriptionChange(tx, sub, at)
    return { applied: true, trialToEnd: null }
  }
  const trialToEnd = session.status !== 'complete' && !trial && sub.status === 'trialing' ? sub.id : null
  // A trial needs no payment today; the page only asks whether checkout went through.
  const paid = paymentStatus === 'unpaid' ? 'paid' : paymentStatus
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', paymentStatus: paid, completedAt: session.completedAt ?? new Date() })
    .where(eq(checkoutSessions.id, sessionId))
  await upsertSubscription(tx, provider, sub, { userId: session.userId, planId: session.planId })

  const [user] = await tx
    .update(users)
    .set({ role: 'trainer' })
    .where(and(eq(users.id, session.userId), eq(users.role, 'member')))
    .returning()
  await userChanged(tx, session.userId)
  const owner = user ?? (await findUserById(tx, session.userId))
  if (owner) {
    await tx
      .insert(trainers)
      .values({ userId: owner.id, gymId: null, firstName: owner.firstName, lastName: owner.lastName, email: owner.email })
      .onConflictDoNothing({ target: trainers.userId })
  }
  return { applied: true, trialToEnd }
}

/**
 * After the commit: a provider that granted a trial this person already had (two checkouts
 * opened before either was paid) is told to end it, so the first period is charged now.
 */
export async function enforceOneTrial(app: FastifyInstance, completion: CheckoutCompletion) {
  if (!completion.trialToEnd) return
  try {
    await app.payments.endTrial(completion.trialToEnd)
  } catch (err) {
    app.log.error({ err: (err as Error).message, subscriptionId: completion.trialToEnd }, 'could not end a repeated trial')
  }
}

async function upsertSubscription(tx: Tx, provider: ProviderName, sub: ProviderSubscription, owner: { userId: string; planId: string }) {
  const values = {
    status: sub.status,
    providerCustomerId: sub.customerId,
    trialEnd: sub.trialEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    cancelledAt: sub.cancelledAt,
  }
  await tx
    .insert(subscriptions)
    .values({ ...owner, provider, providerSubscriptionId: sub.id, ...values })
    .onConflictDoUpdate({ target: subscriptions.providerSubscriptionId, set: values })
}

/**
 * A provider's report on a subscription we know (renewal, cancellation, pause...), applied only
 * when it is not older than the last one applied, and never bringing back a cancelled
 * subscription (issue 19: a late `updated` after `deleted` must not revive it).
 */
export async function applySubscriptionChange(tx: Tx, sub: ProviderSubscription, at: Date) {
  const values = {
    status: sub.status,
    trialEnd: sub.trialEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    cancelledAt: sub.cancelledAt,
    ...(sub.customerId ? { providerCustomerId: sub.customerId } : {}),
    providerEventAt: at,
  }
  const rows = await tx
    .update(subscriptions)
    .set(values)
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, sub.id),
        or(isNull(subscriptions.providerEventAt), lte(subscriptions.providerEventAt, at)),
        sub.status === 'canceled' ? undefined : ne(subscriptions.status, 'canceled'),
      ),
    )
    .returning({ id: subscriptions.id })
  return rows.length > 0
}

export async function applyInvoicePaid(tx: Tx, subscriptionId: string, periodEnd: Date | null) {
  await tx
    .update(subscriptions)
    .set({ status: 'active', ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}) })
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, subscriptionId),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'unpaid', 'incomplete']),
      ),
    )
}

export async function applyPaymentFailed(tx: Tx, subscriptionId: string) {
  await tx
    .update(subscriptions)
    .set({ status: 'past_due' })
    .where(and(eq(subscriptions.providerSubscriptionId, subscriptionId), inArray(subscriptions.status, ['trialing', 'active'])))
}

/**
 * The gym whose owner created this trainer, and whether its central billing covers the trainer's
 * plan (issue 23, point 4): decided by `centralBillingOf`, the same function client billing asks.
 */
async function gymOf(db: Tx, userId: string): Promise<SubscriptionStatus['gym']> {
  const [row] = await db
    .select({ gymId: trainers.gymId, name: gyms.name })
    .from(trainers)
    .innerJoin(gyms, eq(gyms.id, trainers.gymId))
    .where(eq(trainers.userId, userId))
    .limit(1)
  if (!row) return null
  return { name: row.name, coversPlan: (await centralBillingOf(db, row)) !== null }
}

export async function subscriptionStatus(app: FastifyInstance, userId: string): Promise<SubscriptionStatus> {
  const now = Date.now()
  const stored = await latestSubscription(app.db, userId)
  const gym = await gymOf(app.db, userId)
  if (!stored) return { hasActiveSubscription: false, subscription: null, gym }
  // A read writes nothing: a provider whose engine runs here says what the row is now.
  const row = stored.provider === app.payments.name ? app.payments.subscriptionAt(stored, now) : stored
  const [plan] = await app.db.select().from(plans).where(eq(plans.id, row.planId)).limit(1)
  return {
    hasActiveSubscription: isSubscriptionLive(row, now),
    subscription: {
      planId: row.planId,
      planKey: plan.key as PlanKey,
      planTitle: plan.title,
      priceClp: plan.priceClp,
      status: row.status,
      trialEnd: row.trialEnd?.toISOString() ?? null,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      // Within the window (decision 224); a plan that started paid is refunded in full (decision 236).
      withdrawableUntil:
        isSubscriptionLive(row, now) && withinWithdrawal(row.createdAt, new Date(now))
          ? withdrawableUntil(row.createdAt).toISOString()
          : null,
    },
    gym,
  }
}

export async function createPortalSession(app: FastifyInstance, userId: string, rawReturnUrl: string) {
  const returnUrl = ownUrl(app, rawReturnUrl, 'returnUrl')
  const sub = await latestSubscription(app.db, userId)
  if (!sub) throw notFound('This account has no subscription')
  return app.payments.createPortal({ userId, customerId: sub.providerCustomerId, returnUrl })
}

/** The platform-subscription side of a provider event, in the transaction that records the event. */
export async function applyBillingEvent(tx: Tx, provider: ProviderName, event: ProviderEvent): Promise<CheckoutCompletion | void> {
  switch (event.kind) {
    case 'checkout.completed':
      if (event.subscription)
        return completeCheckout(tx, event.sessionId, provider, reported(event.subscription), event.paymentStatus, event.at)
      return
    case 'subscription.changed':
      await applySubscriptionChange(tx, event.subscription, event.at)
      return
    case 'invoice.paid':
      await applyInvoicePaid(tx, event.subscriptionId, event.periodEnd)
      // The plan's charge and its boleta or factura (decision 223).
      await recordInvoiceCharge(tx, {
        subscriptionId: event.subscriptionId,
        invoiceId: event.invoiceId,
        chargeId: event.chargeId,
        amountPaid: event.amountPaid,
        at: event.paidAt ?? event.at,
      })
      return
    case 'invoice.failed':
      await applyPaymentFailed(tx, event.subscriptionId)
      return
    case 'charge.refunded':
      // A refund of a plan charge gets its credit note (client payments' refunds are client billing's).
      await recordProviderPlanRefunds(tx, event.chargeId, event.refunds)
      return
    default:
      return
  }
}
