import { and, asc, eq, notExists, notInArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { trainerDigestSends, trainers, users } from '../../db/schema.ts'
import { santiagoDayOf, santiagoInstant, santiagoToday, addDays } from '../bookings/zoned.ts'
import { mondayOf, weeklyAdherence } from '../progress/adherence.ts'
import { trainerClientProgress } from '../progress/views.ts'
import { queueRoutineMail, weeklyDigest, type DigestClient } from './mails.ts'
import { periodic } from '../../lib/periodic.ts'

/** The digest goes from Monday 08:00 in Santiago; a process down then sends it when it is back, that week. */
export const DIGEST_HOUR = 8
/** Falling off: last week's sessions done / assigned below this, or no workout in the last 7 days. */
export const DIGEST_MIN_RATE = 0.5

/** The Monday of the week whose digest is due at `now`, or null before Monday 08:00 (Santiago). */
export function digestWeek(now: Date): string | null {
  const monday = mondayOf(santiagoToday(now))
  const from = santiagoInstant(monday, DIGEST_HOUR * 60)
  return from && now >= from ? monday : null
}

/**
 * The trainer's clients now who had training days last week (Monday–Sunday, Santiago) and did
 * fewer than half of them, or did none in the last 7 days. Clients with nothing assigned last
 * week are not listed: their trainer owes them a program, they are not falling off.
 */
export async function fallingOff(app: FastifyInstance, trainer: typeof trainers.$inferSelect, now: Date): Promise<DigestClient[]> {
  const { data } = await trainerClientProgress(app.db, trainer, now)
  const weeks = await weeklyAdherence(
    app.db,
    data.map((c) => ({ clientUserId: c.clientUserId, trainerId: trainer.id })),
    2,
    now,
  )
  return data.flatMap((c, i) => {
    const last = weeks[i][0]
    if (!last.assigned) return []
    if (!c.inactive && last.done / last.assigned >= DIGEST_MIN_RATE) return []
    const lastWorkoutOn = c.lastWorkoutAt ? santiagoDayOf(new Date(c.lastWorkoutAt)) : null
    return [{ clientUserId: c.clientUserId, name: c.name, lastWorkoutOn, done: last.done, assigned: last.assigned }]
  })
}

/**
 * Sends this week's digest to every trainer not yet handled. Per trainer, one transaction writes
 * the (trainer, week) row and queues the mail: a second process meets the primary key (its insert
 * waits for the first to commit, then does nothing), so a trainer never gets two. Returns the
 * number of mails queued.
 */
export async function sendWeeklyDigests(app: FastifyInstance, now = new Date(), batch = 100): Promise<number> {
  const week = digestWeek(now)
  if (!week) return 0
  let sent = 0
  // A trainer whose digest failed is left for the next run, not retried in a loop.
  const failed = new Set<string>()
  for (;;) {
    const due = await app.db
      .select({ trainer: trainers, email: users.email, language: users.language })
      .from(trainers)
      .innerJoin(users, eq(users.id, trainers.userId))
      .where(
        and(
          eq(users.isActive, true),
          failed.size ? notInArray(trainers.id, [...failed]) : undefined,
          notExists(
            app.db
              .select({ one: sql`1` })
              .from(trainerDigestSends)
              .where(and(eq(trainerDigestSends.trainerId, trainers.id), eq(trainerDigestSends.weekStart, week))),
          ),
        ),
      )
      .orderBy(asc(trainers.id))
      .limit(batch)
    if (!due.length) return sent
    for (const t of due) {
      sent += await digestOf(app, t, week, now).catch((err: unknown) => {
        failed.add(t.trainer.id)
        app.log.error({ err, trainerId: t.trainer.id }, 'weekly digest failed')
        return 0
      })
    }
    if (due.length < batch) return sent
  }
}

/** One trainer's digest: the week's row and, when someone is falling off, the mail, in one transaction. */
async function digestOf(
  app: FastifyInstance,
  t: { trainer: typeof trainers.$inferSelect; email: string; language: 'es' | 'en' },
  week: string,
  now: Date,
) {
  const clients = await fallingOff(app, t.trainer, now)
  return app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(trainerDigestSends)
      .values({ trainerId: t.trainer.id, weekStart: week, clients: clients.length, sentAt: now })
      .onConflictDoNothing()
      .returning()
    if (!claimed || !clients.length) return 0
    const values = { firstName: t.trainer.firstName, weekStart: addDays(week, -7), clients, appUrl: app.config.APP_URL }
    await queueRoutineMail(app, tx, t, weeklyDigest, values)
    return 1
  })
}

/** Every 10 minutes in each process (the key keeps them from sending twice). Started by app.ts with the mail worker. */
export function scheduleWeeklyDigests(app: FastifyInstance, everyMs = 10 * 60_000) {
  return periodic(app.log, 'weekly digests', everyMs, () => sendWeeklyDigests(app)).stop
}
