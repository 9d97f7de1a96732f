import { TAX_START_LIMITS, TAX_START_OATH, type TaxStartDeclaration, type TaxStartStatus, type TaxStartSubmission } from '@app/contracts'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { DateTime } from 'luxon'
import type { Tx } from '../../db/client.ts'
import { businesses, taxStarts, trainers } from '../../db/schema.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { conflict, forbidden, notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { isValidDay, santiagoToday } from '../bookings/zoned.ts'
import { prepareProof, proofLink } from './proof.ts'

// Issue 27 (decision 222): a seller's tax start (Ley 21.713, art. 68 Código Tributario). The seller
// is a trainer or a business (a gym owner's company); each declaration is one row, and the state
// is read from the newest rows: an approval in force (six months from the operator's approval),
// a pending review, a rejection, or a lapsed approval.

export type SellerKind = 'trainer' | 'business'
export interface Seller {
  kind: SellerKind
  /** trainers.id or businesses.id */
  id: string
  /** The account that reads the mails: the trainer, or the business's owner. */
  userId: string | null
  rut: string | null
}

export const ownerColumn = (kind: SellerKind) => (kind === 'trainer' ? taxStarts.trainerId : taxStarts.businessId)

/** The signed-in trainer's or gym owner's seller record (403 for a trainer without a profile, 404 for an owner without a business). */
export async function sellerOf(db: Tx, kind: SellerKind, userId: string): Promise<Seller> {
  if (kind === 'trainer') {
    const [row] = await db.select({ id: trainers.id, rut: trainers.rut }).from(trainers).where(eq(trainers.userId, userId)).limit(1)
    if (!row) throw forbidden('Only trainers declare a tax start here')
    return { kind, id: row.id, userId, rut: row.rut }
  }
  const [row] = await db.select({ id: businesses.id, rut: businesses.rut }).from(businesses).where(eq(businesses.ownerId, userId)).limit(1)
  if (!row) throw notFound('You have no business account yet')
  return { kind, id: row.id, userId, rut: row.rut }
}

type Row = typeof taxStarts.$inferSelect
const DECLARATION_COLUMNS = {
  id: taxStarts.id,
  kind: taxStarts.kind,
  startedOn: taxStarts.startedOn,
  activity: taxStarts.activity,
  signerName: taxStarts.signerName,
  signerRut: taxStarts.signerRut,
  signedOn: taxStarts.signedOn,
  reason: taxStarts.reason,
  oath: taxStarts.oath,
  status: taxStarts.status,
  rejectReason: taxStarts.rejectReason,
  createdAt: taxStarts.createdAt,
  reviewedAt: taxStarts.reviewedAt,
  expiresAt: taxStarts.expiresAt,
  proofType: taxStarts.proofType,
  proofBytes: taxStarts.proofBytes,
}
export type DeclarationRow = Pick<Row, keyof typeof DECLARATION_COLUMNS>
export const declarationColumns = DECLARATION_COLUMNS

export function toDeclaration(app: FastifyInstance, row: DeclarationRow, now = Date.now()): TaxStartDeclaration {
  return {
    id: row.id,
    kind: row.kind,
    startedOn: row.startedOn,
    activity: row.activity,
    signerName: row.signerName,
    signerRut: row.signerRut,
    signedOn: row.signedOn,
    reason: row.reason,
    oath: row.oath,
    status: row.status,
    rejectReason: row.rejectReason,
    submittedAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    proof: { type: row.proofType, bytes: row.proofBytes, ...proofLink(app, row.id, now) },
  }
}

/** When an approval given at `at` lapses: six calendar months later on Chile's clock. */
export const expiryOf = (at: Date) =>
  DateTime.fromJSDate(at, { zone: 'America/Santiago' }).plus({ months: TAX_START_LIMITS.validMonths }).toJSDate()

export type TaxStartState = 'none' | 'pending' | 'approved' | 'lapsingSoon' | 'rejected' | 'lapsed'

/**
 * The seller's state from their declarations, newest first: an approval in force wins (a re-check
 * may be pending meanwhile); otherwise the newest declaration's answer; an approval past its six
 * months is `lapsed`.
 */
export function stateOf(rows: Pick<Row, 'status' | 'expiresAt'>[], now: Date) {
  const inForce = rows.find((r) => r.status === 'approved' && r.expiresAt && r.expiresAt > now)
  if (inForce) {
    const soon = inForce.expiresAt!.getTime() - now.getTime() <= TAX_START_LIMITS.remindDays * 86_400_000
    return { state: (soon ? 'lapsingSoon' : 'approved') as TaxStartState, validUntil: inForce.expiresAt }
  }
  const latest = rows[0]
  const state: TaxStartState = !latest
    ? 'none'
    : latest.status === 'pending'
      ? 'pending'
      : rows.some((r) => r.status === 'approved')
        ? latest.status === 'rejected'
          ? 'rejected'
          : 'lapsed'
        : 'rejected'
  return { state, validUntil: null }
}

export async function declarationsOf(db: Tx, seller: Pick<Seller, 'kind' | 'id'>, limit = 20) {
  return db
    .select(DECLARATION_COLUMNS)
    .from(taxStarts)
    .where(eq(ownerColumn(seller.kind), seller.id))
    .orderBy(desc(taxStarts.createdAt), desc(taxStarts.id))
    .limit(limit)
}

export async function taxStartStatus(app: FastifyInstance, db: Tx, seller: Seller, now = new Date()): Promise<TaxStartStatus> {
  const rows = await declarationsOf(db, seller)
  const { state, validUntil } = stateOf(rows, now)
  return {
    state,
    // The same answer as the charge's own check (readiness.ts), which an operator may turn off.
    chargingAllowed: app.config.TAX_START_CHECK === 'off' || state === 'approved' || state === 'lapsingSoon',
    validUntil: validUntil?.toISOString() ?? null,
    latest: rows[0] ? toDeclaration(app, rows[0], now.getTime()) : null,
  }
}

const alreadyPending = () => conflict('A declaration is already waiting for review', { taxStart: 'alreadyPending' })

/**
 * A new declaration, pending review. Needs the seller's RUT (slice 1) first; one pending at a
 * time (a second one, even in parallel, is 409: the partial unique index decides). Audited.
 */
export async function submitTaxStart(
  app: FastifyInstance,
  by: { user: Pick<AuthUser, 'id' | 'email' | 'role'>; ip: string },
  kind: SellerKind,
  input: TaxStartSubmission,
) {
  const seller = await sellerOf(app.db, kind, by.user.id)
  if (!seller.rut) throw unprocessable({ rut: 'required' }, 'Save your RUT in the tax details before declaring your tax start')
  const today = santiagoToday()
  const day = input.kind === 'start' ? input.startedOn : input.signedOn
  const dayField = input.kind === 'start' ? 'startedOn' : 'signedOn'
  if (!isValidDay(day) || day > today || day < '1900-01-01') throw unprocessable({ [dayField]: 'invalid' })
  // Checked first so a second declaration costs no image work; the index settles a parallel one.
  const [pending] = await app.db
    .select({ id: taxStarts.id })
    .from(taxStarts)
    .where(and(eq(ownerColumn(kind), seller.id), eq(taxStarts.status, 'pending')))
    .limit(1)
  if (pending) throw alreadyPending()
  const proof = await prepareProof(input.proof)
  const fields =
    input.kind === 'start'
      ? { kind: input.kind, startedOn: input.startedOn, activity: input.activity }
      : {
          kind: input.kind,
          signerName: input.signerName,
          signerRut: input.signerRut,
          signedOn: input.signedOn,
          reason: input.reason,
          oathVersion: TAX_START_OATH.version,
          oath: TAX_START_OATH[input.oathLanguage],
        }
  try {
    await app.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(taxStarts)
        .values({
          ...fields,
          trainerId: kind === 'trainer' ? seller.id : null,
          businessId: kind === 'business' ? seller.id : null,
          submittedBy: by.user.id,
          proof: proof.bytes,
          proofType: proof.type,
          proofBytes: proof.bytes.length,
        })
        .returning({ id: taxStarts.id })
      await recordAudit(tx, {
        action: 'tax_start.submit',
        actor: { id: by.user.id, email: by.user.email, role: by.user.role },
        ip: by.ip,
        subjectType: kind,
        subjectId: seller.id,
        after: { declaration: inserted!.id, ...fields, oath: undefined, proofType: proof.type, proofBytes: proof.bytes.length },
      })
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyPending()
    throw err
  }
  return taxStartStatus(app, app.db, seller)
}
