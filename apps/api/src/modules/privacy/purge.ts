import { CLOSED_ACCOUNT_RETENTION_DAYS } from '@app/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db, Tx } from '../../db/client.ts'
import { recordAudit } from '../audit/service.ts'
import { deleteExpiredExports } from './export-jobs.ts'
import { periodic } from '../../lib/periodic.ts'

const DAY_MS = 86_400_000
/** Free-access requests (leads) are kept two years, then deleted (docs/privacy.md). */
export const LEAD_RETENTION_DAYS = 730

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
/** A case-insensitive regular expression matching `value` literally. */
const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
export const pseudonymEmail = (userId: string) => `purged-${userId}@purged.invalid`

interface Subject {
  id: string
  email: string
  first_name: string
  last_name: string
  phone: string | null
}

/**
 * What identifies the person in free text: e-mail, full name, each name of 3+ letters, phones.
 * Shorter names are left (they match too much of everyone else's text).
 */
async function identifiersOf(tx: Tx, user: Subject) {
  const extra = rowsOf<{ v: string | null }>(
    await tx.execute(sql`
      select phone as v from trainers where user_id = ${user.id}
      union all select phone from gyms where owner_id = ${user.id}
      union all select phone from businesses where owner_id = ${user.id}`),
  )
  const phones = [user.phone, ...extra.map((r) => r.v)].filter((p): p is string => !!p && p.replace(/\D/g, '').length >= 6)
  const names = [user.first_name, user.last_name].map((n) => n.trim()).filter((n) => n.length >= 3)
  const full = `${user.first_name} ${user.last_name}`.trim()
  return [user.email, ...(full.length >= 3 ? [full] : []), ...names, ...phones]
}

/** Replaces every identifier in a text expression (case-insensitive). */
function scrubbed(column: SQL, identifiers: string[], replacement: string): SQL {
  return identifiers.reduce<SQL>((expr, id) => sql`regexp_replace(${expr}, ${literal(id)}, ${replacement}, 'gi')`, column)
}
const anyMatch = (column: SQL, identifiers: string[]) =>
  sql.join(
    identifiers.map((id) => sql`${column} ~* ${literal(id)}`),
    sql` or `,
  )

/** Deletes or anonymises everything personal of one closed account (decision 177). */
async function purgeOne(tx: Tx, user: Subject, now: Date) {
  const uid = user.id
  const pseudo = pseudonymEmail(uid)
  const ids = await identifiersOf(tx, user)
  // Lets this transaction, and only it, update the append-only audit_log and consent_records (migration 0010).
  await tx.execute(sql`select set_config('app.privacy_purge', 'on', true)`)
  const [trainer] = rowsOf<{ id: string }>(await tx.execute(sql`select id from trainers where user_id = ${uid}`))

  // Mail about the person (to them, or naming them) and their sign-in traces.
  await tx.execute(
    sql`delete from mail_outbox where lower("to") = ${user.email} or ${anyMatch(sql`"text"`, ids.slice(0, 2))} or ${anyMatch(sql`subject`, ids.slice(0, 2))}`,
  )
  await tx.execute(
    sql`delete from dev_mailbox where lower("to") = ${user.email} or ${anyMatch(sql`"text"`, ids.slice(0, 2))} or ${anyMatch(sql`subject`, ids.slice(0, 2))}`,
  )
  await tx.execute(sql`delete from sessions where user_id = ${uid}`)
  await tx.execute(sql`delete from otp_codes where lower(email) = ${user.email}`)
  await tx.execute(sql`delete from password_resets where user_id = ${uid}`)
  await tx.execute(sql`delete from email_changes where user_id = ${uid} or lower(new_email) = ${user.email}`)
  await tx.execute(sql`delete from signup_tokens where user_id = ${uid}`)
  await tx.execute(sql`delete from provider_links where user_id = ${uid}`)
  await tx.execute(sql`delete from calendar_feeds where user_id = ${uid}`)
  await tx.execute(sql`delete from access_requests where lower(email) = ${user.email}`)
  await tx.execute(sql`delete from reviews where client_user_id = ${uid}`)
  await tx.execute(sql`update checkout_sessions set customer_email = ${pseudo} where user_id = ${uid}`)
  // Invitations to the person, and (a trainer's) the addresses of people they invited.
  await tx.execute(sql`
    update client_invitations set email = 'purged-invitation-' || id || '@purged.invalid',
      state = case when state = 'pending' then 'revoked' else state end
    where lower(email) = ${user.email} or client_user_id = ${uid}
      ${trainer ? sql`or trainer_id = ${trainer.id}` : sql``}`)

  if (trainer) {
    await tx.execute(sql`delete from reviews where trainer_id = ${trainer.id}`)
    await tx.execute(sql`delete from trainer_profiles where trainer_id = ${trainer.id}`)
    await tx.execute(sql`delete from availability_exceptions where trainer_id = ${trainer.id}`)
    await tx.execute(sql`delete from weekly_hours where trainer_id = ${trainer.id}`)
    await tx.execute(sql`update offers set title = 'Plan eliminado', description = '' where trainer_id = ${trainer.id}`)
    await tx.execute(sql`
      update trainers set first_name = '', last_name = '', email = ${pseudo}, phone = '', specialization = '', is_active = false
      where id = ${trainer.id}`)
  }
  await tx.execute(sql`
    update gyms set name = 'Gimnasio eliminado', address = '', city = '', state = '', zip_code = '', phone = '',
      email = ${pseudo}, description = null, is_active = false
    where owner_id = ${uid}`)
  await tx.execute(
    sql`update businesses set name = 'Negocio eliminado', address = '', phone = null, website = null where owner_id = ${uid}`,
  )

  // Routines (issue 25). The person's own training as a client goes: set logs, workout days (with
  // their comments and the trainer's replies), assignments; a finished data export too.
  await tx.execute(sql`delete from set_logs where client_user_id = ${uid}`)
  await tx.execute(sql`delete from workout_sessions where client_user_id = ${uid}`)
  await tx.execute(sql`delete from program_assignments where client_user_id = ${uid}`)
  await tx.execute(sql`delete from data_exports where user_id = ${uid}`)
  // A client's details for a factura go with them (decision 237); facturas already issued are the sellers' records.
  await tx.execute(sql`delete from client_tax_identities where user_id = ${uid}`)
  // Progress (decision 209): health data goes with the person; the consent log stays as proof, without the address.
  await tx.execute(sql`delete from body_measurements where client_user_id = ${uid}`)
  await tx.execute(sql`delete from progress_photos where client_user_id = ${uid}`)
  await tx.execute(sql`update health_data_consents set ip = null where user_id = ${uid} and ip is not null`)
  // A trainer's programs and private exercises stay for the clients who follow them, and other
  // people's comments stay: only the person's identifiers are taken out of their free text.
  const scrub = (column: SQL) => scrubbed(column, ids, '[eliminado]')
  const scrubJsonb = (column: SQL) => sql`(${scrub(sql`${column}::text`)})::jsonb`
  await tx.execute(sql`
    update workout_sessions set comment = ${scrub(sql`comment`)}, trainer_reply = ${scrub(sql`trainer_reply`)}
    where ${anyMatch(sql`coalesce(comment, '')`, ids)} or ${anyMatch(sql`coalesce(trainer_reply, '')`, ids)}`)
  await tx.execute(sql`
    update programs set title = ${scrub(sql`title`)}, description = ${scrub(sql`description`)}
    where ${anyMatch(sql`title`, ids)} or ${anyMatch(sql`description`, ids)}`)
  await tx.execute(sql`
    update program_versions set content = ${scrubJsonb(sql`content`)} where ${anyMatch(sql`content::text`, ids)}`)
  await tx.execute(sql`
    update exercises set name_es = ${scrub(sql`name_es`)}, name_en = ${scrub(sql`name_en`)}, search_text = ${scrub(sql`search_text`)},
      cues = ${scrubJsonb(sql`cues`)}
    where source <> 'library' and (${anyMatch(sql`name_es`, ids)} or ${anyMatch(sql`name_en`, ids)} or ${anyMatch(sql`search_text`, ids)}
      or ${anyMatch(sql`cues::text`, ids)})`)

  // Records kept as proof (audit log, consents, privacy requests): the person's identifiers go, the rows stay.
  const scrubJson = (column: SQL) => sql`(${scrubbed(sql`${column}::text`, ids, '[eliminado]')})::jsonb`
  await tx.execute(sql`
    update audit_log set
      actor_email = case when lower(actor_email) = ${user.email} then ${pseudo} else actor_email end,
      ip = case when actor_id = ${uid} or subject_id = ${uid} then null else ip end,
      reason = ${scrubbed(sql`reason`, ids, '[eliminado]')},
      before = ${scrubJson(sql`before`)},
      after = ${scrubJson(sql`after`)}
    where actor_id = ${uid} or subject_id = ${uid} or lower(actor_email) = ${user.email}
      or ${anyMatch(sql`coalesce(reason, '')`, ids)} or ${anyMatch(sql`coalesce(before::text, '')`, ids)} or ${anyMatch(sql`coalesce(after::text, '')`, ids)}`)
  await tx.execute(sql`update consent_records set ip = null where user_id = ${uid} and ip is not null`)
  await tx.execute(sql`
    update privacy_requests set note = ${scrubbed(sql`note`, ids, '[eliminado]')},
      status = case when kind = 'deletion' then 'done' else status end,
      handled_at = case when kind = 'deletion' and status = 'open' then ${now.toISOString()}::timestamptz else handled_at end
    where user_id = ${uid}`)

  // The account row stays (payments and the ledger point at its id): an opaque id, nothing else.
  await tx.execute(sql`
    update users set email = ${pseudo}, password_hash = '!purged', first_name = '', last_name = '', phone = null,
      birth_date = null, email_verified_at = null, is_active = false, purged_at = ${now.toISOString()}::timestamptz
    where id = ${uid}`)
  await recordAudit(tx, {
    action: 'privacy.purge',
    actor: { id: null, email: null, role: 'system' },
    ip: null,
    subjectType: 'user',
    subjectId: uid,
  })
}

/**
 * The 90-day purge: each account closed more than CLOSED_ACCOUNT_RETENTION_DAYS ago, one per
 * transaction, claimed with FOR UPDATE SKIP LOCKED (several processes never purge the same one;
 * a purged account is never picked again). Then leads past their retention and data-export files
 * whose link expired (decision 206). Returns the counts.
 */
export async function purgeClosedAccounts(
  db: Db,
  now = new Date(),
  batch = 50,
  /** Only this account (the E2E's clock, dev-routes.ts: other tests' closed accounts are left alone). */
  onlyUserId?: string,
): Promise<{ accounts: number; leads: number; exports: number }> {
  const cutoff = new Date(now.getTime() - CLOSED_ACCOUNT_RETENTION_DAYS * DAY_MS).toISOString()
  let accounts = 0
  for (; accounts < batch; accounts++) {
    const done = await db.transaction(async (tx) => {
      const [user] = rowsOf<Subject>(
        await tx.execute(sql`
          select id, lower(email) as email, first_name, last_name, phone from users
          where closed_at is not null and purged_at is null and closed_at <= ${cutoff}::timestamptz
            ${onlyUserId ? sql`and id = ${onlyUserId}` : sql``}
          order by closed_at limit 1 for update skip locked`),
      )
      if (!user) return false
      await purgeOne(tx, user, now)
      return true
    })
    if (!done) break
  }
  // One account's purge (the E2E's clock, days ahead) leaves everyone else's leads and export links
  // alone: a parallel test's fresh link was deleted as "expired" by it.
  if (onlyUserId) return { accounts, leads: 0, exports: await deleteExpiredExports(db, now, onlyUserId) }
  const leadCutoff = new Date(now.getTime() - LEAD_RETENTION_DAYS * DAY_MS).toISOString()
  const leads = rowsOf<{ id: string }>(
    await db.execute(sql`delete from access_requests where created_at < ${leadCutoff}::timestamptz returning id`),
  ).length
  const exports = await deleteExpiredExports(db, now)
  return { accounts, leads, exports }
}

/** Hourly in each process (app.ts, with the mail worker); SKIP LOCKED keeps them apart. */
export function schedulePrivacyPurge(app: FastifyInstance, everyMs = 3_600_000) {
  const purge = async () => {
    const n = await purgeClosedAccounts(app.db)
    if (n.accounts + n.leads + n.exports > 0) app.log.info(n, 'privacy purge')
  }
  return periodic(app.log, 'privacy purge', everyMs, purge).stop
}
