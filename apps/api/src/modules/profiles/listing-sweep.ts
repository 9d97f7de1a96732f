import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { trainerProfiles, trainers } from '../../db/schema.ts'
import { chargeBlocker } from './eligibility.ts'
import { periodic } from '../../lib/periodic.ts'

/**
 * Re-checks published profiles not checked within `maxAgeMs` against client billing's eligibility
 * rule and lists or unlists them (decision 140): a trial that ended or payouts switched off take
 * the trainer out of search within the hour even if nobody opens their page. Each batch is claimed
 * with FOR UPDATE SKIP LOCKED, so several processes share the work instead of repeating it.
 */
export async function refreshListings(
  app: FastifyInstance,
  maxAgeMs = 60 * 60_000,
  batch = 200,
): Promise<{ checked: number; changed: number }> {
  let checked = 0
  let changed = 0
  for (;;) {
    const claimed = (await app.db.execute(sql`
      update trainer_profiles p set eligible_checked_at = now()
      where p.trainer_id in (
        select trainer_id from trainer_profiles
        where published and (eligible_checked_at is null or eligible_checked_at < now() - make_interval(secs => ${maxAgeMs / 1000}))
        order by eligible_checked_at nulls first
        limit ${batch}
        for update skip locked)
      returning p.trainer_id, p.listed`)) as unknown as { rows: { trainer_id: string; listed: boolean }[] }
    if (!claimed.rows.length) break
    for (const row of claimed.rows) {
      checked++
      const [trainer] = await app.db
        .select({ userId: trainers.userId, isActive: trainers.isActive })
        .from(trainers)
        .where(eq(trainers.id, row.trainer_id))
        .limit(1)
      const listed = Boolean(trainer?.isActive) && (await chargeBlocker(app, trainer?.userId ?? null)) === null
      if (listed !== row.listed) {
        changed++
        await app.db.update(trainerProfiles).set({ listed }).where(eq(trainerProfiles.trainerId, row.trainer_id))
      }
    }
    if (claimed.rows.length < batch) break
  }
  return { checked, changed }
}

/** Every 5 minutes in each process (profiles older than an hour are re-checked). Started by app.ts with the mail worker. */
export function scheduleListingSweep(app: FastifyInstance, everyMs = 5 * 60_000) {
  return periodic(app.log, 'profile listing sweep', everyMs, () => refreshListings(app)).stop
}
