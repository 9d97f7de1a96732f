import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { businesses, trainers, users } from '../../db/schema/core.ts'
import { taxDocuments, type TaxDocumentReceiver, type TaxDocumentSourceKind } from '../../db/schema/tax-documents.ts'
import { ivaFromGross } from './iva.ts'

// Issue 27 (decision 223): documents are queued in the transaction that records the money, one
// per source (the unique index on (source_kind, source_id)): a replayed event, a retry or two
// parallel calls insert nothing the second time. The issuing job (issue.ts) sends them.

/** The SII's RUT for a boleta to a consumer who is not named. */
export const CONSUMER_RUT = '66666666-6'

/**
 * Factura (33) when the payer has a RUT with razón social and giro on file (a business account);
 * otherwise a boleta (39), to the trainer's RUT when they saved one.
 */
export async function receiverOf(tx: Tx, userId: string): Promise<{ type: 33 | 39; receiver: TaxDocumentReceiver }> {
  const [business] = await tx
    .select({ rut: businesses.rut, legalName: businesses.legalName, activity: businesses.activity })
    .from(businesses)
    .where(eq(businesses.ownerId, userId))
    .limit(1)
  if (business?.rut && business.legalName && business.activity)
    return { type: 33, receiver: { rut: business.rut, legalName: business.legalName, activity: business.activity } }
  const [person] = await tx
    .select({ rut: trainers.rut, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(trainers, eq(trainers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  const rut = person?.rut ?? business?.rut ?? null
  return {
    type: 39,
    receiver: { rut: rut ?? CONSUMER_RUT, legalName: rut && person ? `${person.firstName} ${person.lastName}` : null, activity: null },
  }
}

export interface DocumentSource {
  sourceKind: Exclude<TaxDocumentSourceKind, 'credit_note'>
  sourceId: string
  recipientUserId: string
  /** The line's words (the plan, or the commission and its payment). */
  description: string
  /** What was charged, IVA included. */
  totalClp: number
}

/** Queues the boleta or factura of a sale; false when that source already has its document (or there is nothing to document). */
export async function queueTaxDocument(tx: Tx, source: DocumentSource): Promise<boolean> {
  if (source.totalClp <= 0) return false
  const { type, receiver } = await receiverOf(tx, source.recipientUserId)
  const rows = await tx
    .insert(taxDocuments)
    .values({ ...source, dteType: type, receiver, ...ivaFromGross(source.totalClp) })
    .onConflictDoNothing()
    .returning({ id: taxDocuments.id })
  return rows.length > 0
}

/**
 * A credit note (61) for a refund of a documented sale: `refundKey` names the refund (its kind and
 * the provider's id), `amountClp` is how much of the documented amount it gives back. Nothing when
 * the sale has no document (it was not ours to document) or the refund already has its note.
 * Any refund path calls this where it records the refund (ledger/service.ts, billing/charges.ts).
 */
export async function queueCreditNote(
  tx: Tx,
  input: { original: Pick<DocumentSource, 'sourceKind' | 'sourceId'>; refundKey: string; amountClp: number; reason: string },
): Promise<boolean> {
  if (input.amountClp <= 0) return false
  const [original] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.sourceKind, input.original.sourceKind), eq(taxDocuments.sourceId, input.original.sourceId)))
    .limit(1)
  if (!original) return false
  // Never more than what the original still documents (partial refunds add up).
  const [credited] = await tx
    .select({ total: sql<string>`coalesce(sum(${taxDocuments.totalClp}), 0)` })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.sourceKind, 'credit_note'), eq(taxDocuments.referencesId, original.id)))
  const amount = Math.min(input.amountClp, original.totalClp - Number(credited.total))
  if (amount <= 0) return false
  const receiver = creditNoteReceiver(original.receiver)
  const rows = await tx
    .insert(taxDocuments)
    .values({
      sourceKind: 'credit_note',
      sourceId: input.refundKey,
      recipientUserId: original.recipientUserId,
      dteType: 61,
      referencesId: original.id,
      receiver,
      description: input.reason,
      ...ivaFromGross(amount),
    })
    .onConflictDoNothing()
    .returning({ id: taxDocuments.id })
  return rows.length > 0
}

/**
 * A credit note names its receiver like a factura does: a boleta's unnamed consumer stays unnamed
 * ("Consumidor final"), so no name is copied from the account (nothing new for the purge to find).
 */
function creditNoteReceiver(receiver: TaxDocumentReceiver): TaxDocumentReceiver {
  return { rut: receiver.rut, legalName: receiver.legalName ?? 'Consumidor final', activity: receiver.activity ?? 'Particular' }
}
