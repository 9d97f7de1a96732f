import { eq } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { Tx } from '../../db/client.ts'
import { clientPayments, gyms, trainers } from '../../db/schema/core.ts'
import { queueCreditNote, queueTaxDocument } from './queue.ts'

// Issue 27 (decision 223): the platform's commission on a client payment is a service it sells to
// whoever collects the payment: the gym when its central billing took a share, else the trainer.
// One document per payment, queued where the ledger records the payment; its refunds and
// chargebacks get a credit note for the commission they give back.

type Payment = Pick<typeof clientPayments.$inferSelect, 'id' | 'trainerId' | 'gymId' | 'gymShareClp' | 'platformShareClp' | 'paidAt'>

async function payerOf(tx: Tx, payment: Payment): Promise<string | null> {
  if (payment.gymId && payment.gymShareClp > 0) {
    const [gym] = await tx.select({ ownerId: gyms.ownerId }).from(gyms).where(eq(gyms.id, payment.gymId)).limit(1)
    if (gym) return gym.ownerId
  }
  const [trainer] = await tx.select({ userId: trainers.userId }).from(trainers).where(eq(trainers.id, payment.trainerId)).limit(1)
  return trainer?.userId ?? null
}

const dayOf = (at: Date) => DateTime.fromJSDate(at, { zone: 'America/Santiago' }).toFormat('dd-LL-yyyy')

export async function queueCommissionDocument(tx: Tx, payment: Payment) {
  if (payment.platformShareClp <= 0) return false
  const recipientUserId = await payerOf(tx, payment)
  if (!recipientUserId) return false
  return queueTaxDocument(tx, {
    sourceKind: 'commission',
    sourceId: payment.id,
    recipientUserId,
    description: `Comisión por servicio de cobro, pago de cliente del ${dayOf(payment.paidAt)}`,
    totalClp: payment.platformShareClp,
  })
}

/** `platformClp`: the part of the commission this refund or chargeback gives back (ledger/split.ts decided it). */
export async function queueCommissionCreditNote(
  tx: Tx,
  payment: Payment,
  input: { kind: 'refund' | 'dispute'; providerRefundId: string; platformClp: number },
) {
  return queueCreditNote(tx, {
    original: { sourceKind: 'commission', sourceId: payment.id },
    refundKey: `${input.kind}:${input.providerRefundId}`,
    amountClp: input.platformClp,
    reason: `${input.kind === 'refund' ? 'Devolución' : 'Contracargo'} del pago de cliente del ${dayOf(payment.paidAt)}: comisión restituida`,
  })
}
