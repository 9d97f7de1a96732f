import type { Plan } from '@app/contracts'
import { asc, eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { plans } from '../../db/schema.ts'

type PlanRow = typeof plans.$inferSelect

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    key: row.key as Plan['key'],
    title: row.title,
    description: row.description,
    benefits: row.benefits,
    priceUsd: row.priceUsd,
    priceClp: row.priceClp,
    period: 'month',
    clientLimit: row.clientLimit,
    target: row.target,
    popular: row.popular,
    purchasable: row.purchasable,
  }
}

export async function listPlans(db: Tx): Promise<Plan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder))
  return rows.map(toPlan)
}

export async function findPlan(db: Tx, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1)
  return row
}
