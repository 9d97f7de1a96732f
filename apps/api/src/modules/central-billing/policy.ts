import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { businesses, gyms, trainers, users } from '../../db/schema.ts'

type BusinessRow = typeof businesses.$inferSelect

/**
 * May a gym's trainers charge clients through the gym's central billing (issue 19, decision 195)?
 * Only when the owner turned central billing on, an operator approved it in the console, and the
 * owner's e-mail is verified (anyone can register a business with someone else's address).
 */
export function centralBillingAllowed(
  business: Pick<BusinessRow, 'centralBilling' | 'centralBillingApprovedAt'>,
  ownerEmailVerifiedAt: Date | null,
) {
  return business.centralBilling && business.centralBillingApprovedAt !== null && ownerEmailVerifiedAt !== null
}

/**
 * The one place that decides whether a trainer charges clients as part of a gym (client-billing
 * `billingOf` asks it for every offer, invitation and checkout): the gym and its business when
 * central billing applies to this trainer, else null (the trainer is billed as an independent).
 */
export async function centralBillingOf(db: Tx, trainer: Pick<typeof trainers.$inferSelect, 'gymId'>) {
  if (!trainer.gymId) return null
  const [row] = await db
    .select({ gymId: gyms.id, business: businesses, ownerEmailVerifiedAt: users.emailVerifiedAt })
    .from(gyms)
    .innerJoin(businesses, eq(businesses.ownerId, gyms.ownerId))
    .innerJoin(users, eq(users.id, gyms.ownerId))
    .where(eq(gyms.id, trainer.gymId))
    .limit(1)
  if (!row || !centralBillingAllowed(row.business, row.ownerEmailVerifiedAt)) return null
  return { gymId: row.gymId, business: row.business }
}
