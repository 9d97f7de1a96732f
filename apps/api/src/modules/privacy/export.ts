import { DATA_EXPORT_LINK_DAYS, PRIVACY_REQUEST_DAYS, type DataExport, type DataExportQueued } from '@app/contracts'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db, Tx } from '../../db/client.ts'
import { dataExports, privacyRequests } from '../../db/schema.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { personalRecords } from '../routines/records.ts'
import { kickExportJobs } from './export-kick.ts'
import { queuePrivacyMail } from './mails.ts'

/** Columns never exported: secrets (hashes, tokens) and binary or derived data. */
const LEFT_OUT = new Set([
  'password_hash',
  'token_hash',
  'refresh_jti',
  'code_hash',
  'verification_token_hash',
  'secrets',
  'photo',
  'proof',
  'image',
  'thumb',
  'search',
  'city_key',
  'search_text',
])

/**
 * Everything the platform holds about one person (access and portability, decision 178), table by
 * table, as stored: format `privacy-export/1`, described in docs/privacy.md.
 */
function queriesOf(userId: string, email: string): Record<string, SQL> {
  const trainer = sql`(select id from trainers where user_id = ${userId})`
  return {
    users: sql`select * from users where id = ${userId}`,
    consent_records: sql`select * from consent_records where user_id = ${userId} order by created_at`,
    privacy_requests: sql`select * from privacy_requests where user_id = ${userId} order by created_at`,
    sessions: sql`select id, ip, created_at, last_used_at, expires_at, revoked_at, revoked_reason from sessions where user_id = ${userId} order by created_at`,
    email_changes: sql`select * from email_changes where user_id = ${userId} order by created_at`,
    subscriptions: sql`select * from subscriptions where user_id = ${userId} order by created_at`,
    checkout_sessions: sql`select * from checkout_sessions where user_id = ${userId} order by created_at`,
    payout_accounts: sql`select * from payout_accounts where user_id = ${userId}`,
    businesses: sql`select * from businesses where owner_id = ${userId}`,
    gyms: sql`select * from gyms where owner_id = ${userId}`,
    trainers: sql`select * from trainers where user_id = ${userId}`,
    trainer_profiles: sql`select * from trainer_profiles where trainer_id in ${trainer}`,
    offers: sql`select * from offers where trainer_id in ${trainer} order by created_at`,
    session_types: sql`select * from session_types where trainer_id in ${trainer} order by created_at`,
    weekly_hours: sql`select * from weekly_hours where trainer_id in ${trainer}`,
    availability_exceptions: sql`select * from availability_exceptions where trainer_id in ${trainer} order by day`,
    client_invitations: sql`select * from client_invitations where lower(email) = ${email} or client_user_id = ${userId} or trainer_id in ${trainer} order by created_at`,
    client_subscriptions: sql`select * from client_subscriptions where client_user_id = ${userId} or trainer_id in ${trainer} order by created_at`,
    client_payments: sql`select p.* from client_payments p join client_subscriptions s on s.id = p.subscription_id
      where s.client_user_id = ${userId} or p.trainer_id in ${trainer} order by p.paid_at`,
    client_refunds: sql`select r.* from client_refunds r join client_payments p on p.id = r.payment_id join client_subscriptions s on s.id = p.subscription_id
      where s.client_user_id = ${userId} or p.trainer_id in ${trainer} order by r.created_at`,
    bookings: sql`select * from bookings where client_user_id = ${userId} or trainer_id in ${trainer} order by starts_at`,
    reviews: sql`select * from reviews where client_user_id = ${userId} or trainer_id in ${trainer} order by created_at`,
    calendar_feeds: sql`select * from calendar_feeds where user_id = ${userId}`,
    access_requests: sql`select * from access_requests where lower(email) = ${email} order by created_at`,
    audit_log: sql`select * from audit_log where actor_id = ${userId} or subject_id = ${userId} order by created_at`,
    // Routines (issue 25): what the person follows and logs as a client, and what they write as a trainer.
    program_assignments: sql`select * from program_assignments where client_user_id = ${userId} or trainer_id in ${trainer} order by created_at`,
    workout_sessions: sql`select * from workout_sessions where client_user_id = ${userId}
      or assignment_id in (select id from program_assignments where trainer_id in ${trainer}) order by scheduled_on, created_at`,
    set_logs: sql`select * from set_logs where client_user_id = ${userId} order by performed_at, set_number`,
    programs: sql`select * from programs where trainer_id in ${trainer}
      or id in (select program_id from program_assignments where client_user_id = ${userId}) order by created_at`,
    program_versions: sql`select * from program_versions where program_id in (select id from programs where trainer_id in ${trainer})
      or id in (select version_id from program_assignments where client_user_id = ${userId}) order by program_id, version`,
    exercises: sql`select * from exercises where trainer_id in ${trainer} order by created_at`,
    coaching_links: sql`select * from coaching_links where client_user_id = ${userId} or trainer_id in ${trainer} order by started_at`,
    // Progress (issue 25, decision 209): the person's health-data consents, measurements and photos
    // (the photos' bytes are left out, like every binary column; their day and pose are listed).
    health_data_consents: sql`select * from health_data_consents where user_id = ${userId} order by created_at`,
    body_measurements: sql`select * from body_measurements where client_user_id = ${userId} order by measured_on`,
    progress_photos: sql`select * from progress_photos where client_user_id = ${userId} order by taken_on, created_at`,
    // Tax start (issue 27, decision 222): a seller's declarations, without the proof file's bytes.
    tax_starts: sql`select * from tax_starts where trainer_id in ${trainer}
      or business_id in (select id from businesses where owner_id = ${userId}) order by created_at`,
    // Tax documents (issue 27, decision 223): the person's plan charges and the documents issued to
    // them, without the PDF and XML (each PDF is on /cuenta).
    plan_charges: sql`select * from plan_charges where user_id = ${userId} order by paid_at`,
    tax_documents: sql`select id, source_kind, source_id, dte_type, references_id, receiver, description, net_clp, iva_clp, total_clp,
      status, folio, issued_at, created_at from tax_documents where recipient_user_id = ${userId} order by created_at`,
    // A client's details for a factura (decision 237).
    client_tax_identities: sql`select * from client_tax_identities where user_id = ${userId}`,
  }
}

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value)
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Exports of more rows than this are built in the background and mailed as a link (decision 206). */
export const inlineMaxRowsOf = (app: FastifyInstance) => app.config.PRIVACY_EXPORT_INLINE_MAX_ROWS

/** How many rows the person's export holds (one count per table, one statement). */
export async function countExportRows(db: Db | Tx, userId: string, email: string): Promise<number> {
  const counts = Object.values(queriesOf(userId, email.toLowerCase())).map((q) => sql`(select count(*) from (${q}) as t)`)
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select ${sql.join(counts, sql` + `)} as n`))
  return Number(row?.n ?? 0)
}

/** Everything the platform holds about one person, in format privacy-export/1 (docs/privacy.md). */
export async function collectExport(db: Db | Tx, userId: string, email: string, now = new Date()): Promise<DataExport> {
  const tables: DataExport['tables'] = {}
  for (const [name, query] of Object.entries(queriesOf(userId, email.toLowerCase()))) {
    tables[name] = rowsOf<Record<string, unknown>>(await db.execute(query)).map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => !LEFT_OUT.has(k))
          .map(([k, v]) => [k, plain(v)]),
      ),
    )
  }
  // Derived, not stored: the personal records of the client's logged sets, as the app shows them.
  tables.personal_records = (await personalRecords(db as Tx, userId)).map((r) => ({ ...r }))
  return { format: 'privacy-export/1', generatedAt: now.toISOString(), tables }
}

export type ExportAnswer = { inline: DataExport } | { queued: DataExportQueued }

/**
 * The person asks for their data: answered at once when it is at most inlineMaxRowsOf rows;
 * otherwise one background export is queued (a second ask while it is pending gets the same one)
 * and export-jobs.ts builds it and mails the link.
 */
export async function exportMyData(app: FastifyInstance, user: AuthUser, ip: string): Promise<ExportAnswer> {
  const now = new Date()
  const email = user.email.toLowerCase()
  const rows = await countExportRows(app.db, user.id, email)
  if (rows > inlineMaxRowsOf(app)) return { queued: await queueExport(app, user, ip, rows, now) }

  const data = await collectExport(app.db, user.id, email, now)
  await app.db.transaction(async (tx) => {
    await tx.insert(privacyRequests).values({
      userId: user.id,
      kind: 'export',
      source: 'self',
      status: 'done',
      dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DAYS * 86_400_000),
      handledAt: now,
    })
    await recordAudit(tx, {
      action: 'privacy.export',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'user',
      subjectId: user.id,
      after: { tables: Object.keys(data.tables).length },
    })
    const [me] = data.tables.users
    await queuePrivacyMail(app, tx, 'exported', user.email, { firstName: String(me?.first_name ?? ''), exportedAt: now })
  })
  return { inline: data }
}

const queuedAnswer = (requestedAt: Date): DataExportQueued => ({
  status: 'queued',
  message: `Your data is large: we are preparing the file and will e-mail you a link to download it, valid for ${DATA_EXPORT_LINK_DAYS} days.`,
  requestedAt: requestedAt.toISOString(),
  linkDays: DATA_EXPORT_LINK_DAYS,
})

async function queueExport(app: FastifyInstance, user: AuthUser, ip: string, rows: number, now: Date): Promise<DataExportQueued> {
  const pendingOf = () =>
    app.db
      .select({ createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(and(eq(dataExports.userId, user.id), eq(dataExports.status, 'pending')))
      .limit(1)
  const [pending] = await pendingOf()
  if (pending) return queuedAnswer(pending.createdAt)
  const created = await app.db.transaction(async (tx) => {
    // At most one pending export per person (a unique partial index): a parallel ask inserts nothing.
    const [queued] = await tx
      .insert(dataExports)
      .values({ userId: user.id, rowCount: rows, createdAt: now, nextAttemptAt: now })
      .onConflictDoNothing()
      .returning({ id: dataExports.id, createdAt: dataExports.createdAt })
    if (!queued) return null
    const [request] = await tx
      .insert(privacyRequests)
      .values({
        userId: user.id,
        kind: 'export',
        source: 'self',
        status: 'open',
        dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DAYS * 86_400_000),
      })
      .returning({ id: privacyRequests.id })
    await tx.update(dataExports).set({ requestId: request.id }).where(eq(dataExports.id, queued.id))
    await recordAudit(tx, {
      action: 'privacy.export',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'user',
      subjectId: user.id,
      after: { status: 'queued', rows },
    })
    return queued
  })
  kickExportJobs(app)
  if (created) return queuedAnswer(created.createdAt)
  const [other] = await pendingOf()
  return queuedAnswer(other?.createdAt ?? now)
}
