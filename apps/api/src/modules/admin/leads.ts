import {
  LEAD_TRANSITIONS,
  type AdminLead,
  type AdminLeadDetail,
  type AdminLeadListQuery,
  type AdminLeadUpdate,
  type LeadHistoryEntry,
  type LeadStatus,
} from '@app/contracts'
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { accessRequests, auditLog, leads } from '../../db/schema.ts'
import { conflict, notFound } from '../../errors.ts'
import { recordAudit } from '../audit/service.ts'
import type { Operator } from './actor.ts'
import { afterCursor, containsPattern, cursorTime, decodeCursor, inRange, orderOf, pageOf } from './cursor.ts'

const columns = {
  id: leads.id,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  city: leads.city,
  status: leads.status,
  statusChangedAt: leads.statusChangedAt,
  createdAt: leads.createdAt,
  title: accessRequests.title,
  subject: accessRequests.subject,
  content: accessRequests.content,
  cursorAt: cursorTime(leads.createdAt),
}
const selectLeads = (db: Tx) => db.select(columns).from(leads).innerJoin(accessRequests, eq(accessRequests.id, leads.id))
type LeadRow = Awaited<ReturnType<typeof selectLeads>>[number]

const toLead = ({ cursorAt: _, ...r }: LeadRow): AdminLead => ({
  ...r,
  statusChangedAt: r.statusChangedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
})

type Filter = Pick<AdminLeadListQuery, 'q' | 'status' | 'from' | 'to'>
const filterOf = (f: Filter) => [
  f.status ? eq(leads.status, f.status) : undefined,
  // Substring of name, e-mail or city: a trigram index serves it (decision 070).
  f.q ? like(leads.search, sql`lower(${containsPattern(f.q)})`) : undefined,
  ...inRange(leads.createdAt, f),
]

export async function listLeads(db: Db, query: AdminLeadListQuery & { limit: number }) {
  const rows = await selectLeads(db)
    .where(and(...filterOf(query), afterCursor(leads.createdAt, leads.id, decodeCursor(query.cursor), query.sort)))
    .orderBy(...orderOf(leads.createdAt, leads.id, query.sort))
    .limit(query.limit + 1)
  return pageOf(rows, query.limit, toLead)
}

const LEAD_ACTIONS = ['lead.status', 'lead.note']

async function historyOf(db: Tx, id: string): Promise<LeadHistoryEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'lead'), eq(auditLog.subjectId, id), inArray(auditLog.action, LEAD_ACTIONS)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: { id: r.actorId, email: r.actorEmail, role: r.actorRole },
    from: (r.before as { status: LeadStatus }).status,
    to: (r.after as { status: LeadStatus }).status,
    note: r.reason,
  }))
}

export async function getLead(db: Tx, id: string): Promise<AdminLeadDetail> {
  const [row] = await selectLeads(db).where(eq(leads.id, id)).limit(1)
  if (!row) throw notFound('Lead not found')
  return { ...toLead(row), history: await historyOf(db, id) }
}

/**
 * Moves a lead along the pipeline and/or adds a note; the change and its history row (audit log)
 * commit together. The row lock makes two operators' moves take turns: the second is checked
 * against the state the first left. Asking for the status the lead already has, without a note,
 * changes nothing (a double click).
 */
export async function updateLead(db: Db, by: Operator, id: string, input: AdminLeadUpdate): Promise<AdminLeadDetail> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, id)).limit(1).for('update')
    if (!lead) throw notFound('Lead not found')
    const from = lead.status
    const to = input.status ?? from
    if (to !== from) {
      if (!LEAD_TRANSITIONS[from].includes(to)) {
        throw conflict(`A ${from} lead cannot be moved to ${to}`, { status: 'invalid' })
      }
      await tx.update(leads).set({ status: to, statusChangedAt: new Date() }).where(eq(leads.id, id))
    }
    if (to !== from || input.note) {
      await recordAudit(tx, {
        action: to !== from ? 'lead.status' : 'lead.note',
        actor: by.actor,
        ip: by.ip,
        subjectType: 'lead',
        subjectId: id,
        reason: input.note ?? null,
        before: { status: from },
        after: { status: to },
      })
    }
    return getLead(tx, id)
  })
}
