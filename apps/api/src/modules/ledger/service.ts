import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { clientPayments, clientRefunds, clientSubscriptions, ledgerEntries, ledgerTransactions } from '../../db/schema.ts'
import { reversalShares, splitAmount, type Shares } from './split.ts'
import { queueReceipt } from '../receipts/service.ts'
import { queueCommissionCreditNote, queueCommissionDocument } from '../tax-documents/commission.ts'

/**
 * Ledger accounts (decision 061). Amounts are credit-positive: a positive balance is what the
 * platform holds for that party; provider_clearing is the money the provider holds for us,
 * negative while collected and not yet paid out.
 */
export const accounts = {
  providerClearing: 'provider_clearing',
  platformRevenue: 'platform_revenue',
  trainer: (trainerId: string) => `trainer:${trainerId}`,
  gym: (gymId: string) => `gym:${gymId}`,
  /** What a party owes the platform (a reversal its connected account could not cover): the only place a party goes below zero. */
  receivable: (partyAccount: string) => `receivable:${partyAccount}`,
}

export type LedgerKind = (typeof ledgerTransactions.$inferInsert)['kind']
export interface LedgerEntryInput {
  account: string
  amountClp: number
}

export class UnbalancedTransactionError extends Error {}

/**
 * The one way money is written: a transaction of entries that sum to zero, once per `sourceKey`
 * (a provider event or payment id). Answers false when that source was already posted, so a
 * replayed event posts nothing. Call inside the database transaction that records the event;
 * the deferred trigger of migration 0003 checks the sum again at commit.
 */
export async function postTransaction(
  tx: Tx,
  input: { kind: LedgerKind; sourceKey: string; paymentId?: string | null; entries: LedgerEntryInput[] },
): Promise<boolean> {
  const entries = input.entries.filter((e) => e.amountClp !== 0)
  for (const e of entries) if (!Number.isSafeInteger(e.amountClp)) throw new UnbalancedTransactionError(`not whole pesos: ${e.amountClp}`)
  const total = entries.reduce((s, e) => s + e.amountClp, 0)
  if (total !== 0 || entries.length < 2)
    throw new UnbalancedTransactionError(`ledger transaction ${input.sourceKey} does not balance (${total})`)
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({ kind: input.kind, sourceKey: input.sourceKey, paymentId: input.paymentId ?? null })
    .onConflictDoNothing({ target: ledgerTransactions.sourceKey })
    .returning({ id: ledgerTransactions.id })
  if (!row) return false
  await tx.insert(ledgerEntries).values(entries.map((e) => ({ transactionId: row.id, account: e.account, amountClp: e.amountClp })))
  return true
}

/** An account's balance: the sum of its entries. */
export async function balanceOf(tx: Tx, account: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountClp}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account))
  return Number(row.total)
}

type SubscriptionRow = typeof clientSubscriptions.$inferSelect
type PaymentRow = typeof clientPayments.$inferSelect

const sharesOf = (p: Pick<PaymentRow, 'trainerShareClp' | 'gymShareClp' | 'platformShareClp'>): Shares => ({
  trainer: p.trainerShareClp,
  gym: p.gymShareClp,
  platform: p.platformShareClp,
})

function shareEntries(sub: { trainerId: string; gymId: string | null }, shares: Shares, sign: 1 | -1): LedgerEntryInput[] {
  const amount = shares.trainer + shares.gym + shares.platform
  const entries: LedgerEntryInput[] = [
    { account: accounts.providerClearing, amountClp: -sign * amount },
    { account: accounts.trainer(sub.trainerId), amountClp: sign * shares.trainer },
    { account: accounts.platformRevenue, amountClp: sign * shares.platform },
  ]
  if (shares.gym !== 0) {
    if (!sub.gymId) throw new UnbalancedTransactionError('a gym share without a gym')
    entries.push({ account: accounts.gym(sub.gymId), amountClp: sign * shares.gym })
  }
  return entries
}

/**
 * A charge of a client subscription: the split from the subscription's stored rates is computed
 * here, once, stored on the payment and posted to the ledger in the same transaction. A payment
 * id already recorded returns the stored row and posts nothing.
 */
/**
 * Why a booked payment needs an operator's eye (issue 19): it differs from the subscription's
 * price (split on what was paid), or it arrived for a subscription already cancelled.
 */
export type PaymentFlag = NonNullable<PaymentRow['flag']>

export async function recordPayment(
  tx: Tx,
  sub: SubscriptionRow,
  input: { providerPaymentId: string; amountClp: number; paidAt: Date; flag?: PaymentFlag | null },
): Promise<{ payment: PaymentRow; created: boolean }> {
  const shares = splitAmount(input.amountClp, { trainer: sub.trainerBps, gym: sub.gymBps, platform: sub.platformBps })
  const [inserted] = await tx
    .insert(clientPayments)
    .values({
      subscriptionId: sub.id,
      trainerId: sub.trainerId,
      gymId: sub.gymId,
      provider: sub.provider,
      providerPaymentId: input.providerPaymentId,
      amountClp: input.amountClp,
      trainerShareClp: shares.trainer,
      gymShareClp: shares.gym,
      platformShareClp: shares.platform,
      paidAt: input.paidAt,
      flag: input.flag ?? null,
    })
    .onConflictDoNothing({ target: clientPayments.providerPaymentId })
    .returning()
  if (!inserted) {
    const [existing] = await tx.select().from(clientPayments).where(eq(clientPayments.providerPaymentId, input.providerPaymentId)).limit(1)
    return { payment: existing, created: false }
  }
  await postTransaction(tx, {
    kind: 'payment',
    sourceKey: `payment:${inserted.providerPaymentId}`,
    paymentId: inserted.id,
    entries: shareEntries(sub, shares, 1),
  })
  // The platform's commission is documented to whoever collected the payment (decision 223).
  await queueCommissionDocument(tx, inserted)
  await queueReceipt(tx, { paymentId: inserted.id, kind: 'payment', amountClp: inserted.amountClp, reference: inserted.providerPaymentId })
  return { payment: inserted, created: true }
}

/**
 * Money paid out of the platform's provider balance to a party (a transfer to the trainer's or
 * the gym's connected account, or a direct charge that never reached the platform).
 */
export async function recordTransfer(tx: Tx, input: { sourceKey: string; paymentId: string; account: string; amountClp: number }) {
  if (input.amountClp === 0) return false
  return postTransaction(tx, {
    kind: 'transfer',
    sourceKey: input.sourceKey,
    paymentId: input.paymentId,
    entries: [
      { account: input.account, amountClp: -input.amountClp },
      { account: accounts.providerClearing, amountClp: input.amountClp },
    ],
  })
}

/** Money taken back from a party's connected account (a transfer reversal, or the party's part of a refund of a direct charge). */
export async function recordTransferReversal(tx: Tx, input: { sourceKey: string; paymentId: string; account: string; amountClp: number }) {
  if (input.amountClp === 0) return false
  return postTransaction(tx, {
    kind: 'transfer_reversal',
    sourceKey: input.sourceKey,
    paymentId: input.paymentId,
    entries: [
      { account: input.account, amountClp: input.amountClp },
      { account: accounts.providerClearing, amountClp: -input.amountClp },
    ],
  })
}

/** A reversal the provider refused: the party's debt moves to its receivable account, visible to operators. */
export async function recordReceivable(tx: Tx, input: { sourceKey: string; paymentId: string; account: string; amountClp: number }) {
  if (input.amountClp === 0) return false
  return postTransaction(tx, {
    kind: 'receivable',
    sourceKey: input.sourceKey,
    paymentId: input.paymentId,
    entries: [
      { account: input.account, amountClp: input.amountClp },
      { account: accounts.receivable(input.account), amountClp: -input.amountClp },
    ],
  })
}

export class RefundTooLargeError extends Error {
  constructor(public readonly refundable: number) {
    super(`at most ${refundable} CLP can be refunded`)
  }
}

/**
 * A refund or a dispute of `amountClp` pesos, once per provider refund id. The payment row is
 * locked, so two refunds of one payment are decided one after the other and never pass its
 * amount. The shares are reversed cumulatively (split.ts), or as the provider moved them
 * (`parts`): a full refund after partial ones returns exactly each stored share.
 */
/** What the refunds and disputes booked so far took back from each party of a payment. */
async function reversedSoFar(tx: Tx, payment: PaymentRow): Promise<Shares> {
  const rows = await tx
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amountClp})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.paymentId, payment.id), inArray(ledgerTransactions.kind, ['refund', 'dispute'])))
    .groupBy(ledgerEntries.account)
  const taken = (account: string) => -Number(rows.find((r) => r.account === account)?.total ?? 0)
  return {
    trainer: taken(accounts.trainer(payment.trainerId)),
    gym: payment.gymId ? taken(accounts.gym(payment.gymId)) : 0,
    platform: taken(accounts.platformRevenue),
  }
}

/**
 * Each party's part of a refund: what the provider says each gave back (`parts`, where the
 * payment was split at the source and the provider rounds its fee's refund itself, decision 249),
 * else the cumulative split of decision 060. The refund that completes the payment takes back
 * exactly what each party has left, so the shares always come back whole.
 */
async function reversalOf(tx: Tx, payment: PaymentRow, after: number, parts: Shares | undefined): Promise<Shares> {
  const shares = sharesOf(payment)
  if (!parts && after < payment.amountClp) return reversalShares(shares, payment.refundedClp, after)
  const done = await reversedSoFar(tx, payment)
  const left = { trainer: shares.trainer - done.trainer, gym: shares.gym - done.gym, platform: shares.platform - done.platform }
  if (after === payment.amountClp) return left
  const amount = after - payment.refundedClp
  const valid =
    parts &&
    parts.trainer + parts.gym + parts.platform === amount &&
    (['trainer', 'gym', 'platform'] as const).every((k) => Number.isSafeInteger(parts[k]) && parts[k] >= 0 && parts[k] <= left[k])
  if (!valid) throw new UnbalancedTransactionError(`refund parts ${JSON.stringify(parts)} do not fit payment ${payment.id}`)
  return parts
}

export async function recordRefund(
  tx: Tx,
  input: { paymentId: string; providerRefundId: string; amountClp: number; kind: 'refund' | 'dispute'; parts?: Shares },
): Promise<{ payment: PaymentRow; created: boolean; reversal: Shares }> {
  const [payment] = await tx.select().from(clientPayments).where(eq(clientPayments.id, input.paymentId)).limit(1).for('update')
  if (!payment) throw new Error(`no payment ${input.paymentId}`)
  const [seen] = await tx
    .select({ id: clientRefunds.id })
    .from(clientRefunds)
    .where(eq(clientRefunds.providerRefundId, input.providerRefundId))
    .limit(1)
  if (seen) return { payment, created: false, reversal: { trainer: 0, gym: 0, platform: 0 } }
  const refundable = payment.amountClp - payment.refundedClp
  if (!Number.isSafeInteger(input.amountClp) || input.amountClp < 1 || input.amountClp > refundable)
    throw new RefundTooLargeError(refundable)
  const after = payment.refundedClp + input.amountClp
  const reversal = await reversalOf(tx, payment, after, input.parts)
  await tx
    .insert(clientRefunds)
    .values({ paymentId: payment.id, kind: input.kind, providerRefundId: input.providerRefundId, amountClp: input.amountClp })
  const [updated] = await tx
    .update(clientPayments)
    .set({ refundedClp: after, ...(input.kind === 'dispute' ? { disputedAt: payment.disputedAt ?? new Date() } : {}) })
    .where(and(eq(clientPayments.id, payment.id), eq(clientPayments.refundedClp, payment.refundedClp)))
    .returning()
  await postTransaction(tx, {
    kind: input.kind,
    sourceKey: `${input.kind}:${input.providerRefundId}`,
    paymentId: payment.id,
    entries: shareEntries({ trainerId: payment.trainerId, gymId: payment.gymId }, reversal, -1),
  })
  // Every refund path comes through here: the commission given back gets its credit note (decision 223).
  await queueCommissionCreditNote(tx, payment, {
    kind: input.kind,
    providerRefundId: input.providerRefundId,
    platformClp: reversal.platform,
  })
  // A dispute is the bank's, not a refund the client is told of by us.
  if (input.kind === 'refund')
    await queueReceipt(tx, { paymentId: payment.id, kind: 'refund', amountClp: input.amountClp, reference: input.providerRefundId })
  return { payment: updated, created: true, reversal }
}
