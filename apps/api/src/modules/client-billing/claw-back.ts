import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { clientPayments, clientSubscriptions, clientTransfers } from '../../db/schema.ts'
import { TransferRefusedError } from '../../providers/payments/types.ts'
import { accounts, recordReceivable, recordTransferReversal } from '../ledger/service.ts'
import type { Shares } from '../ledger/split.ts'

type PaymentRow = typeof clientPayments.$inferSelect

/**
 * After a refund or a dispute of `payment` was recorded, in the same transaction (decision 092):
 * each share that left the platform gives back its part of `reversal` (the cumulative split of
 * decision 060). A direct charge was refunded from the trainer's connected account by the provider
 * itself (and a payment split at the source from each party's); a platform charge's transfers are reversed here, each at most what is left of it. A
 * reversal the provider refuses (empty connected balance) becomes the party's receivable. An
 * outage throws: the transaction (and the event with it) is retried.
 */
export async function clawBack(app: FastifyInstance, tx: Tx, payment: PaymentRow, refundKey: string, reversal: Shares) {
  const [sub] = await tx.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, payment.subscriptionId)).limit(1)
  if (sub?.providerAccountId) {
    await recordTransferReversal(tx, {
      sourceKey: `reversal:${refundKey}:trainer`,
      paymentId: payment.id,
      account: accounts.trainer(payment.trainerId),
      amountClp: reversal.trainer,
    })
    // Split at the source (decision 249): the gym's disbursement gave back its part the same way.
    if (payment.gymId)
      await recordTransferReversal(tx, {
        sourceKey: `reversal:${refundKey}:gym`,
        paymentId: payment.id,
        account: accounts.gym(payment.gymId),
        amountClp: reversal.gym,
      })
    return
  }
  for (const party of ['trainer', 'gym'] as const) {
    if (reversal[party] <= 0) continue
    const [transfer] = await tx
      .select()
      .from(clientTransfers)
      .where(and(eq(clientTransfers.paymentId, payment.id), eq(clientTransfers.party, party)))
      .limit(1)
      .for('update')
    // No transfer made: the share is still held here and the refund's entries took it back.
    if (!transfer) continue
    const amount = Math.min(reversal[party], transfer.amountClp - transfer.reversedClp)
    if (amount <= 0) continue
    try {
      const done = await app.payments.clients.reverseTransfer({
        transferId: transfer.providerTransferId,
        amountClp: amount,
        idempotencyKey: `reversal-${refundKey}-${party}`,
      })
      if (!done) continue
      await tx
        .update(clientTransfers)
        .set({ reversedClp: transfer.reversedClp + amount })
        .where(eq(clientTransfers.id, transfer.id))
      await recordTransferReversal(tx, {
        sourceKey: `reversal:${refundKey}:${party}`,
        paymentId: payment.id,
        account: transfer.account,
        amountClp: amount,
      })
    } catch (err) {
      if (!(err instanceof TransferRefusedError)) throw err
      app.log.warn({ paymentId: payment.id, party, amountClp: amount }, 'transfer reversal refused: booked as a receivable')
      await recordReceivable(tx, {
        sourceKey: `receivable:${refundKey}:${party}`,
        paymentId: payment.id,
        account: transfer.account,
        amountClp: amount,
      })
    }
  }
}
