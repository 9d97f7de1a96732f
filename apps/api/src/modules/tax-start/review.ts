import type { AdminTaxStart, AdminTaxStartList, AdminTaxStartListQuery } from '@app/contracts'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { businesses, taxStarts, trainers, users } from '../../db/schema.ts'
import { conflict, notFound } from '../../errors.ts'
import type { Operator } from '../admin/actor.ts'
import { recordAudit } from '../audit/service.ts'
import { queueTaxStartMail } from './mails.ts'
import { declarationColumns, expiryOf, toDeclaration } from './service.ts'

// Issue 27 (decision 222), operators: the tax-start review queue. Pending declarations oldest
// first (first come, first reviewed); approve or reject with a reason. Each answer is given once:
// the same answer again is answered as it stands, the other one is 409.

const reviewer = alias(users, 'tax_start_reviewer')
const columns = {
  ...declarationColumns,
  trainerId: taxStarts.trainerId,
  businessId: taxStarts.businessId,
  trainerName: sql<string | null>`${trainers.firstName} || ' ' || ${trainers.lastName}`,
  trainerRut: trainers.rut,
  businessName: businesses.name,
  businessRut: businesses.rut,
  reviewedByEmail: reviewer.email,
}
const selectReviews = (app: FastifyInstance) =>
  app.db
    .select(columns)
    .from(taxStarts)
    .leftJoin(trainers, eq(trainers.id, taxStarts.trainerId))
    .leftJoin(businesses, eq(businesses.id, taxStarts.businessId))
    .leftJoin(reviewer, eq(reviewer.id, taxStarts.reviewedBy))
type Row = Awaited<ReturnType<typeof selectReviews>>[number]

const toReview = (app: FastifyInstance, row: Row, now = Date.now()): AdminTaxStart => ({
  ...toDeclaration(app, row, now),
  ownerKind: row.trainerId ? 'trainer' : 'business',
  ownerId: (row.trainerId ?? row.businessId)!,
  ownerName: (row.trainerId ? row.trainerName : row.businessName) ?? '',
  ownerRut: row.trainerId ? row.trainerRut : row.businessRut,
  reviewedByEmail: row.reviewedByEmail,
})

/** Pending reviews oldest first; answered ones newest first. */
export async function listTaxStartReviews(app: FastifyInstance, query: AdminTaxStartListQuery): Promise<AdminTaxStartList> {
  const order = query.status === 'pending' ? asc : desc
  const rows = await selectReviews(app)
    .where(eq(taxStarts.status, query.status))
    .orderBy(order(taxStarts.createdAt), order(taxStarts.id))
    .limit(query.limit)
  const now = Date.now()
  return { data: rows.map((r) => toReview(app, r, now)) }
}

export async function taxStartReview(app: FastifyInstance, id: string) {
  const [row] = await selectReviews(app).where(eq(taxStarts.id, id)).limit(1)
  if (!row) throw notFound('No such declaration', { id: 'notFound' })
  return toReview(app, row)
}

type Answer = { status: 'approved' } | { status: 'rejected'; reason: string }

/**
 * Approves (for six months from now) or rejects a pending declaration, audited with before and
 * after in the same transaction, and mails the seller. The update only touches a pending row, so
 * two operators answering at once give one answer; the other sees it as it stands.
 */
export async function answerTaxStart(app: FastifyInstance, by: Operator, id: string, answer: Answer, now = new Date()) {
  const current = await taxStartReview(app, id)
  if (current.status === answer.status) return current
  if (current.status !== 'pending') throw conflict('This declaration was already answered', { status: 'alreadyAnswered' })
  const seller =
    current.ownerKind === 'trainer'
      ? ({ kind: 'trainer', id: current.ownerId } as const)
      : ({ kind: 'business', id: current.ownerId } as const)
  const expiresAt = answer.status === 'approved' ? expiryOf(now) : null
  const rejectReason = answer.status === 'rejected' ? answer.reason : null
  const changed = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taxStarts)
      .set({ status: answer.status, reviewedBy: by.actor.id, reviewedAt: now, expiresAt, rejectReason })
      .where(and(eq(taxStarts.id, id), eq(taxStarts.status, 'pending')))
      .returning({ id: taxStarts.id })
    if (!updated) return false
    await recordAudit(tx, {
      action: answer.status === 'approved' ? 'tax_start.approve' : 'tax_start.reject',
      actor: by.actor,
      ip: by.ip,
      subjectType: seller.kind,
      subjectId: seller.id,
      reason: rejectReason,
      before: { declaration: id, status: 'pending' },
      after: { declaration: id, status: answer.status, expiresAt: expiresAt?.toISOString() ?? null },
    })
    if (expiresAt) await queueTaxStartMail(app, tx, seller, 'approved', { validUntil: expiresAt })
    else await queueTaxStartMail(app, tx, seller, 'rejected', { reason: rejectReason! })
    return true
  })
  const after = await taxStartReview(app, id)
  if (!changed && after.status !== answer.status) throw conflict('This declaration was already answered', { status: 'alreadyAnswered' })
  return after
}
