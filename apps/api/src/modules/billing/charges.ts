import { and, asc, desc, eq, lt, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { Tx } from '../../db/client.ts'
import { plans, subscriptions } from '../../db/schema/core.ts'
import { planChargeRefunds, planCharges } from '../../db/schema/tax-documents.ts'
import { queueCreditNote, queueTaxDocument } from '../tax-documents/queue.ts'

// Issue 27 (decision 223): each charge of a trainer's or a gym's platform plan, recorded once
// (the provider's charge id is unique) with its boleta or factura queued in the same
// transaction; a refund of one records its credit note there too. Every provider calls these:
// a provider that sends invoices on invoice.paid, one that bills on its own clock when a paid period starts.

type SubscriptionRow = typeof subscriptions.$inferSelect

const monthOf = (at: Date) => DateTime.fromJSDate(at, { zone: 'America/Santiago' }).setLocale('es-CL').toFormat("LLLL 'de' yyyy")

/** The document's line: the plan and the month its period starts in (Spanish, the language of the DTE). */
const lineOf = (planTitle: string, paidAt: Date) => `Suscripción plan ${planTitle}, ${monthOf(paidAt)}`

export async function recordPlanCharge(
  tx: Tx,
  sub: Pick<SubscriptionRow, 'id' | 'userId' | 'planId'>,
  input: { providerChargeId: string; providerPaymentId?: string | null; amountClp: number; paidAt: Date },
): Promise<boolean> {
  if (!Number.isSafeInteger(input.amountClp) || input.amountClp <= 0) return false
  const [plan] = await tx.select({ title: plans.title }).from(plans).where(eq(plans.id, sub.planId)).limit(1)
  const planTitle = plan?.title ?? 'Entrenapp'
  const [charge] = await tx
    .insert(planCharges)
    .values({ subscriptionId: sub.id, userId: sub.userId, planTitle, ...input })
    .onConflictDoNothing({ target: planCharges.providerChargeId })
    .returning()
  if (!charge) return false
  await queueTaxDocument(tx, {
    sourceKind: 'plan_charge',
    sourceId: charge.id,
    recipientUserId: sub.userId,
    description: lineOf(planTitle, input.paidAt),
    totalClp: input.amountClp,
  })
  return true
}

/** A provider's paid invoice of a plan subscription we know. */
export async function recordInvoiceCharge(
  tx: Tx,
  input: { subscriptionId: string; invoiceId?: string; chargeId?: string | null; amountPaid?: number; at: Date },
) {
  if (!input.invoiceId || !input.amountPaid) return false
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, input.subscriptionId)).limit(1)
  if (!sub) return false
  return recordPlanCharge(tx, sub, {
    providerChargeId: input.invoiceId,
    providerPaymentId: input.chargeId ?? null,
    amountClp: input.amountPaid,
    paidAt: input.at,
  })
}

/** A period that starts now and is paid at the plan's price (the first paid month, or a renewal), for a provider that bills on its own clock. */
export async function recordPeriodCharge(tx: Tx, sub: SubscriptionRow, periodStart: Date) {
  const [plan] = await tx.select({ priceClp: plans.priceClp }).from(plans).where(eq(plans.id, sub.planId)).limit(1)
  if (!plan?.priceClp) return false
  const providerChargeId = `${sub.providerSubscriptionId}:${periodStart.toISOString()}`
  // Such a provider's charge is its own payment: a refund names it.
  return recordPlanCharge(tx, sub, {
    providerChargeId,
    providerPaymentId: providerChargeId,
    amountClp: plan.priceClp,
    paidAt: periodStart,
  })
}

/** After a checkout without a trial at this provider: its first month was paid now. */
export async function recordCheckoutCharge(tx: Tx, userId: string, provider: SubscriptionRow['provider']) {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
  if (!sub || sub.status !== 'active' || sub.trialEnd) return false
  return recordPeriodCharge(tx, sub, sub.createdAt)
}

export class PlanChargeRefundTooLargeError extends Error {}

/**
 * A refund of a plan charge (a withdrawal, an operator's refund): the charge row is locked so two
 * refunds never pass its amount; a refund id is applied once (plan_charge_refunds, decision 239)
 * and gets its credit note. Answers false when that refund was already applied.
 */
export async function recordPlanChargeRefund(tx: Tx, input: { chargeId: string; refundId: string; amountClp: number; reason?: string }) {
  const [charge] = await tx.select().from(planCharges).where(eq(planCharges.id, input.chargeId)).limit(1).for('update')
  if (!charge) throw new Error(`no plan charge ${input.chargeId}`)
  // Once per refund id (plan_charge_refunds' key): a charge without a boleta has no credit note to tell.
  const [seen] = await tx.select().from(planChargeRefunds).where(eq(planChargeRefunds.providerRefundId, input.refundId)).limit(1)
  if (seen) return false
  const refundable = charge.amountClp - charge.refundedClp
  if (!Number.isSafeInteger(input.amountClp) || input.amountClp < 1 || input.amountClp > refundable)
    throw new PlanChargeRefundTooLargeError(`at most ${refundable} CLP can be refunded`)
  await tx.insert(planChargeRefunds).values({ providerRefundId: input.refundId, planChargeId: charge.id, amountClp: input.amountClp })
  await tx
    .update(planCharges)
    .set({ refundedClp: charge.refundedClp + input.amountClp })
    .where(eq(planCharges.id, charge.id))
  await queueCreditNote(tx, {
    original: { sourceKind: 'plan_charge', sourceId: charge.id },
    refundKey: `plan_refund:${input.refundId}`,
    amountClp: input.amountClp,
    reason: input.reason ?? `Devolución: ${lineOf(charge.planTitle, charge.paidAt)}`,
  })
  return true
}

/** A plan subscription's charges with something left to refund, oldest first, locked for the caller's transaction. */
export async function refundablePlanCharges(tx: Tx, subscriptionId: string) {
  return tx
    .select()
    .from(planCharges)
    .where(and(eq(planCharges.subscriptionId, subscriptionId), lt(planCharges.refundedClp, planCharges.amountClp)))
    .orderBy(asc(planCharges.paidAt))
    .for('update')
}

/**
 * The provider reports refunds of a payment (its charge.refunded): those of a plan charge get their
 * credit note here, once per refund id, whoever made them (our withdrawal, which recorded them
 * already, or an operator at the provider's dashboard). Answers the refunds newly applied; a
 * report above what is left of the charge is not applied (the provider never refunds more).
 */
export async function recordProviderPlanRefunds(tx: Tx, paymentId: string, refunds: { id: string; amount: number }[]) {
  const [charge] = await tx.select({ id: planCharges.id }).from(planCharges).where(eq(planCharges.providerPaymentId, paymentId)).limit(1)
  if (!charge) return []
  const applied: string[] = []
  for (const refund of refunds) {
    try {
      if (await recordPlanChargeRefund(tx, { chargeId: charge.id, refundId: refund.id, amountClp: refund.amount })) applied.push(refund.id)
    } catch (err) {
      if (!(err instanceof PlanChargeRefundTooLargeError)) throw err
    }
  }
  return applied
}

/** Whether a plan subscription has any recorded charge. */
export async function anyPlanCharge(tx: Tx, subscriptionId: string) {
  const [row] = await tx.select({ id: planCharges.id }).from(planCharges).where(eq(planCharges.subscriptionId, subscriptionId)).limit(1)
  return Boolean(row)
}

/** What was refunded of a plan subscription's charges, in all. */
export async function planRefundedClp(tx: Tx, subscriptionId: string) {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${planCharges.refundedClp}), 0)::int` })
    .from(planCharges)
    .where(eq(planCharges.subscriptionId, subscriptionId))
  return Number(row?.total ?? 0)
}
