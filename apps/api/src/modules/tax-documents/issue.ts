import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { DateTime } from 'luxon'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/core.ts'
import { taxDocuments } from '../../db/schema/tax-documents.ts'
import { queueMail } from '../../plugins/mailer.ts'
import { TaxDocumentRejectedError, type DteRequest, type TaxDocumentProvider } from '../../providers/tax-documents/types.ts'
import { documentMail, pdfFileName, type DteTypeNumber } from './texts.ts'

// The issuing job (decision 223): tax_documents is its outbox. A batch is claimed with SKIP
// LOCKED and a lease, so two workers (or two processes) never hold the same row; each document
// goes to the provider with an idempotency key derived from its source, so even a call repeated
// after a lost answer gets the first document back. Down or slow → retried with backoff;
// refused → failed, for an operator (the mail and the PDF wait for it).

const LEASE_MS = 2 * 60_000
const WAIT_FOR_ORIGINAL_MS = 30_000
const MAX_BACKOFF_MS = 6 * 60 * 60_000
const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 15_000 * 2 ** (attempts - 1))

type Row = typeof taxDocuments.$inferSelect

/** The key the provider de-duplicates on: one per source, never per attempt. */
export const idempotencyKeyOf = (row: Pick<Row, 'sourceKind' | 'sourceId'>) => `taxdoc:${row.sourceKind}:${row.sourceId}`

const santiagoDay = (at: Date) => DateTime.fromJSDate(at, { zone: 'America/Santiago' }).toISODate()!

export interface IssueContext {
  db: Db
  provider: TaxDocumentProvider | null
  log: FastifyBaseLogger
  appUrl: string
}

async function claim(db: Db, now: Date, limit: number): Promise<Row[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.status, 'pending'), lte(taxDocuments.nextAttemptAt, now)))
      .orderBy(asc(taxDocuments.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (rows.length)
      await tx
        .update(taxDocuments)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            taxDocuments.id,
            rows.map((r) => r.id),
          ),
        )
    return rows
  })
}

/** What the provider is asked for; null while a credit note's original has no folio yet. */
async function requestOf(db: Db, row: Row): Promise<{ request: DteRequest; original: Row | null } | null> {
  const base = {
    type: row.dteType as DteTypeNumber,
    issuedOn: santiagoDay(new Date()),
    receiver: row.receiver,
    description: row.description,
    netClp: row.netClp,
    ivaClp: row.ivaClp,
    totalClp: row.totalClp,
  }
  if (!row.referencesId) return { request: base, original: null }
  const [original] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, row.referencesId)).limit(1)
  if (!original || original.status !== 'issued' || !original.folio || !original.issuedAt) return null
  const whole = row.totalClp === original.totalClp
  return {
    original,
    request: {
      ...base,
      // 1: cancels the document (a full refund); 3: corrects its amount (a partial one).
      reference: {
        type: original.dteType as DteTypeNumber,
        folio: original.folio,
        issuedOn: santiagoDay(original.issuedAt),
        code: whole ? 1 : 3,
        reason: row.description,
      },
    },
  }
}

async function issueOne(ctx: IssueContext, provider: TaxDocumentProvider, row: Row) {
  const prepared = await requestOf(ctx.db, row)
  if (!prepared) {
    await ctx.db
      .update(taxDocuments)
      .set({ nextAttemptAt: new Date(Date.now() + WAIT_FOR_ORIGINAL_MS) })
      .where(eq(taxDocuments.id, row.id))
    return 'waiting' as const
  }
  const attempts = row.attempts + 1
  try {
    const issued = await provider.issue(prepared.request, idempotencyKeyOf(row))
    const issuedAt = new Date()
    await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(taxDocuments)
        .set({
          status: 'issued',
          attempts,
          provider: provider.name,
          providerToken: issued.token,
          folio: issued.folio,
          pdf: issued.pdf,
          xml: issued.xml,
          issuedAt,
          lastError: null,
        })
        .where(and(eq(taxDocuments.id, row.id), eq(taxDocuments.status, 'pending')))
        .returning({ id: taxDocuments.id })
      // Another worker finished it first (after a lease ran out): its mail already went.
      if (!updated) return
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, row.recipientUserId))
        .limit(1)
      if (!user) return
      const type = row.dteType as DteTypeNumber
      const text = documentMail(user.language, {
        firstName: user.firstName,
        type,
        folio: issued.folio,
        issuedAt,
        description: row.description,
        rut: row.receiver.rut,
        netClp: row.netClp,
        ivaClp: row.ivaClp,
        totalClp: row.totalClp,
        corrects: prepared.original ? { type: prepared.original.dteType as DteTypeNumber, folio: prepared.original.folio! } : null,
        billingUrl: `${ctx.appUrl}/cuenta`,
      })
      await queueMail(tx, {
        to: user.email,
        ...text,
        secrets: [],
        attachments: [
          { filename: pdfFileName(type, issued.folio), contentType: 'application/pdf', content: issued.pdf.toString('base64') },
        ],
      })
    })
    return 'issued' as const
  } catch (err) {
    const refused = err instanceof TaxDocumentRejectedError
    // The message names the provider's answer, never the receiver's RUT or name.
    ctx.log.warn(
      { taxDocumentId: row.id, attempts, err: (err as Error).message },
      refused ? 'tax document refused by the provider' : 'tax document provider unavailable; will retry',
    )
    await ctx.db
      .update(taxDocuments)
      .set({
        status: refused ? 'failed' : 'pending',
        attempts,
        lastError: String((err as Error).message).slice(0, 500),
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
      })
      .where(and(eq(taxDocuments.id, row.id), eq(taxDocuments.status, 'pending')))
    return refused ? ('failed' as const) : ('retry' as const)
  }
}

/** Issues what is due now; answers how many were issued. Without a provider (production without a key) nothing moves. */
export async function issueDueDocuments(ctx: IssueContext, now = new Date(), limit = 20): Promise<number> {
  if (!ctx.provider) return 0
  const rows = await claim(ctx.db, now, limit)
  let issued = 0
  for (const row of rows) if ((await issueOne(ctx, ctx.provider, row)) === 'issued') issued++
  return issued
}
