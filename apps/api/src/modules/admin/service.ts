import type { AdminBusiness, AdminBusinessList, AdminBusinessListQuery, AdminBusinessUpdate } from '@app/contracts'
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import { businesses, passwordResets, users } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { CLI_ACTOR, recordAudit } from '../audit/service.ts'
import { toBusiness } from '../business/service.ts'
import { digestToken } from '../password-reset/service.ts'
import { findUserByEmail, insertUser, normalizeEmail } from '../users/service.ts'

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

/** How long the set-password link printed by `npm run admin:create` works. */
export const ADMIN_SETUP_LINK_TTL_HOURS = 24

export interface PlatformAdminInput {
  email: string
  firstName?: string
  lastName?: string
}

/**
 * Creates a platform admin, or promotes the account of that e-mail, and answers a one-time
 * set-password link (a password reset row: only its digest is stored). Audited as the CLI.
 */
export async function createPlatformAdmin(db: Db, appUrl: string, input: PlatformAdminInput) {
  const email = normalizeEmail(input.email)
  const token = randomBytes(32).toString('base64url')
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email)
    let user = existing
    if (existing) {
      ;[user] = await tx
        .update(users)
        .set({ role: 'platform_admin', ...(input.firstName ? { firstName: input.firstName } : {}), ...(input.lastName ? { lastName: input.lastName } : {}) })
        .where(eq(users.id, existing.id))
        .returning()
    } else {
      // Nobody knows this password: the person sets their own through the link.
      user = await insertUser(tx, { email, password: randomBytes(32).toString('base64url'), firstName: input.firstName ?? 'Platform', lastName: input.lastName ?? 'Admin', role: 'platform_admin' })
      if (!user) throw new Error(`could not create ${email}`)
    }
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, user!.id), isNull(passwordResets.usedAt)))
    await tx.insert(passwordResets).values({ userId: user!.id, tokenHash: digestToken(token), expiresAt: new Date(Date.now() + ADMIN_SETUP_LINK_TTL_HOURS * 3600_000) })
    await recordAudit(tx, {
      action: existing ? 'admin.promote' : 'admin.create',
      actor: CLI_ACTOR,
      ip: null,
      subjectType: 'user',
      subjectId: user!.id,
      before: existing ? { role: existing.role, email: existing.email } : null,
      after: { role: 'platform_admin', email: user!.email },
    })
    return { userId: user!.id, email: user!.email, created: !existing, previousRole: existing?.role ?? null, link: `${appUrl}/recuperar-password?hash=${token}` }
  })
}
