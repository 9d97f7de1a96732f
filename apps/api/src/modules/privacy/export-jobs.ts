import { DATA_EXPORT_LINK_DAYS } from '@app/contracts'
import { createHash, randomBytes } from 'node:crypto'
import { gunzipSync, gzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { dataExports, privacyRequests } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { collectExport } from './export.ts'
import { setExportKick } from './export-kick.ts'
import { queuePrivacyMail } from './mails.ts'
import { periodic } from '../../lib/periodic.ts'

const DAY_MS = 86_400_000
/** A build that fails is retried with a growing wait; after this many tries the export is failed. */
export const EXPORT_MAX_ATTEMPTS = 5
const retryAfterMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1))
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
export const exportTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

interface Claimed {
  id: string
  user_id: string
  request_id: string | null
  attempts: number
  email: string
  first_name: string
}

/**
 * Builds one due background export: claims it with FOR UPDATE SKIP LOCKED, collects the data in
 * the same transaction, stores it gzip-compressed with the SHA-256 of a new link token, marks the
 * privacy request done and queues the mail with the link, all in one commit. A second run (another
 * process, or the same one twice) skips the locked row and then finds it ready: built once.
 */
async function buildOne(app: FastifyInstance, now: Date): Promise<'built' | 'none' | 'failed'> {
  let claimed: { id: string; attempts: number } | null = null
  try {
    const built = await app.db.transaction(async (tx) => {
      const [job] = rowsOf<Claimed>(
        await tx.execute(sql`
          select e.id, e.user_id, e.request_id, e.attempts, u.email, u.first_name
          from data_exports e join users u on u.id = e.user_id
          where e.status = 'pending' and e.next_attempt_at <= ${now.toISOString()}::timestamptz
          order by e.next_attempt_at limit 1
          for update of e skip locked`),
      )
      if (!job) return false
      claimed = { id: job.id, attempts: job.attempts }
      const data = await collectExport(tx, job.user_id, job.email, now)
      const json = Buffer.from(JSON.stringify(data))
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS)
      await tx
        .update(dataExports)
        .set({
          status: 'ready',
          content: gzipSync(json),
          byteSize: json.length,
          tokenHash: exportTokenHash(token),
          builtAt: now,
          expiresAt,
          attempts: job.attempts + 1,
        })
        .where(eq(dataExports.id, job.id))
      if (job.request_id)
        await tx.update(privacyRequests).set({ status: 'done', handledAt: now }).where(eq(privacyRequests.id, job.request_id))
      const link = `${app.config.APP_URL}/cuenta/datos?token=${token}`
      await queuePrivacyMail(app, tx, 'exportReady', job.email, { firstName: job.first_name, link, expiresAt }, [link, token])
      return true
    })
    return built ? 'built' : 'none'
  } catch (err) {
    if (!claimed) throw err
    const { id, attempts } = claimed as { id: string; attempts: number }
    // Never the data itself in the log: the export's id and the error only.
    app.log.error({ err, exportId: id }, 'data export build failed')
    const next = new Date(now.getTime() + retryAfterMs(attempts + 1))
    await app.db
      .update(dataExports)
      .set({ attempts: attempts + 1, nextAttemptAt: next, status: attempts + 1 >= EXPORT_MAX_ATTEMPTS ? 'failed' : 'pending' })
      .where(sql`${dataExports.id} = ${id} and ${dataExports.status} = 'pending'`)
    return 'failed'
  }
}

/** Builds the due background exports, one per transaction, up to `batch`. Returns how many were built. */
export async function buildDueExports(app: FastifyInstance, now = new Date(), batch = 10): Promise<number> {
  let built = 0
  for (let i = 0; i < batch; i++) {
    const result = await buildOne(app, now)
    if (result === 'none') break
    if (result === 'built') built++
  }
  return built
}

/** Every minute in each process, and at once when an export is queued; SKIP LOCKED keeps processes apart. */
export function scheduleDataExports(app: FastifyInstance, everyMs = 60_000) {
  const build = async () => {
    const n = await buildDueExports(app)
    if (n > 0) app.log.info({ exports: n }, 'data exports built')
  }
  // A kick during a run runs once more after it: the export queued meanwhile is not left a minute.
  const job = periodic(app.log, 'data exports', everyMs, build, { rerun: true })
  setExportKick(app, () => setImmediate(job.tick))
  return async () => {
    setExportKick(app, null)
    await job.stop()
  }
}

/**
 * The file of a mailed link: only for the person it was built for, signed in (the token alone is
 * not enough, nor the session alone), until it expires. Unknown, someone else's or expired: 404.
 */
export async function downloadExport(app: FastifyInstance, user: AuthUser, token: string, ip: string, now = new Date()) {
  const [row] = await app.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.tokenHash, exportTokenHash(token)))
    .limit(1)
  if (!row || row.userId !== user.id || row.status !== 'ready' || !row.content)
    throw notFound('This download link is not yours or does not exist', { token: 'notFound' })
  if (!row.expiresAt || row.expiresAt <= now) throw notFound('This download link has expired', { token: 'invalidOrExpired' })
  await app.db.transaction(async (tx) => {
    await tx
      .update(dataExports)
      .set({ downloadedAt: sql`coalesce(${dataExports.downloadedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(dataExports.id, row.id))
    await recordAudit(tx, {
      action: 'privacy.export',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'user',
      subjectId: user.id,
      after: { status: 'downloaded' },
    })
  })
  return { file: gunzipSync(row.content), builtAt: row.builtAt ?? now }
}

/** Deletes the files whose links expired, and failed exports after the same days (the purge runs it); `onlyUserId`: that person's only. */
export async function deleteExpiredExports(db: Db, now = new Date(), onlyUserId?: string): Promise<number> {
  const cutoff = new Date(now.getTime() - DATA_EXPORT_LINK_DAYS * DAY_MS).toISOString()
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from data_exports
      where (expires_at <= ${now.toISOString()}::timestamptz or (status = 'failed' and created_at <= ${cutoff}::timestamptz))
        ${onlyUserId ? sql`and user_id = ${onlyUserId}` : sql``}
      returning id`),
  ).length
}
