import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { businesses, gyms, taxStarts } from '../../db/schema.ts'
import { ownerColumn, stateOf, type SellerKind } from './service.ts'

/** Why a seller may not take new money for want of a tax start; null when their approval holds. */
export type TaxStartBlock = 'taxStartRequired' | 'taxStartPending' | 'taxStartLapsed' | 'gymTaxStartRequired'

async function stateOfSeller(db: Tx, kind: SellerKind, id: string, now: Date) {
  const rows = await db
    .select({ status: taxStarts.status, expiresAt: taxStarts.expiresAt })
    .from(taxStarts)
    .where(eq(ownerColumn(kind), id))
    .orderBy(desc(taxStarts.createdAt), desc(taxStarts.id))
    .limit(20)
  return stateOf(rows, now).state
}

/**
 * Decision 222: a trainer takes new money only with an approved tax start in force (six months
 * from approval); under a gym's central billing, the gym's business needs one too (the payment is
 * split to both). Off only when an operator sets TAX_START_CHECK=off (on in tests too, decision
 * 235: the test helpers give their sellers an approved tax start).
 */
export async function taxStartBlock(
  app: FastifyInstance,
  trainerId: string,
  centralGymId: string | null,
  db: Tx = app.db,
  now = new Date(),
): Promise<TaxStartBlock | null> {
  if (app.config.TAX_START_CHECK === 'off') return null
  const own = await stateOfSeller(db, 'trainer', trainerId, now)
  if (own === 'pending') return 'taxStartPending'
  if (own === 'lapsed') return 'taxStartLapsed'
  if (own !== 'approved' && own !== 'lapsingSoon') return 'taxStartRequired'
  if (centralGymId) {
    const [business] = await db
      .select({ id: businesses.id })
      .from(gyms)
      .innerJoin(businesses, eq(businesses.ownerId, gyms.ownerId))
      .where(eq(gyms.id, centralGymId))
      .limit(1)
    const gym = business ? await stateOfSeller(db, 'business', business.id, now) : 'none'
    if (gym !== 'approved' && gym !== 'lapsingSoon') return 'gymTaxStartRequired'
  }
  return null
}
