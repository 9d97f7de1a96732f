import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import type { MovementSource } from '../movement-types.ts'

export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])

/**
 * The sandbox's own records: the charges and refunds its pages made (client_payments and
 * client_refunds rows of provider 'sandbox'), and its plan charges and refunds. It never transfers.
 */
export function sandboxMovements(db: Db): MovementSource {
  return {
    name: 'sandbox',
    async *listMoneyMovements({ from, to }) {
      const charges = rowsOf<{ id: string; amount: number; at: Date | string }>(
        await db.execute(sql`select provider_payment_id as id, amount_clp as amount, paid_at as at from client_payments
          where provider = 'sandbox' and paid_at >= ${from.toISOString()} and paid_at < ${to.toISOString()}`),
      )
      for (const c of charges) yield { kind: 'charge', id: c.id, amountClp: Number(c.amount), at: new Date(c.at) }
      const refunds = rowsOf<{ id: string; kind: 'refund' | 'dispute'; amount: number; at: Date | string }>(
        await db.execute(sql`select r.provider_refund_id as id, r.kind, r.amount_clp as amount, r.created_at as at
          from client_refunds r join client_payments p on p.id = r.payment_id
          where p.provider = 'sandbox' and r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}`),
      )
      for (const r of refunds) yield { kind: r.kind, id: r.id, amountClp: Number(r.amount), at: new Date(r.at) }
      // Its plan charges and refunds are the same rows our books keep (it bills in this database).
      const plan = rowsOf<{ kind: 'plan_charge' | 'plan_refund'; id: string; amount: number; at: Date | string }>(
        await db.execute(sql`select 'plan_charge' as kind, coalesce(c.provider_payment_id, c.provider_charge_id) as id, c.amount_clp as amount, c.paid_at as at
            from plan_charges c join subscriptions s on s.id = c.subscription_id
            where s.provider = 'sandbox' and c.paid_at >= ${from.toISOString()} and c.paid_at < ${to.toISOString()}
          union all
          select 'plan_refund', r.provider_refund_id, r.amount_clp, r.created_at
            from plan_charge_refunds r join plan_charges c on c.id = r.plan_charge_id join subscriptions s on s.id = c.subscription_id
            where s.provider = 'sandbox' and r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}`),
      )
      for (const p of plan) yield { kind: p.kind, id: p.id, amountClp: Number(p.amount), at: new Date(p.at) }
    },
  }
}
