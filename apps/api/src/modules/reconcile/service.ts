import type { LedgerReconciliation, LedgerReconciliationDifference } from '@app/contracts'
import { desc, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { ledgerReconciliations } from '../../db/schema.ts'
import type { MoneyMovement, MovementRange, MovementSource } from '../../providers/payments/movements.ts'

/** Movements near the range's edges may be booked on the other side of it (a webhook arrives later). */
const EDGE_MS = 24 * 3600_000
const STORED_DIFFERENCES = 500

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])
const key = (m: Pick<MoneyMovement, 'kind' | 'id'>) => `${m.kind}:${m.id}`

/**
 * The ledger's side, from its own entries (one query per kind, aggregated in the database): charges
 * (the payment transaction's provider_clearing entry), refunds and disputes (by their source key),
 * and the net transferred out per charge (transfers minus their reversals, as the provider's
 * `amount_reversed` nets them; direct charges settle on the trainer's own account and move nothing);
 * and the trainers' and gyms' plan charges and their refunds, which the ledger does not hold (the
 * platform's own sales), from plan_charges and plan_charge_refunds (decision 239).
 */
async function ledgerMovements(db: Db, provider: string, { from, to }: MovementRange): Promise<MoneyMovement[]> {
  const f = from.toISOString()
  const t = to.toISOString()
  const rows = rowsOf<{ kind: MoneyMovement['kind']; id: string; amount: string; at: Date | string }>(
    await db.execute(sql`
      select 'charge' as kind, p.provider_payment_id as id, (-sum(e.amount_clp))::text as amount, min(t.created_at) as at
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account = 'provider_clearing'
        join client_payments p on p.id = t.payment_id
        where t.kind = 'payment' and p.provider = ${provider} and t.created_at >= ${f} and t.created_at < ${t}
        group by p.provider_payment_id
      union all
      select r.kind, r.id, sum(r.amount)::text as amount, min(r.at) as at from (
        select t.kind,
            -- A payment split at the source to a gym is refunded per disbursement: compared per payment (decision 249).
            case when t.kind = 'refund' and s.gym_id is not null and s.provider_account_id is not null
              then p.provider_payment_id || ':split' else substr(t.source_key, length(t.kind) + 2) end as id,
            e.amount_clp as amount, t.created_at as at
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account = 'provider_clearing'
          join client_payments p on p.id = t.payment_id
          join client_subscriptions s on s.id = p.subscription_id
          where t.kind in ('refund', 'dispute') and p.provider = ${provider} and t.created_at >= ${f} and t.created_at < ${t}) r
        group by r.kind, r.id
      union all
      select 'transfer' as kind, p.provider_payment_id as id, sum(e.amount_clp)::text as amount, min(t.created_at) as at
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account = 'provider_clearing'
        join client_payments p on p.id = t.payment_id
        join client_subscriptions s on s.id = p.subscription_id and s.provider_account_id is null
        where t.kind in ('transfer', 'transfer_reversal') and p.provider = ${provider}
          and t.created_at >= ${f} and t.created_at < ${t}
        group by p.provider_payment_id
      union all
      -- Split at the source (decision 249): the platform's fee kept, and what reached the parties' own accounts.
      select 'fee' as kind, p.provider_payment_id as id, sum(e.amount_clp)::text as amount, min(p.paid_at) as at
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account = 'platform_revenue'
        join client_payments p on p.id = t.payment_id
        join client_subscriptions s on s.id = p.subscription_id and s.provider_account_id is not null
        where t.kind in ('payment', 'refund', 'dispute') and p.provider = ${provider} and p.paid_at >= ${f} and p.paid_at < ${t}
        group by p.provider_payment_id
      union all
      select 'disbursement' as kind, p.provider_payment_id as id, (-sum(e.amount_clp))::text as amount, min(p.paid_at) as at
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account <> 'provider_clearing'
        join client_payments p on p.id = t.payment_id
        join client_subscriptions s on s.id = p.subscription_id and s.provider_account_id is not null
        where t.kind in ('transfer', 'transfer_reversal') and p.provider = ${provider} and p.paid_at >= ${f} and p.paid_at < ${t}
        group by p.provider_payment_id
      union all
      select 'plan_charge' as kind, coalesce(c.provider_payment_id, c.provider_charge_id) as id, c.amount_clp::text as amount, c.paid_at as at
        from plan_charges c join subscriptions s on s.id = c.subscription_id
        where s.provider = ${provider} and c.paid_at >= ${f} and c.paid_at < ${t}
      union all
      select 'plan_refund' as kind, r.provider_refund_id as id, r.amount_clp::text as amount, r.created_at as at
        from plan_charge_refunds r join plan_charges c on c.id = r.plan_charge_id join subscriptions s on s.id = c.subscription_id
        where s.provider = ${provider} and r.created_at >= ${f} and r.created_at < ${t}`),
  )
  return rows.map((r) => ({ kind: r.kind, id: r.id, amountClp: Number(r.amount), at: new Date(r.at) }))
}

export interface ReconcileResult {
  provider: string
  range: MovementRange
  ledgerMovements: number
  providerMovements: number
  differences: LedgerReconciliationDifference[]
  payouts: { count: number; totalClp: number } | null
}

/**
 * `npm run ledger:reconcile` (issue 19): every money movement of [from, to) on one side must be on
 * the other with the same amount. Both sides are read with a day's margin around the range, so a
 * movement booked just across an edge is matched, not reported. The run is stored (the console
 * shows the newest).
 */
export async function reconcile(db: Db, source: MovementSource, range: MovementRange, ranBy: string): Promise<ReconcileResult> {
  const wide = { from: new Date(range.from.getTime() - EDGE_MS), to: new Date(range.to.getTime() + EDGE_MS) }
  const inRange = (m: MoneyMovement) => m.at >= range.from && m.at < range.to
  // Fees and disbursements are compared only with a source that reports them.
  const extra = new Set(source.extraKinds ?? [])
  const compared = (m: MoneyMovement) => (m.kind !== 'fee' && m.kind !== 'disbursement') || extra.has(m.kind)
  const ledger = new Map((await ledgerMovements(db, source.name, wide)).filter(compared).map((m) => [key(m), m]))
  const knownCharges = new Set([...ledger.values()].filter((m) => m.kind === 'charge').map((m) => m.id))
  const provider = new Map<string, MoneyMovement>()
  for await (const m of source.listMoneyMovements(wide, knownCharges)) provider.set(key(m), m)

  const differences: LedgerReconciliationDifference[] = []
  for (const [k, p] of provider) {
    if (!inRange(p)) continue
    const l = ledger.get(k)
    if (!l) {
      if (p.kind === 'transfer' && p.amountClp === 0) continue
      differences.push({ kind: 'missing-in-ledger', movement: p.kind, providerId: p.id, ledgerClp: null, providerClp: p.amountClp })
    } else if (l.amountClp !== p.amountClp)
      differences.push({ kind: 'amount-differs', movement: p.kind, providerId: p.id, ledgerClp: l.amountClp, providerClp: p.amountClp })
  }
  for (const [k, l] of ledger) {
    if (!inRange(l) || provider.has(k) || (l.kind === 'transfer' && l.amountClp === 0)) continue
    differences.push({ kind: 'missing-at-provider', movement: l.kind, providerId: l.id, ledgerClp: l.amountClp, providerClp: null })
  }
  differences.sort((a, b) => a.movement.localeCompare(b.movement) || a.providerId.localeCompare(b.providerId))
  const result: ReconcileResult = {
    provider: source.name,
    range,
    ledgerMovements: [...ledger.values()].filter(inRange).length,
    providerMovements: [...provider.values()].filter(inRange).length,
    differences,
    payouts: source.payouts ? await source.payouts(range) : null,
  }
  await db.insert(ledgerReconciliations).values({
    provider: source.name,
    fromAt: range.from,
    toAt: range.to,
    ledgerMovements: result.ledgerMovements,
    providerMovements: result.providerMovements,
    differenceCount: differences.length,
    differences: differences.slice(0, STORED_DIFFERENCES),
    ranBy,
  })
  return result
}

/** GET /admin/money/reconciliation: the newest run. */
export async function lastReconciliation(db: Db): Promise<LedgerReconciliation> {
  const [row] = await db.select().from(ledgerReconciliations).orderBy(desc(ledgerReconciliations.createdAt)).limit(1)
  if (!row) return { last: null }
  return {
    last: {
      ranAt: row.createdAt.toISOString(),
      ranBy: row.ranBy,
      provider: row.provider,
      from: row.fromAt.toISOString(),
      to: row.toAt.toISOString(),
      ledgerMovements: row.ledgerMovements,
      providerMovements: row.providerMovements,
      differenceCount: row.differenceCount,
      differences: row.differences as LedgerReconciliationDifference[],
    },
  }
}
