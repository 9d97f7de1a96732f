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
  | 'daily-totals-match'
  | 'payment-totals-match'

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
  /**
   * Incremental (nightly) mode: only what changed from this instant on is checked row by row —
   * transactions posted since, the payments they touch or created since, subscriptions changed
   * since, the accounts those transactions moved and the daily totals from the Chile day of
   * `since` — plus the cheap global invariant that all entries sum to zero (one pass, no grouping).
   */
  since?: Date
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
 * are built in SQL. With `since` each rule looks only at what changed (see LedgerCheckOptions).
 */
function rules(graceSeconds: number, since: Date | undefined): { rule: LedgerRule; query: SQL }[] {
  const at = since?.toISOString()
  // The scope of the incremental mode; empty (everything) without `since`.
  const recentTx = (t: string) => (at ? sql.raw(`and ${t}.created_at >= '${at}'::timestamptz`) : sql``)
  const recentPayments = at
    ? sql`(select id from client_payments where created_at >= ${at}::timestamptz
        union select payment_id from ledger_transactions where created_at >= ${at}::timestamptz and payment_id is not null)`
    : undefined
  const paymentIn = (column: string) => (recentPayments ? sql`and ${sql.raw(column)} in ${recentPayments}` : sql``)
  // Daily totals are kept per Chile day: the incremental mode re-adds whole days from the day of `since`.
  const dayStart = at
    ? sql`((${at}::timestamptz at time zone 'America/Santiago')::date::timestamp at time zone 'America/Santiago')`
    : undefined
  return [
    {
      // Every transaction sums to zero over at least two entries.
      rule: 'transaction-balances',
      // In full: the entries grouped by their transaction (no join), and the transactions without
      // any entry through the index; nightly: the transactions posted since with their entries.
      query: at
        ? sql`select 'transaction ' || t.id as subject,
            'sums to ' || coalesce(sum(e.amount_clp), 0) || ' over ' || count(e.id) || ' entries' as detail
          from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
          where true ${recentTx('t')}
          group by t.id having coalesce(sum(e.amount_clp), 0) <> 0 or count(e.id) < 2`
        : sql`select 'transaction ' || transaction_id as subject, 'sums to ' || sum(amount_clp) || ' over ' || count(*) || ' entries' as detail
          from ledger_entries group by transaction_id having sum(amount_clp) <> 0 or count(*) < 2
          union all
          select 'transaction ' || t.id, 'sums to 0 over 0 entries' from ledger_transactions t
          where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`,
    },
    {
      // All entries together sum to zero (so the account balances do too): one pass, also nightly.
      rule: 'ledger-balances',
      query: sql`select 'all accounts' as subject, 'balances sum to ' || s.total || ', not 0' as detail
        from (select coalesce(sum(amount_clp), 0) as total from ledger_entries) s where s.total <> 0`,
    },
    {
      rule: 'payment-has-transaction',
      query: sql`select 'payment ' || p.id || ' (' || p.provider_payment_id || ')' as subject, 'no payment transaction in the ledger' as detail
        from client_payments p
        where not exists (select 1 from ledger_transactions t where t.payment_id = p.id and t.kind = 'payment') ${paymentIn('p.id')}`,
    },
    {
      // The payment transaction's entries are exactly the payment's stored shares: one pass over
      // the payment transactions' entries, grouped per payment (no join of two aggregates).
      rule: 'payment-matches-ledger',
      query: sql`select 'payment ' || v.id || ' (' || v.provider_payment_id || ')' as subject,
          'clearing/trainer/gym/platform/other accounts: ledger ' || concat_ws('/', v.clearing, v.trainer, v.gym, v.platform, v.other)
            || ', stored ' || concat_ws('/', -v.amount_clp, v.trainer_share_clp, v.gym_share_clp, v.platform_share_clp, 0) as detail
        from (select p.id, p.provider_payment_id, p.amount_clp, p.trainer_share_clp, p.gym_share_clp, p.platform_share_clp,
            coalesce(sum(e.amount_clp) filter (where e.account = 'provider_clearing'), 0) as clearing,
            coalesce(sum(e.amount_clp) filter (where e.account = 'trainer:' || p.trainer_id), 0) as trainer,
            coalesce(sum(e.amount_clp) filter (where e.account = 'gym:' || p.gym_id), 0) as gym,
            coalesce(sum(e.amount_clp) filter (where e.account = 'platform_revenue'), 0) as platform,
            count(*) filter (where e.account not in ('provider_clearing', 'platform_revenue', 'trainer:' || p.trainer_id)
              and e.account is distinct from 'gym:' || p.gym_id) as other
          from client_payments p join ledger_transactions t on t.payment_id = p.id and t.kind = 'payment'
          join ledger_entries e on e.transaction_id = t.id
          where true ${paymentIn('p.id')}
          group by p.id) v
        where v.clearing <> -v.amount_clp or v.trainer <> v.trainer_share_clp or v.gym <> v.gym_share_clp
          or v.platform <> v.platform_share_clp or v.other > 0`,
    },
    {
      // Refunds and disputes posted equal the payment's refunded amount.
      rule: 'refunds-match-ledger',
      query: sql`select 'payment ' || p.id || ' (' || p.provider_payment_id || ')' as subject,
          'refunds in the ledger ' || coalesce(r.total, 0) || ', stored ' || p.refunded_clp as detail
        from client_payments p left join (
          select t.payment_id, sum(e.amount_clp) as total
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.kind in ('refund', 'dispute') and e.account = 'provider_clearing' ${paymentIn('t.payment_id')} group by t.payment_id) r on r.payment_id = p.id
        where coalesce(r.total, 0) <> p.refunded_clp ${paymentIn('p.id')}`,
    },
    {
      // The platform never owes a party less than nothing: money it paid out beyond the party's
      // share is a receivable, in its own account, never a hidden negative balance. Nightly: the
      // party accounts moved since (each summed whole through its index).
      rule: 'party-balance-not-negative',
      query: sql`select 'account ' || account as subject, 'balance ' || sum(amount_clp) || ' CLP below zero' as detail
        from ledger_entries where account ~ ${PARTY_ACCOUNT}
          ${at ? sql`and account in (select e.account from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where e.account ~ ${PARTY_ACCOUNT} ${recentTx('t')})` : sql``}
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
            ${at ? sql`and s.updated_at >= ${at}::timestamptz - make_interval(secs => ${graceSeconds})` : sql``}
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
        where (s.id is null or s.trainer_id <> p.trainer_id or s.gym_id is distinct from p.gym_id or s.provider <> p.provider) ${paymentIn('p.id')}`,
    },
    {
      // Money paid out to a party is paid out of a payment.
      rule: 'transfer-has-payment',
      query: sql`select 'transaction ' || t.id || ' (' || t.source_key || ')' as subject,
          case when t.payment_id is null then 'a transfer without a payment' else 'a transfer of payment ' || t.payment_id || ', which does not exist' end as detail
        from ledger_transactions t left join client_payments p on p.id = t.payment_id
        where t.kind = 'transfer' and p.id is null ${recentTx('t')}`,
    },
    {
      // The daily totals the money pages read (migration 0020) are the entries summed per
      // account and Chile day: a wrong total, or an entry changed behind the triggers' back.
      rule: 'daily-totals-match',
      query: sql`with e as (
          select account, (created_at at time zone 'America/Santiago')::date as day, sum(amount_clp) as total, count(*) as n
          from ledger_entries ${dayStart ? sql`where created_at >= ${dayStart}` : sql``} group by 1, 2),
        d as (
          select account, day, sum(amount_clp) as total, sum(entries) as n
          from ledger_daily_totals ${dayStart ? sql`where day >= (${at}::timestamptz at time zone 'America/Santiago')::date` : sql``} group by 1, 2)
        select 'account ' || coalesce(e.account, d.account) || ' on ' || coalesce(e.day, d.day) as subject,
          'entries ' || coalesce(e.total, 0) || ' CLP in ' || coalesce(e.n, 0) || ', daily total ' || coalesce(d.total, 0) || ' CLP in ' || coalesce(d.n, 0) as detail
        from e full join d on d.account = e.account and d.day = e.day
        where coalesce(e.total, 0) <> coalesce(d.total, 0) or coalesce(e.n, 0) <> coalesce(d.n, 0)`,
    },
    {
      // The per-trainer daily payment totals (gym commissions, trainer income) are the payments'
      // and refunds' entries summed per trainer, gym and Chile day.
      rule: 'payment-totals-match',
      query: sql`with e as (
          select p.trainer_id, p.gym_id, (t.created_at at time zone 'America/Santiago')::date as day,
            count(*) filter (where e.account = 'provider_clearing' and t.kind = 'payment') as payments,
            coalesce(-sum(e.amount_clp) filter (where e.account = 'provider_clearing' and t.kind = 'payment'), 0) as gross,
            coalesce(sum(e.amount_clp) filter (where e.account = 'provider_clearing' and t.kind <> 'payment'), 0) as refunded,
            coalesce(sum(e.amount_clp) filter (where e.account like 'trainer:%'), 0) as trainer,
            coalesce(sum(e.amount_clp) filter (where e.account like 'gym:%'), 0) as gym,
            coalesce(sum(e.amount_clp) filter (where e.account = 'platform_revenue'), 0) as platform
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join client_payments p on p.id = t.payment_id
          where t.kind in ('payment', 'refund', 'dispute') ${dayStart ? sql`and t.created_at >= ${dayStart}` : sql``}
          group by 1, 2, 3),
        d as (
          select trainer_id, gym_id, day, payments, gross_clp as gross, refunded_clp as refunded,
            trainer_share_clp as trainer, gym_share_clp as gym, platform_share_clp as platform
          from ledger_payment_daily_totals ${dayStart ? sql`where day >= (${at}::timestamptz at time zone 'America/Santiago')::date` : sql``})
        select 'trainer ' || coalesce(e.trainer_id, d.trainer_id) || coalesce(' at gym ' || coalesce(e.gym_id, d.gym_id), '') || ' on ' || coalesce(e.day, d.day) as subject,
          'payments, gross, refunded, trainer, gym, platform: entries ' || concat_ws(', ', coalesce(e.payments, 0), coalesce(e.gross, 0),
            coalesce(e.refunded, 0), coalesce(e.trainer, 0), coalesce(e.gym, 0), coalesce(e.platform, 0))
            || '; daily totals ' || concat_ws(', ', coalesce(d.payments, 0), coalesce(d.gross, 0), coalesce(d.refunded, 0),
            coalesce(d.trainer, 0), coalesce(d.gym, 0), coalesce(d.platform, 0)) as detail
        from e full join d on d.trainer_id = e.trainer_id and d.day = e.day and d.gym_id is not distinct from e.gym_id
        where (coalesce(e.payments, 0), coalesce(e.gross, 0), coalesce(e.refunded, 0), coalesce(e.trainer, 0), coalesce(e.gym, 0), coalesce(e.platform, 0))
          <> (coalesce(d.payments, 0), coalesce(d.gross, 0), coalesce(d.refunded, 0), coalesce(d.trainer, 0), coalesce(d.gym, 0), coalesce(d.platform, 0))`,
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
  /** `transactions`: those checked (all, or posted since `since`). */
  stats: { transactions: number; entries: number; payments: number; accounts: number }
}> {
  const graceSeconds = Math.max(0, Math.round((options.graceMs ?? 3600_000) / 1000))
  const max = options.maxPerRule ?? 100
  const run = async (tx: Tx) => {
    const problems: LedgerProblem[] = []
    const counts: Partial<Record<LedgerRule, number>> = {}
    // The grouping rules hash millions of rows: memory for that in the database (bounded, this
    // transaction only), so they do not spill to disk at 4 MB a batch.
    await tx.execute(sql`set local work_mem = '64MB'`)
    for (const { rule, query } of rules(graceSeconds, options.since)) {
      const rows = rowsOf<{ subject: string; detail: string; n: string }>(
        // MATERIALIZED: the rule is planned for all its rows (hash joins). Planned under the LIMIT,
        // a rule whose filter PostgreSQL misjudges got a nested loop over every payment (minutes at M).
        await tx.execute(
          sql`with b as materialized (${query}) select b.subject, b.detail, count(*) over ()::text as n from b order by b.subject limit ${max}`,
        ),
      )
      if (!rows.length) continue
      counts[rule] = Number(rows[0]!.n)
      for (const r of rows) problems.push({ rule, subject: r.subject, detail: r.detail })
    }
    const [stats] = rowsOf<{ transactions: string; entries: string; accounts: string; payments: string }>(
      await tx.execute(
        // Entries and accounts from the daily totals (daily-totals-match proves them): no second pass over the entries.
        sql`select (select count(*) from ledger_transactions ${options.since ? sql`where created_at >= ${options.since.toISOString()}::timestamptz` : sql``})::text as transactions,
          (select coalesce(sum(entries), 0) from ledger_daily_totals)::text as entries,
          (select count(distinct account) from ledger_daily_totals)::text as accounts, (select count(*) from client_payments)::text as payments`,
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
