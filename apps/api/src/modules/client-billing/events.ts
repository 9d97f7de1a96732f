import { and, eq, isNull, lte, ne, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import {
  businesses,
  clientDisputes,
  clientPayments,
  clientSubscriptions,
  clientTransfers,
  gyms,
  payoutAccounts,
  trainers,
  users,
} from '../../db/schema.ts'
import type { ProviderEvent, ProviderSubscription } from '../../providers/payments/types.ts'
import { accounts, recordPayment, recordRefund, recordTransfer, RefundTooLargeError } from '../ledger/service.ts'
import { reversalShares } from '../ledger/split.ts'
import { clawBack } from './claw-back.ts'
import { endAtProvider, endIfRefundedInFull } from './ended-by-refund.ts'
import { completeClientCheckout, openCheckoutOf } from './client.ts'

type SubscriptionRow = typeof clientSubscriptions.$inferSelect
type PaymentRow = typeof clientPayments.$inferSelect

/**
 * Work that calls the provider after the event's transaction committed: transfers to connected
 * accounts of a payment, giving back a paid checkout that was refused (issue 19), or ending at the
 * provider a subscription whose period was refunded in full (decision 198).
 */
export type FollowUp =
  | { payment: PaymentRow }
  | { refuse: { subscriptionId: string; accountId: string | null; chargeId: string | null; amountClp: number } }
  | { end: SubscriptionRow }

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
 * the trainer's connected account: the trainer's share is settled at once; a payment split at
 * the source settles the gym's share the same way. A platform charge
 * (gym trainer) is paid out by transfers after the commit (FollowUp).
 */
async function paid(
  tx: Tx,
  sub: SubscriptionRow,
  input: { providerPaymentId: string; amountClp: number; periodEnd: Date | null },
): Promise<FollowUp[]> {
  // Booked as it happened (the money came in), split on what was paid; an operator sees the flag.
  const late = sub.state === 'cancelled'
  const { payment, created } = await recordPayment(tx, sub, {
    providerPaymentId: input.providerPaymentId,
    amountClp: input.amountClp,
    paidAt: new Date(),
    flag: late ? 'after_cancel' : input.amountClp !== sub.priceClp ? 'amount_mismatch' : null,
  })
  // A late payment never revives a cancelled subscription; an older one delivered again (a retried
  // notification, an operator's replay) never moves the period back nor revives a past-due one.
  const current = sub.currentPeriodEnd?.getTime() ?? null
  const end = input.periodEnd?.getTime() ?? null
  const newer = end === null || current === null || (created ? end >= current : end > current)
  if (!late && newer)
    await tx
      .update(clientSubscriptions)
      .set({ state: 'active', ...(input.periodEnd ? { currentPeriodEnd: input.periodEnd } : {}) })
      .where(and(eq(clientSubscriptions.id, sub.id)))
  if (!created) return []
  if (sub.providerAccountId) {
    await recordTransfer(tx, {
      sourceKey: `direct:${payment.id}`,
      paymentId: payment.id,
      account: accounts.trainer(sub.trainerId),
      amountClp: payment.trainerShareClp,
    })
    // Split at the source (disbursements, decision 249): the gym's share landed on the gym's own account too.
    if (sub.gymId)
      await recordTransfer(tx, {
        sourceKey: `direct:${payment.id}:gym`,
        paymentId: payment.id,
        account: accounts.gym(sub.gymId),
        amountClp: payment.gymShareClp,
      })
    return []
  }
  return [{ payment }]
}

/** A subscription change applies only when it is not older than the last applied (issue 19). */
const notOlder = (at: Date) => or(isNull(clientSubscriptions.providerEventAt), lte(clientSubscriptions.providerEventAt, at))

/**
 * Client-billing side of a provider event, in the transaction that records the event id (the
 * caller's), so an event is applied exactly once with its ledger entries.
 */
export async function applyClientEvent(app: FastifyInstance, tx: Tx, event: ProviderEvent): Promise<FollowUp[]> {
  switch (event.kind) {
    case 'checkout.completed': {
      if (event.metadata?.kind !== 'client' || !event.subscription) return []
      // Not paid yet (a delayed method): the checkout stays open until its invoice is paid.
      if (event.paymentStatus === 'unpaid') return []
      const done = await completeClientCheckout(app, tx, event.sessionId, {
        providerSubscriptionId: event.subscription.id,
        customerId: event.subscription.customerId,
        accountId: event.account ?? null,
        currentPeriodEnd: event.subscription.currentPeriodEnd,
      })
      // Refused: the subscription ends at the provider now; its paid invoice is refunded when it is reported.
      if (done.refusal)
        return [{ refuse: { subscriptionId: event.subscription.id, accountId: event.account ?? null, chargeId: null, amountClp: 0 } }]
      return []
    }
    case 'invoice.paid': {
      let sub: SubscriptionRow | undefined = await clientSubscriptionOf(tx, event.subscriptionId)
      // The invoice can arrive before the checkout's own event: start the subscription from it.
      if (!sub && event.metadata?.kind === 'client' && event.metadata.invitationId) {
        const checkout = await openCheckoutOf(tx, event.metadata.invitationId)
        if (checkout) {
          sub =
            (
              await completeClientCheckout(app, tx, checkout.id, {
                providerSubscriptionId: event.subscriptionId,
                customerId: null,
                accountId: event.account ?? null,
                currentPeriodEnd: event.periodEnd,
              })
            ).sub ?? undefined
        }
        // Paid for a checkout that was refused (or never ours to complete): nothing is booked, all goes back.
        if (!sub && event.amountPaid && event.amountPaid > 0)
          return [
            {
              refuse: {
                subscriptionId: event.subscriptionId,
                accountId: event.account ?? null,
                chargeId: event.chargeId ?? null,
                amountClp: event.amountPaid,
              },
            },
          ]
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
        .where(
          and(
            eq(clientSubscriptions.providerSubscriptionId, event.subscriptionId),
            eq(clientSubscriptions.state, 'active'),
            notOlder(event.at),
          ),
        )
      return []
    case 'subscription.changed': {
      const s = event.subscription
      const state = stateOf(s.status)
      await tx
        .update(clientSubscriptions)
        .set({
          state,
          currentPeriodEnd: s.currentPeriodEnd,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          providerEventAt: event.at,
          ...(s.status === 'canceled' ? { cancelledAt: s.cancelledAt ?? new Date() } : {}),
        })
        .where(
          and(
            eq(clientSubscriptions.providerSubscriptionId, s.id),
            notOlder(event.at),
            // Cancelled is final: an older `updated` delivered after `deleted` never revives it.
            state === 'cancelled' ? undefined : ne(clientSubscriptions.state, 'cancelled'),
          ),
        )
      return []
    }
    case 'charge.refunded': {
      const [payment] = await tx.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, event.chargeId)).limit(1)
      if (!payment) return []
      const followUps: FollowUp[] = []
      for (const refund of event.refunds) {
        try {
          const done = await recordRefund(tx, {
            paymentId: payment.id,
            providerRefundId: refund.id,
            amountClp: refund.amount,
            kind: 'refund',
          })
          if (done.created) await clawBack(app, tx, done.payment, `refund:${refund.id}`, done.reversal)
          const ended = await endIfRefundedInFull(tx, done.payment)
          if (ended) followUps.push({ end: ended })
        } catch (err) {
          // The provider never refunds more than was paid; a report that says so is logged, not applied.
          if (!(err instanceof RefundTooLargeError)) throw err
          app.log.error({ chargeId: event.chargeId, refundId: refund.id }, 'refund above the payment ignored')
        }
      }
      return followUps
    }
    case 'charge.disputed':
      // Booked when the provider takes the money (a provider that debits at the dispute's creation).
      return disputeFollowed(app, tx, { ...event, reference: event.disputeId, status: 'lost', evidenceDueBy: null })
    case 'dispute.changed':
      return disputeFollowed(app, tx, event)
    default:
      return []
  }
}

/**
 * After the commit: a gym trainer's client paid the platform; the trainer's and the gym's shares
 * go to their connected accounts (separate transfers, decision 063), less what a refund already
 * took back. Each transfer is stored (to be reversed on a refund, decision 092) with its ledger
 * entries. A failed transfer leaves the share as a balance in the ledger and is logged.
 */
export async function runFollowUps(app: FastifyInstance, followUps: FollowUp[]) {
  for (const followUp of followUps) {
    if ('refuse' in followUp) {
      await giveBack(app, followUp.refuse)
      continue
    }
    if ('end' in followUp) {
      await endAtProvider(app, followUp.end)
      continue
    }
    const paid = followUp.payment
    const [payment] = await app.db.select().from(clientPayments).where(eq(clientPayments.id, paid.id)).limit(1)
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
    const refunded = reversalShares(
      { trainer: payment.trainerShareClp, gym: payment.gymShareClp, platform: payment.platformShareClp },
      0,
      payment.refundedClp,
    )
    const legs = [
      {
        party: 'trainer' as const,
        account: accounts.trainer(payment.trainerId),
        destination: trainerAccount?.providerAccountId,
        amount: payment.trainerShareClp - refunded.trainer,
      },
      ...(payment.gymId
        ? [
            {
              party: 'gym' as const,
              account: accounts.gym(payment.gymId),
              destination: gym?.account ?? undefined,
              amount: payment.gymShareClp - refunded.gym,
            },
          ]
        : []),
    ]
    // A deactivated trainer is paid nothing (issue 19): the share stays as their balance in the ledger.
    const [trainerUser] = trainer?.userId
      ? await app.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, trainer.userId)).limit(1)
      : []
    const trainerPayable = Boolean(trainer?.isActive && trainerUser?.isActive)
    for (const leg of legs) {
      if (!leg.destination || leg.amount <= 0) continue
      if (leg.party === 'trainer' && !trainerPayable) {
        app.log.warn({ paymentId: payment.id }, 'no transfer to a deactivated trainer')
        continue
      }
      try {
        const done = await app.payments.clients.transfer({
          amountClp: leg.amount,
          destination: leg.destination,
          sourcePaymentId: payment.providerPaymentId,
          idempotencyKey: `transfer-${payment.id}-${leg.party}`,
        })
        if (done)
          await app.db.transaction(async (tx) => {
            const [row] = await tx
              .insert(clientTransfers)
              .values({
                paymentId: payment.id,
                party: leg.party,
                account: leg.account,
                provider: payment.provider,
                providerTransferId: done.transferId,
                amountClp: leg.amount,
              })
              .onConflictDoNothing()
              .returning({ id: clientTransfers.id })
            if (row)
              await recordTransfer(tx, {
                sourceKey: `transfer:${payment.id}:${leg.party}`,
                paymentId: payment.id,
                account: leg.account,
                amountClp: leg.amount,
              })
          })
      } catch (err) {
        app.log.error({ err: (err as Error).message, paymentId: payment.id, party: leg.party }, 'transfer to a connected account failed')
      }
    }
  }
}

/**
 * A paid checkout that was refused (issue 19): the subscription ends at the provider and what it
 * charged goes back in full. Nothing was booked, so nothing is reversed in the ledger; the
 * checkout keeps the reason. Both calls are idempotent, so a redelivered event repeats them safely.
 */
async function giveBack(app: FastifyInstance, refused: Extract<FollowUp, { refuse: unknown }>['refuse']) {
  try {
    await app.payments.clients.cancelSubscription({
      subscriptionId: refused.subscriptionId,
      accountId: refused.accountId,
      atPeriodEnd: false,
    })
  } catch (err) {
    app.log.error({ err: (err as Error).message, subscriptionId: refused.subscriptionId }, 'cancelling a refused subscription failed')
  }
  if (!refused.chargeId || refused.amountClp <= 0) return
  try {
    await app.payments.clients.refund({
      paymentId: refused.chargeId,
      amountClp: refused.amountClp,
      accountId: refused.accountId,
      idempotencyKey: `refused-${refused.chargeId}`,
    })
  } catch (err) {
    app.log.error({ err: (err as Error).message, chargeId: refused.chargeId }, 'refunding a refused checkout failed')
  }
}

/**
 * A dispute's state as the provider reports it now (decision 250): kept for the operator with its
 * evidence deadline; open or won moves no money; lost takes back what was not refunded yet, once
 * (the refund row is keyed by the dispute id), each share as it moved. Resolved is final: an older
 * report never reopens it.
 */
async function disputeFollowed(
  app: FastifyInstance,
  tx: Tx,
  event: Omit<Extract<ProviderEvent, { kind: 'dispute.changed' }>, 'id' | 'type' | 'at' | 'kind'>,
): Promise<FollowUp[]> {
  const [payment] = await tx.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, event.chargeId)).limit(1)
  if (!payment) return []
  const resolvedAt = event.status === 'open' ? null : new Date()
  await tx
    .insert(clientDisputes)
    .values({
      provider: payment.provider,
      providerDisputeId: event.disputeId,
      providerReference: event.reference,
      paymentId: payment.id,
      amountClp: event.amount,
      status: event.status,
      evidenceDueAt: event.evidenceDueBy,
      resolvedAt,
    })
    .onConflictDoUpdate({
      target: [clientDisputes.provider, clientDisputes.providerDisputeId],
      set: { status: event.status, evidenceDueAt: event.evidenceDueBy, amountClp: event.amount, resolvedAt, updatedAt: new Date() },
      setWhere: eq(clientDisputes.status, 'open'),
    })
  if (event.status !== 'lost') return []
  const amount = Math.min(event.amount, payment.amountClp - payment.refundedClp)
  if (amount <= 0) return []
  const done = await recordRefund(tx, { paymentId: payment.id, providerRefundId: event.disputeId, amountClp: amount, kind: 'dispute' })
  if (done.created) await clawBack(app, tx, done.payment, `dispute:${event.disputeId}`, done.reversal)
  const ended = await endIfRefundedInFull(tx, done.payment)
  return ended ? [{ end: ended }] : []
}
