import {
  TRAINER_LIMITS,
  type AdminBusiness,
  type AdminBusinessDetail,
  type AdminBusinessList,
  type AdminBusinessListQuery,
  type AdminBusinessUpdate,
  type AdminCentralBillingUpdate,
} from '@app/contracts'
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.ts'
import { auditLog, businesses, gyms, trainers, users } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { recordAudit } from '../audit/service.ts'
import { ratesOf, toBusiness } from '../business/service.ts'
import { ratesToBps } from '../ledger/split.ts'
import type { Operator } from './actor.ts'
import { toAuditEntry, withRefs } from './audit-log.ts'
import { containsPattern } from './cursor.ts'
import { centralBillingAllowed } from '../central-billing/policy.ts'

type BusinessRow = typeof businesses.$inferSelect

const columns = {
  business: businesses,
  owner: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
  gym: { id: gyms.id, name: gyms.name, city: gyms.city },
  // Every trainer record of the owner's gym counts against the limit (decision 024).
  trainerCount: sql<number>`(select count(*)::int from ${trainers} where ${trainers.gymId} = ${gyms.id})`,
  ownerEmailVerifiedAt: users.emailVerifiedAt,
}
type Row = {
  business: BusinessRow
  owner: AdminBusiness['owner']
  ownerEmailVerifiedAt: Date | null
  gym: { id: string | null; name: string | null; city: string | null } | null
  trainerCount: number
}

const toAdminBusiness = (r: Row): AdminBusiness => ({
  ...toBusiness(r.business),
  owner: r.owner,
  gym: r.gym?.id ? { id: r.gym.id, name: r.gym.name!, city: r.gym.city! } : null,
  trainers: { count: r.gym?.id ? Number(r.trainerCount) : 0, limit: TRAINER_LIMITS[r.business.subscriptionPlan] },
  centralBillingApproval: {
    approvedAt: r.business.centralBillingApprovedAt?.toISOString() ?? null,
    ownerEmailVerified: r.ownerEmailVerifiedAt !== null,
    allowed: centralBillingAllowed(r.business, r.ownerEmailVerifiedAt),
  },
  createdAt: r.business.createdAt.toISOString(),
})

const base = (db: Tx) =>
  db
    .select(columns)
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .leftJoin(gyms, eq(gyms.ownerId, businesses.ownerId))

/**
 * The list's two queries, newest first (businesses_created_idx). The search matches the gym's name
 * or its owner's e-mail, each through its own trigram index (migration 0020), as a UNION of the
 * two: an OR across the join could use neither index and read every user. The count needs no join.
 */
export function businessListQueries(db: Tx, query: AdminBusinessListQuery) {
  const pattern = query.q ? containsPattern(query.q) : undefined
  const where = and(
    query.plan ? eq(businesses.subscriptionPlan, query.plan) : undefined,
    pattern
      ? inArray(
          businesses.id,
          union(
            db.select({ id: businesses.id }).from(businesses).where(ilike(businesses.name, pattern)),
            db
              .select({ id: businesses.id })
              .from(businesses)
              .innerJoin(users, eq(users.id, businesses.ownerId))
              .where(and(sql`${users.role} = 'gym_owner'`, ilike(users.email, pattern))),
          ),
        )
      : undefined,
  )
  return {
    rows: base(db)
      .where(where)
      // Both keys descending: businesses_created_idx (created_at, id) read backwards, a page at a time.
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    total: db.select({ total: count() }).from(businesses).where(where),
  }
}

export async function listBusinesses(db: Db, query: AdminBusinessListQuery): Promise<AdminBusinessList> {
  const q = businessListQueries(db, query)
  const rows = await q.rows
  const [{ total }] = await q.total
  return { data: (rows as Row[]).map(toAdminBusiness), page: query.page, pageSize: query.pageSize, total }
}

async function findBusiness(db: Tx, id: string) {
  const [row] = await base(db).where(eq(businesses.id, id)).limit(1)
  if (!row) throw notFound('Business not found')
  return toAdminBusiness(row as Row)
}

export async function getBusiness(db: Db, id: string): Promise<AdminBusinessDetail> {
  const business = await findBusiness(db, id)
  const history = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'business'), eq(auditLog.subjectId, id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200)
  return { ...business, history: await withRefs(db, history.map(toAuditEntry)) }
}

/** What an audit row keeps of a business: the fields an admin may change. */
const auditedFields = (row: BusinessRow) => ({
  subscriptionPlan: row.subscriptionPlan,
  commissionRates: ratesOf(row),
})

/**
 * Plan and split change here only; the change and its audit row commit together. A downgrade
 * below the trainers a gym already has keeps them: the limit stops new ones (decision 024).
 */
export async function updateBusiness(db: Db, by: Operator, id: string, input: AdminBusinessUpdate): Promise<AdminBusiness> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, id)).limit(1).for('update')
    if (!before) throw notFound('Business not found')
    const rates = input.commissionRates && ratesToBps(input.commissionRates)
    const [after] = await tx
      .update(businesses)
      .set({
        ...(input.subscriptionPlan ? { subscriptionPlan: input.subscriptionPlan } : {}),
        ...(rates
          ? {
              commissionTrainerBps: rates.trainer,
              commissionGymBps: rates.gym,
              commissionPlatformBps: rates.platform,
            }
          : {}),
      })
      .where(eq(businesses.id, id))
      .returning()
    await recordAudit(tx, {
      action: 'business.update',
      actor: by.actor,
      ip: by.ip,
      subjectType: 'business',
      subjectId: id,
      reason: input.reason,
      before: auditedFields(before),
      after: auditedFields(after),
    })
    return findBusiness(tx, id)
  })
}

/**
 * An operator allows (or stops) a gym's trainers charging clients through central billing
 * (issue 19, decision 195). Audited as `business.central_billing` with the reason; setting the
 * state it already has changes nothing and writes no row. Stopping it refuses new offers,
 * invitations and checkouts of the gym's trainers; running client subscriptions keep their
 * stored split.
 */
export async function updateCentralBilling(db: Db, by: Operator, id: string, input: AdminCentralBillingUpdate): Promise<AdminBusiness> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, id)).limit(1).for('update')
    if (!before) throw notFound('Business not found')
    const was = before.centralBillingApprovedAt !== null
    if (was !== input.approved) {
      await tx
        .update(businesses)
        .set({ centralBillingApprovedAt: input.approved ? new Date() : null })
        .where(eq(businesses.id, id))
      await recordAudit(tx, {
        action: 'business.central_billing',
        actor: by.actor,
        ip: by.ip,
        subjectType: 'business',
        subjectId: id,
        reason: input.reason,
        before: { approved: was },
        after: { approved: input.approved },
      })
    }
    return findBusiness(tx, id)
  })
}
