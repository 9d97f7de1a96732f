import type { AdminAuditListQuery, AuditEntry } from '@app/contracts'
import { and, eq, like } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'
import { resolveRefs, type RefKey } from './refs.ts'
import { afterCursor, cursorTime, decodeCursor, inRange, orderOf, pageOf } from './cursor.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type AuditRow = typeof auditLog.$inferSelect & { cursorAt: string }

/** An audit row as the API answers it, before its actor and subject are named (withRefs). */
export type BareAuditEntry = Omit<AuditEntry, 'actorRef' | 'subjectRef'>

export const toAuditEntry = (r: typeof auditLog.$inferSelect): BareAuditEntry => ({
  id: r.id,
  at: r.createdAt.toISOString(),
  action: r.action,
  actor: { id: r.actorId, email: r.actorEmail, role: r.actorRole },
  subjectType: r.subjectType,
  subjectId: r.subjectId,
  ip: r.ip,
  reason: r.reason,
  before: r.before ?? null,
  after: r.after ?? null,
})

/** The entries with their actor's and subject's names and console pages (a few queries per page, refs.ts). */
export async function withRefs<E extends Pick<BareAuditEntry, 'actor' | 'subjectType' | 'subjectId'>>(
  db: Tx,
  entries: E[],
): Promise<(E & Pick<AuditEntry, 'actorRef' | 'subjectRef'>)[]> {
  const actorKey = (e: E): RefKey => ({ type: 'user', id: e.actor?.id ?? null })
  const subjectKey = (e: E): RefKey => ({ type: e.subjectType, id: e.subjectId })
  const refOf = await resolveRefs(db, [...entries.map(actorKey), ...entries.map(subjectKey)])
  return entries.map((e) => ({ ...e, actorRef: refOf(actorKey(e)), subjectRef: refOf(subjectKey(e)) }))
}

type Filter = Pick<AdminAuditListQuery, 'actor' | 'action' | 'subjectType' | 'subjectId' | 'from' | 'to'>
const filterOf = (f: Filter) => [
  f.actor ? (UUID.test(f.actor) ? eq(auditLog.actorId, f.actor.toLowerCase()) : eq(auditLog.actorEmail, f.actor.toLowerCase())) : undefined,
  // `auth.*` is a family; the contract allows only [a-z_] and dots, so the pattern has no wildcard of its own.
  f.action ? (f.action.endsWith('.*') ? like(auditLog.action, `${f.action.slice(0, -1)}%`) : eq(auditLog.action, f.action)) : undefined,
  f.subjectType ? eq(auditLog.subjectType, f.subjectType) : undefined,
  f.subjectId ? eq(auditLog.subjectId, f.subjectId) : undefined,
  ...inRange(auditLog.createdAt, f),
]

const auditColumns = {
  id: auditLog.id,
  action: auditLog.action,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  actorRole: auditLog.actorRole,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  ip: auditLog.ip,
  reason: auditLog.reason,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
}

export async function listAudit(db: Db, query: AdminAuditListQuery) {
  const rows = await db
    .select({ ...auditColumns, cursorAt: cursorTime(auditLog.createdAt) })
    .from(auditLog)
    .where(and(...filterOf(query), afterCursor(auditLog.createdAt, auditLog.id, decodeCursor(query.cursor), query.sort)))
    .orderBy(...orderOf(auditLog.createdAt, auditLog.id, query.sort))
    .limit(query.limit + 1)
  const page = pageOf(rows as AuditRow[], query.limit, toAuditEntry)
  return { ...page, data: await withRefs(db, page.data) }
}
