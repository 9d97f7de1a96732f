import { eq } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { Tx } from '../../db/client.ts'
import { clientPayments, clientSubscriptions, offers, trainers, users } from '../../db/schema.ts'
import { mailText } from '../../mail/texts.ts'
import { queueMail } from '../../plugins/mailer.ts'

export interface ReceiptFact {
  paymentId: string
  kind: 'payment' | 'refund'
  /** This payment's amount, or this refund's. */
  amountClp: number
  /** The provider's id of this payment or refund. */
  reference: string
}

/**
 * Mails the client a receipt of a payment or a refund, in the client's language, in the
 * transaction that records it (decision 162). It names the amount, the trainer, the plan, the
 * month paid and the provider's reference; how the amount is split is not the client's business.
 */
export async function queueReceipt(tx: Tx, fact: ReceiptFact) {
  const [row] = await tx
    .select({
      paidAt: clientPayments.paidAt,
      paymentReference: clientPayments.providerPaymentId,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      trainerFirstName: trainers.firstName,
      trainerLastName: trainers.lastName,
      offerTitle: offers.title,
    })
    .from(clientPayments)
    .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, clientPayments.subscriptionId))
    .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
    .innerJoin(trainers, eq(trainers.id, clientPayments.trainerId))
    .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
    .where(eq(clientPayments.id, fact.paymentId))
    .limit(1)
  if (!row) return
  const start = DateTime.fromJSDate(row.paidAt, { zone: 'America/Santiago' })
  const values = {
    firstName: row.firstName,
    trainerName: `${row.trainerFirstName} ${row.trainerLastName}`,
    offerTitle: row.offerTitle,
    amountClp: fact.amountClp,
    periodStart: start.toJSDate(),
    periodEnd: start.plus({ months: 1 }).toJSDate(),
    paymentReference: row.paymentReference,
    reference: fact.reference,
  }
  const text = fact.kind === 'payment' ? mailText('paymentReceipt', row.language, values) : mailText('refundReceipt', row.language, values)
  await queueMail(tx, { to: row.email, ...text, secrets: [] })
}
