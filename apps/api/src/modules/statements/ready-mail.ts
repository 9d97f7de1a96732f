import { and, asc, eq, gt, gte, lte, notExists, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { gyms, ledgerPaymentDailyTotals, statementReadyMails, trainers, users } from '../../db/schema.ts'
import { santiagoInstant } from '../bookings/zoned.ts'
import { chileMonth } from '../client-billing/money.ts'
import { statementReadyMailText } from './mails.ts'
import { monthDays, statementOf, type Audience } from './service.ts'
import { periodic } from '../../lib/periodic.ts'

/** The mail goes from 08:00 (Santiago) on the 1st, like the weekly digest: in the morning, not at midnight. */
const READY_HOUR = 8

/** `2026-11`, -1 → `2026-10`. */
const monthBefore = (month: string, back: number) => {
  const [y, m] = month.split('-').map(Number)
  const at = new Date(Date.UTC(y, m - 1 - back, 1))
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`
}

/** The last Chile month whose mail is due at `now`: the month before, from 08:00 on the 1st; until then the one before that. */
export function readyMonth(now: Date): string {
  const month = chileMonth(now)
  const from = santiagoInstant(`${month}-01`, READY_HOUR * 60)
  return monthBefore(month, from && now >= from ? 1 : 2)
}

/** Where the statement is: the trainer's dashboard, or the owner's (its Payments & Commissions tab). */
const PATHS: Record<Audience, string> = { trainer: '/dashboard#statement', gym: '/business/dashboard#statement' }

/**
 * Accounts of one audience with money in `month` (ledger_payment_daily_totals has a row for a
 * trainer's or gym's day only when it had a payment, refund or chargeback) and no mail yet, by
 * user id after `after`. Only a shortlist: whether there is anything to say is the statement's answer.
 */
function accountsDue(app: FastifyInstance, audience: Audience, month: string, after: string | null, batch: number) {
  const t = ledgerPaymentDailyTotals
  const days = monthDays(month)
  const owner = audience === 'trainer' ? trainers.userId : gyms.ownerId
  const where = and(
    gte(t.day, days.fromDay),
    lte(t.day, days.toDay),
    eq(users.isActive, true),
    after ? gt(owner, after) : undefined,
    notExists(
      app.db
        .select({ one: sql`1` })
        .from(statementReadyMails)
        .where(
          and(eq(statementReadyMails.audience, audience), eq(statementReadyMails.userId, owner), eq(statementReadyMails.month, month)),
        ),
    ),
  )
  // A gym's owner_id may be null; the inner join on users makes it a user id here.
  const query = app.db.selectDistinct({ userId: sql<string>`${owner}` }).from(t)
  const joined =
    audience === 'trainer'
      ? query.innerJoin(trainers, eq(trainers.id, t.trainerId)).innerJoin(users, eq(users.id, trainers.userId))
      : query.innerJoin(gyms, eq(gyms.id, t.gymId)).innerJoin(users, eq(users.id, gyms.ownerId))
  return joined.where(where).orderBy(asc(owner)).limit(batch)
}

/**
 * One account's mail: its statement from statementOf (the function the pages, CSV and PDF read,
 * so the mail's figures are the statement's), then in one transaction the (audience, user, month)
 * row and the mail in the outbox. A second process meets the primary key (its insert waits for
 * the first to commit, then does nothing), so nobody gets two. Returns 1 when a mail was queued,
 * 0 when the statement has no line (nothing to announce) or another run sent it.
 */
async function mailOne(app: FastifyInstance, audience: Audience, userId: string, month: string, now: Date) {
  const statement = await statementOf(app.db, { id: userId }, audience, month)
  if (!statement.lines.length) return 0
  return app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(statementReadyMails)
      .values({ audience, userId, month, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: statementReadyMails.userId })
    if (!claimed) return 0
    const [to] = await tx
      .select({ email: users.email, language: users.language, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
    const { subject, text } = statementReadyMailText(statement, to.language ?? 'es', {
      name: to.firstName,
      link: `${app.config.APP_URL}${PATHS[audience]}`,
    })
    await app.mailer.enqueue(tx, { to: to.email, subject, text, secrets: [] })
    return 1
  })
}

/**
 * Issue 27 (decision 233): when a Chile month has closed, each trainer and each gym owner whose
 * statement of that month has a line gets one mail saying it is ready, in their language, with
 * its totals and the link to it. `complete` is false when an account failed (left for the next
 * run, not retried in a loop); an account whose statement has no line is passed over.
 */
export async function sendStatementReadyMails(app: FastifyInstance, now = new Date(), batch = 100) {
  const month = readyMonth(now)
  let sent = 0
  let failed = 0
  for (const audience of ['trainer', 'gym'] as const) {
    // Pages by user id: an account passed over (empty statement, or failed) is not met again in this run.
    let after: string | null = null
    for (;;) {
      const due = await accountsDue(app, audience, month, after, batch)
      for (const { userId } of due) {
        after = userId
        sent += await mailOne(app, audience, userId, month, now).catch((err: unknown) => {
          failed++
          app.log.error({ err: (err as Error).message, audience, userId, month }, 'statement-ready mail failed')
          return 0
        })
      }
      if (due.length < batch) break
    }
  }
  return { month, sent, complete: failed === 0 }
}

/**
 * Hourly in each process (the key keeps them from sending twice). Once a run has handled every
 * account of a month, this process does not look again until the next month is due, so the
 * month's daily totals are not scanned every hour of the month. Started by app.ts with the mail worker.
 */
export function scheduleStatementReadyMails(app: FastifyInstance, everyMs = 60 * 60_000) {
  let done: string | null = null
  const send = async () => {
    if (readyMonth(new Date()) === done) return
    const run = await sendStatementReadyMails(app)
    if (run.complete) done = run.month
  }
  return periodic(app.log, 'statement-ready mails', everyMs, send).stop
}
