import { PRIVACY_REQUEST_DAYS, type DataExport } from '@app/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { privacyRequests } from '../../db/schema.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
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
  'search',
  'city_key',
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
  }
}

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value)

export async function exportMyData(app: FastifyInstance, user: AuthUser, ip: string): Promise<DataExport> {
  const now = new Date()
  const tables: DataExport['tables'] = {}
  for (const [name, query] of Object.entries(queriesOf(user.id, user.email.toLowerCase()))) {
    const rows = (await app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }
    tables[name] = rows.rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => !LEFT_OUT.has(k))
          .map(([k, v]) => [k, plain(v)]),
      ),
    )
  }
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
      after: { tables: Object.keys(tables).length },
    })
    const [me] = tables.users
    await queuePrivacyMail(app, tx, 'exported', user.email, { firstName: String(me?.first_name ?? ''), exportedAt: now })
  })
  return { format: 'privacy-export/1', generatedAt: now.toISOString(), tables }
}
