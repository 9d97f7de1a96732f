import type { AdminBusiness, AdminBusinessList, AdminBusinessListQuery, AdminBusinessUpdate } from '@app/contracts'
import { count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { businesses, users } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { toBusiness } from '../business/service.ts'

type BusinessRow = typeof businesses.$inferSelect
type OwnerRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName'>

const toAdminBusiness = (row: BusinessRow, owner: OwnerRow): AdminBusiness => ({
  ...toBusiness(row),
  owner: { id: owner.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName },
  createdAt: row.createdAt.toISOString(),
})

const ownerColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }

export async function listBusinesses(app: FastifyInstance, query: AdminBusinessListQuery): Promise<AdminBusinessList> {
  const rows = await app.db
    .select({ business: businesses, owner: ownerColumns })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .orderBy(desc(businesses.createdAt), businesses.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  const [{ total }] = await app.db.select({ total: count() }).from(businesses)
  return { data: rows.map((r) => toAdminBusiness(r.business, r.owner)), page: query.page, pageSize: query.pageSize, total }
}

/** What an audit row keeps of a business: the fields an admin may change. */
const auditedFields = (row: BusinessRow) => ({
  subscriptionPlan: row.subscriptionPlan,
  commissionRates: { trainer: Number(row.commissionTrainer), gym: Number(row.commissionGym), platform: Number(row.commissionPlatform) },
})

/** Plan and split change here only; the change and its audit row commit together. */
export async function updateBusiness(app: FastifyInstance, actor: AuthUser, ip: string, id: string, input: AdminBusinessUpdate): Promise<AdminBusiness> {
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, id)).limit(1).for('update')
    if (!before) throw notFound('Business not found')
    const rates = input.commissionRates
    const [after] = await tx
      .update(businesses)
      .set({
        ...(input.subscriptionPlan ? { subscriptionPlan: input.subscriptionPlan } : {}),
        ...(rates ? { commissionTrainer: rates.trainer.toFixed(3), commissionGym: rates.gym.toFixed(3), commissionPlatform: rates.platform.toFixed(3) } : {}),
      })
      .where(eq(businesses.id, id))
      .returning()
    await recordAudit(tx, {
      action: 'business.update',
      actor: { id: actor.id, email: actor.email, role: actor.role },
      ip,
      subjectType: 'business',
      subjectId: id,
      reason: input.reason,
      before: auditedFields(before),
      after: auditedFields(after),
    })
    const [owner] = await tx.select(ownerColumns).from(users).where(eq(users.id, after.ownerId)).limit(1)
    return toAdminBusiness(after, owner)
  })
}
