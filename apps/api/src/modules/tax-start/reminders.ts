import { TAX_START_LIMITS } from '@app/contracts'
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { taxStarts } from '../../db/schema.ts'
import { queueTaxStartMail } from './mails.ts'
import { periodic } from '../../lib/periodic.ts'

/**
 * The six-month re-check (decision 222): REMIND_DAYS before an approval lapses, its seller is
 * mailed once (in their language, through the outbox), unless a newer declaration already came
 * in (a re-check pending, or approved). Each row is claimed by setting `reminded_at` in the
 * mail's transaction, so two processes never send the same reminder twice.
 */
export async function sendTaxStartReminders(app: FastifyInstance, now = new Date()) {
  const horizon = new Date(now.getTime() + TAX_START_LIMITS.remindDays * 86_400_000)
  const due = await app.db
    .select({ id: taxStarts.id, trainerId: taxStarts.trainerId, businessId: taxStarts.businessId, expiresAt: taxStarts.expiresAt })
    .from(taxStarts)
    .where(
      and(
        eq(taxStarts.status, 'approved'),
        isNull(taxStarts.remindedAt),
        gt(taxStarts.expiresAt, now),
        lte(taxStarts.expiresAt, horizon),
        sql`not exists (select 1 from "tax_starts" "newer" where "newer"."status" <> 'rejected' and "newer"."created_at" > ${taxStarts.createdAt}
          and ("newer"."trainer_id" = ${taxStarts.trainerId} or "newer"."business_id" = ${taxStarts.businessId}))`,
      ),
    )
    .limit(500)
  let sent = 0
  for (const row of due) {
    await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(taxStarts)
        .set({ remindedAt: now })
        .where(and(eq(taxStarts.id, row.id), isNull(taxStarts.remindedAt)))
        .returning({ id: taxStarts.id })
      if (!claimed) return
      const seller = row.trainerId
        ? ({ kind: 'trainer', id: row.trainerId } as const)
        : ({ kind: 'business', id: row.businessId! } as const)
      await queueTaxStartMail(app, tx, seller, 'reminder', { validUntil: row.expiresAt! })
      sent++
    })
  }
  return { sent }
}

/** Runs the reminders with the mail worker, hourly (a reminder a few hours late is still weeks early). */
export function scheduleTaxStartReminders(app: FastifyInstance, everyMs = 60 * 60_000) {
  return periodic(app.log, 'tax start reminders', everyMs, () => sendTaxStartReminders(app)).stop
}
