import type { AdminDispute, AdminPaymentReplay, AdminPaymentReplayResult } from '@app/contracts'
import { asc, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientDisputes, clientPayments, trainers } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { NoWebhooksError } from '../../providers/payments/types.ts'
import { recordAudit } from '../audit/service.ts'
import { runFollowUps } from '../client-billing/events.ts'
import { enforceOneTrial } from '../billing/service.ts'
import { applyEventInTx } from '../payments/webhook.ts'
import type { Operator } from './actor.ts'

/**
 * Chargebacks for the console (decision 250): the open ones first, the nearest evidence deadline
 * first, then the 50 most recently resolved.
 */
export async function listDisputes(app: FastifyInstance): Promise<{ data: AdminDispute[] }> {
  const select = () =>
    app.db
      .select({
        d: clientDisputes,
        providerPaymentId: clientPayments.providerPaymentId,
        first: trainers.firstName,
        last: trainers.lastName,
      })
      .from(clientDisputes)
      .innerJoin(clientPayments, eq(clientPayments.id, clientDisputes.paymentId))
      .innerJoin(trainers, eq(trainers.id, clientPayments.trainerId))
  const open = await select()
    .where(eq(clientDisputes.status, 'open'))
    .orderBy(sql`${clientDisputes.evidenceDueAt} asc nulls last`, asc(clientDisputes.openedAt))
    .limit(200)
  const resolved = await select()
    .where(sql`${clientDisputes.status} <> 'open'`)
    .orderBy(desc(clientDisputes.updatedAt))
    .limit(50)
  return {
    data: [...open, ...resolved].map(({ d, providerPaymentId, first, last }) => ({
      id: d.id,
      provider: d.provider,
      providerReference: d.providerReference,
      paymentId: d.paymentId,
      providerPaymentId,
      trainerName: `${first} ${last}`.trim(),
      amountClp: d.amountClp,
      status: d.status,
      evidenceDueAt: d.evidenceDueAt?.toISOString() ?? null,
      openedAt: d.openedAt.toISOString(),
      resolvedAt: d.resolvedAt?.toISOString() ?? null,
    })),
  }
}

/**
 * The operator's replay (decision 250): the provider reads the payment or dispute again and it is
 * applied as its notification would be, in one transaction with its audit row; what was applied
 * before changes nothing (every booking is keyed by the provider's ids).
 */
export async function replayPayment(
  app: FastifyInstance,
  operator: Operator,
  input: AdminPaymentReplay,
): Promise<AdminPaymentReplayResult> {
  let event
  try {
    event = await app.payments.replay(input)
  } catch (err) {
    if (err instanceof NoWebhooksError) throw unprocessable({ kind: 'notPurchasable' }, 'This payment provider has nothing to read again')
    throw err
  }
  const { duplicate, completion, followUps, changed } = await app.db.transaction(async (tx) => {
    const applied = await applyEventInTx(app, tx, event)
    await recordAudit(tx, {
      action: 'payment.replay',
      actor: operator.actor,
      ip: operator.ip,
      subjectType: input.kind,
      subjectId: input.id,
      after: { event: event.kind, duplicate: applied.duplicate },
    })
    return { ...applied, changed: !applied.duplicate && event.kind !== 'ignored' }
  })
  if (!duplicate && completion) await enforceOneTrial(app, completion)
  await runFollowUps(app, followUps)
  return { event: event.kind, applied: changed }
}
