import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'

export type LedgerRule =
  | 'transaction-balances'
  | 'ledger-balances'
  | 'payment-has-transaction'
  | 'payment-matches-ledger'
  | 'refunds-match-ledger'
  | 'party-balance-not-negative'
  | 'active-subscription-paid'
  | 'payment-has-subscription'
  | 'transfer-has-payment'

export interface LedgerProblem {
  rule: LedgerRule
  subject: string
  detail: string
}

export interface LedgerCheckOptions {
  /**
   * How long a subscription may wait for its payment after it last changed (a provider reports
   * the new period and its invoice in two events): default one hour.
   */
  graceMs?: number
  /** At most this many breaks listed per rule (each rule still counts them all); default 100. */
  maxPerRule?: number
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])

/**
 * A party is someone the platform owes money to (a trainer, a gym). Its balance may go below
 * zero only in a receivable account (`receivable:…`, issue 19), never in its own.
 */
const PARTY_ACCOUNT = `^(trainer|gym):`

/**
 * Each rule is ONE query run in the database that answers only the breaks (issue 30: the ledger
 * is never loaded into the process; memory stays flat whatever its size). `subject` and `detail`
 * are built in SQL; `n` is the total count of breaks of the rule.
 */
function rules(graceSeconds: number): { rule: LedgerRule; query: SQL }[] {
  return [
    {
      // Every transaction sums to zero over at least two entries.
      rule: 'transaction-balances',
      query: sql`select 'transaction ' || t.id as subject,
          'sums to ' || coalesce(sum(e.amount_clp), 0) || ' over ' || count(e.id) || ' entries' as detail
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id having coalesce(sum(e.amount_clp), 0) <> 0 or count(e.id) < 2`,
    },
    {
      // All entries together sum to zero (so the account balances do too).
      rule: 'ledger-balances',
      query: sql`select 'all accounts' as subject, 'balances sum to ' || s.total || ', not 0' as detail
        from (select coalesce(sum(amount_clp), 0) as total from ledger_entries) s where s.total <> 0`,
    },
    {
      rule: 'payment-has-transaction',
      query: sql`select 'payment ' || p.id || ' (' || p.provider_payment_id || ')' as subject, 'no payment transaction in the ledger' as detail
        from client_payments p
        where not exists (select 1 from ledger_transactions t where t.payment_id = p.id and t.kind = 'payment')`,
    },
    {
      // The payment transaction's entries are exactly the payment's stored shares.
      rule: 'payment-matches-ledger',
      query: sql`with actual as (
          select t.payment_id, e.account, sum(e.amount_clp) as total
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.kind = 'payment' and t.payment_id is not null group by t.payment_id, e.account),
        expected as (
          select p.id as payment_id, v.account, v.amount
          from client_payments p
          cross join lateral (values ('provider_clearing', -p.amount_clp), ('trainer:' || p.trainer_id, p.trainer_share_clp),
            ('platform_revenue', p.platform_share_clp), ('gym:' || p.gym_id, p.gym_share_clp)) as v(account, amount)
          where v.account is not null and v.amount <> 0
            and exists (select 1 from ledger_transactions t where t.payment_id = p.id and t.kind = 'payment'))
        select 'payment ' || coalesce(x.payment_id, a.payment_id) || ' (' || coalesce(p.provider_payment_id, '?') || ')' as subject,
          coalesce(x.account, a.account) || ': ledger ' || coalesce(a.total, 0) || ', stored ' || coalesce(x.amount, 0) as detail
        from expected x full join actual a on a.payment_id = x.payment_id and a.account = x.account
        left join client_payments p on p.id = coalesce(x.payment_id, a.payment_id)
        where coalesce(a.total, 0) <> coalesce(x.amount, 0)`,
    },
    {
      // Refunds and disputes posted equal the payment's refunded amount.
      rule: 'refunds-match-ledger',
      query: sql`select 'payment ' || p.id || ' (' || p.provider_payment_id || ')' as subject,
          'refunds in the ledger ' || coalesce(r.total, 0) || ', stored ' || p.refunded_clp as detail
        from client_payments p left join (
          select t.payment_id, sum(e.amount_clp) as total
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.kind in ('refund', 'dispute') and e.account = 'provider_clearing' group by t.payment_id) r on r.payment_id = p.id
        where coalesce(r.total, 0) <> p.refunded_clp`,
    },
    {
      // The platform never owes a party less than nothing: money it paid out beyond the party's
      // share is a receivable, in its own account, never a hidden negative balance.
      rule: 'party-balance-not-negative',
      query: sql`select 'account ' || account as subject, 'balance ' || sum(amount_clp) || ' CLP below zero' as detail
        from ledger_entries where account ~ ${PARTY_ACCOUNT}
        group by account having sum(amount_clp) < 0`,
    },
    {
      // An active subscription has a payment for every period up to its current one. Periods are
      // months (28 to 31 days): at least ceil(span / 31 days) payments, and always one.
      rule: 'active-subscription-paid',
      query: sql`select 'subscription ' || v.id || ' (' || v.provider_subscription_id || ')' as subject,
          v.paid || ' payment(s) for ' || v.periods || ' period(s) up to ' || v.period_end as detail
        from (select s.id, s.provider_subscription_id, count(p.id) as paid,
            greatest(1, ceil(extract(epoch from (coalesce(s.current_period_end, s.created_at) - s.created_at)) / (31 * 86400))) as periods,
            to_char(coalesce(s.current_period_end, s.created_at) at time zone 'UTC', 'YYYY-MM-DD') as period_end
          from client_subscriptions s left join client_payments p on p.subscription_id = s.id
          where s.state = 'active' and s.updated_at <= now() - make_interval(secs => ${graceSeconds})
          group by s.id) v
        where v.paid < v.periods`,
    },
    {
      // A payment belongs to a subscription of the same trainer, gym and provider.
      rule: 'payment-has-subscription',
      query: sql`select 'payment ' || p.id || ' (' || p.provider_payment_id || ')' as subject,
          case when s.id is null then 'its subscription ' || p.subscription_id || ' does not exist'
            else 'differs from its subscription ' || s.id || ' in trainer, gym or provider' end as detail
        from client_payments p left join client_subscriptions s on s.id = p.subscription_id
        where s.id is null or s.trainer_id <> p.trainer_id or s.gym_id is distinct from p.gym_id or s.provider <> p.provider`,
    },
    {
      // Money paid out to a party is paid out of a payment.
      rule: 'transfer-has-payment',
      query: sql`select 'transaction ' || t.id || ' (' || t.source_key || ')' as subject,
          case when t.payment_id is null then 'a transfer without a payment' else 'a transfer of payment ' || t.payment_id || ', which does not exist' end as detail
        from ledger_transactions t left join client_payments p on p.id = t.payment_id
        where t.kind = 'transfer' and p.id is null`,
    },
  ]
}

/**
 * The ledger's invariants (issues 12, 19 and 30; `npm run ledger:check`). Every rule is one
 * aggregate query in the database, run in one read-only snapshot (REPEATABLE READ on PostgreSQL):
 * writers never wait on it and the rules see one consistent state.
 */
export async function checkLedger(
  db: Db,
  options: LedgerCheckOptions = {},
): Promise<{
  problems: LedgerProblem[]
  counts: Partial<Record<LedgerRule, number>>
  stats: { transactions: number; entries: number; payments: number; accounts: number }
}> {
  const graceSeconds = Math.max(0, Math.round((options.graceMs ?? 3600_000) / 1000))
  const max = options.maxPerRule ?? 100
  const run = async (tx: Tx) => {
    const problems: LedgerProblem[] = []
    const counts: Partial<Record<LedgerRule, number>> = {}
    for (const { rule, query } of rules(graceSeconds)) {
      const rows = rowsOf<{ subject: string; detail: string; n: string }>(
        await tx.execute(sql`select b.subject, b.detail, count(*) over ()::text as n from (${query}) b order by b.subject limit ${max}`),
      )
      if (!rows.length) continue
      counts[rule] = Number(rows[0]!.n)
      for (const r of rows) problems.push({ rule, subject: r.subject, detail: r.detail })
    }
    const [stats] = rowsOf<{ transactions: string; entries: string; accounts: string; payments: string }>(
      await tx.execute(
        sql`select (select count(*) from ledger_transactions)::text as transactions, (select count(*) from ledger_entries)::text as entries,
          (select count(distinct account) from ledger_entries)::text as accounts, (select count(*) from client_payments)::text as payments`,
      ),
    )
    return {
      problems,
      counts,
      stats: {
        transactions: Number(stats!.transactions),
        entries: Number(stats!.entries),
        payments: Number(stats!.payments),
        accounts: Number(stats!.accounts),
      },
    }
  }
  return db.transaction(run, { isolationLevel: 'repeatable read', accessMode: 'read only' })
}
