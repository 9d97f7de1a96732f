import type { Tx } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'

export interface AuditActor {
  id: string | null
  email: string | null
  role: string | null
}

export interface AuditEntry {
  /** What happened, dotted: `business.update`, `admin.create`, … */
  action: string
  actor: AuditActor
  /** Client address of the request; null for the command line. */
  ip: string | null
  subjectType?: string
  subjectId?: string
  reason?: string | null
  before?: unknown
  after?: unknown
}

/** The command line acting as operator (`npm run admin:create`). */
export const CLI_ACTOR: AuditActor = { id: null, email: null, role: 'cli' }

/**
 * Appends one row to audit_log. Pass the transaction of the change itself, so that the change
 * and its record commit together. The table refuses UPDATE and DELETE (trigger in migration 0002).
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await auditInsert(tx, entry)
}

/** The insert of one entry, for a caller that sends it as part of a larger statement. */
export function auditInsert(db: Pick<Tx, 'insert'>, entry: AuditEntry) {
  return db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorRole: entry.actor.role,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    ip: entry.ip,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}
