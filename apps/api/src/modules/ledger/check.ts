import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'

export interface LedgerProblem {
  rule: 'transaction-balances' | 'ledger-balances' | 'payment-has-transaction' | 'payment-matches-ledger' | 'refunds-match-ledger'
  subject: string
  detail: string
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])

/**
 * The ledger's invariants (issue 12, `npm run ledger:check`): every transaction sums to zero with
 * at least two entries; all entries together sum to zero (so the account balances, which are
 * sums of entries, balance too); every payment has its payment transaction whose entries are the
 * payment's stored shares; refunds and disputes posted equal the payment's refunded amount.
 */
export async function checkLedger(
  db: Tx,
): Promise<{ problems: LedgerProblem[]; stats: { transactions: number; entries: number; payments: number; accounts: number } }> {
  const problems: LedgerProblem[] = []
  const unbalanced = rowsOf<{ id: string; total: string; n: string }>(
    await db.execute(sql`select t.id, coalesce(sum(e.amount_clp), 0)::text as total, count(e.id)::text as n
      from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id having coalesce(sum(e.amount_clp), 0) <> 0 or count(e.id) < 2`),
  )
  for (const t of unbalanced)
    problems.push({ rule: 'transaction-balances', subject: `transaction ${t.id}`, detail: `sums to ${t.total} over ${t.n} entries` })

  const [overall] = rowsOf<{ total: string }>(await db.execute(sql`select coalesce(sum(amount_clp), 0)::text as total from ledger_entries`))
  if (Number(overall.total) !== 0)
    problems.push({ rule: 'ledger-balances', subject: 'all accounts', detail: `balances sum to ${overall.total}, not 0` })

  const payments = rowsOf<{
    id: string
    provider_payment_id: string
    trainer_id: string
    gym_id: string | null
    amount_clp: number
    trainer_share_clp: number
    gym_share_clp: number
    platform_share_clp: number
    refunded_clp: number
  }>(
    await db.execute(
      sql`select id, provider_payment_id, trainer_id, gym_id, amount_clp, trainer_share_clp, gym_share_clp, platform_share_clp, refunded_clp from client_payments`,
    ),
  )
  const entries = rowsOf<{ payment_id: string; kind: string; account: string; total: string }>(
    await db.execute(sql`select t.payment_id, t.kind, e.account, sum(e.amount_clp)::text as total
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where t.payment_id is not null group by t.payment_id, t.kind, e.account`),
  )
  const byPayment = new Map<string, Map<string, number>>()
  for (const e of entries) {
    const key = `${e.kind}|${e.account}`
    if (!byPayment.has(e.payment_id)) byPayment.set(e.payment_id, new Map())
    byPayment.get(e.payment_id)!.set(key, Number(e.total))
  }
  for (const p of payments) {
    const sums = byPayment.get(p.id)
    const get = (kind: string, account: string) => sums?.get(`${kind}|${account}`) ?? 0
    const subject = `payment ${p.id} (${p.provider_payment_id})`
    if (!sums || ![...sums.keys()].some((k) => k.startsWith('payment|'))) {
      problems.push({ rule: 'payment-has-transaction', subject, detail: 'no payment transaction in the ledger' })
      continue
    }
    const expected: [string, number][] = [
      ['provider_clearing', -p.amount_clp],
      [`trainer:${p.trainer_id}`, p.trainer_share_clp],
      ['platform_revenue', p.platform_share_clp],
      ...(p.gym_id ? ([[`gym:${p.gym_id}`, p.gym_share_clp]] as [string, number][]) : []),
    ]
    for (const [account, amount] of expected) {
      if (get('payment', account) !== amount)
        problems.push({
          rule: 'payment-matches-ledger',
          subject,
          detail: `${account}: ledger ${get('payment', account)}, stored ${amount}`,
        })
    }
    const reversed = get('refund', 'provider_clearing') + get('dispute', 'provider_clearing')
    if (reversed !== p.refunded_clp)
      problems.push({ rule: 'refunds-match-ledger', subject, detail: `refunds in the ledger ${reversed}, stored ${p.refunded_clp}` })
  }
  const [counts] = rowsOf<{ transactions: string; entries: string; accounts: string }>(
    await db.execute(
      sql`select (select count(*) from ledger_transactions)::text as transactions, (select count(*) from ledger_entries)::text as entries, (select count(distinct account) from ledger_entries)::text as accounts`,
    ),
  )
  return {
    problems,
    stats: {
      transactions: Number(counts.transactions),
      entries: Number(counts.entries),
      payments: payments.length,
      accounts: Number(counts.accounts),
    },
  }
}
