import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientPayments, clientSubscriptions, ledgerEntries, ledgerTransactions } from '../../db/schema.ts'
import { accounts } from '../ledger/service.ts'
import { reversalShares, splitAmount, type Shares } from '../ledger/split.ts'

// Money booked at chosen instants around Chile's month ends (set-based inserts, as a bulk load
// would: the ledger's trigger keeps its daily totals from them), for the statement's tests.

type Sub = typeof clientSubscriptions.$inferSelect
type Payment = typeof clientPayments.$inferSelect

/** The trainer's first client subscription. */
export const subOf = async (app: FastifyInstance, trainerId: string) =>
  (await app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.trainerId, trainerId)).limit(1))[0]

/** A client payment of `amountClp` booked at `at` (its split from the subscription's rates). */
export async function bookPayment(app: FastifyInstance, sub: Sub, amountClp: number, at: string) {
  const shares = splitAmount(amountClp, { trainer: sub.trainerBps, gym: sub.gymBps, platform: sub.platformBps })
  const [payment] = await app.db
    .insert(clientPayments)
    .values({
      subscriptionId: sub.id,
      trainerId: sub.trainerId,
      gymId: sub.gymId,
      provider: 'sandbox',
      providerPaymentId: `stmt-${crypto.randomUUID()}`,
      amountClp,
      trainerShareClp: shares.trainer,
      gymShareClp: shares.gym,
      platformShareClp: shares.platform,
      paidAt: new Date(at),
    })
    .returning()
  await post(app, 'payment', payment, shares, 1, at)
  return payment
}

/** A refund of `amountClp` of `payment` booked at `at`: each share given back as split.ts says. */
export async function bookRefund(
  app: FastifyInstance,
  payment: Payment,
  amountClp: number,
  at: string,
  kind: 'refund' | 'dispute' = 'refund',
) {
  const stored = { trainer: payment.trainerShareClp, gym: payment.gymShareClp, platform: payment.platformShareClp }
  await post(app, kind, payment, reversalShares(stored, 0, amountClp), -1, at)
}

async function post(
  app: FastifyInstance,
  kind: 'payment' | 'refund' | 'dispute',
  payment: Payment,
  shares: Shares,
  sign: 1 | -1,
  at: string,
) {
  await app.db.transaction(async (tx) => {
    const [t] = await tx
      .insert(ledgerTransactions)
      .values({ kind, sourceKey: `${kind}:stmt-${crypto.randomUUID()}`, paymentId: payment.id, createdAt: new Date(at) })
      .returning()
    const entries = [
      { account: accounts.providerClearing, amountClp: -sign * (shares.trainer + shares.gym + shares.platform) },
      { account: accounts.trainer(payment.trainerId), amountClp: sign * shares.trainer },
      { account: accounts.platformRevenue, amountClp: sign * shares.platform },
      ...(payment.gymId && shares.gym ? [{ account: accounts.gym(payment.gymId), amountClp: sign * shares.gym }] : []),
    ]
    await tx.insert(ledgerEntries).values(entries.map((e) => ({ ...e, transactionId: t.id, createdAt: new Date(at) })))
  })
}
