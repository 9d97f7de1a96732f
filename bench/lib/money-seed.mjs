// The shape of a platform grown over five years, in set-based SQL (issue 30): gyms of 1–30
// trainers (about half the trainers), the rest independent; clients per trainer skewed (most
// 5–20, 2 % of trainers 200–350); each client pays monthly for a few months, starting more often
// as the platform grows and in March (back from the summer holidays), less in January and
// February; ~2 % of payments refunded in full, ~0.3 % disputed (lost), each with its transfer
// reversals; payouts as production posts them (a direct charge's trainer share for independent
// trainers, transfers of the trainer's and the gym's shares for gym trainers). The ledger rows are
// those service.ts and claw-back.ts would write, so `ledger:check` accepts them.
//
// Prices are whole thousands of pesos and the rates multiples of 10 bps, so each share is exact
// and the split (largest remainder, split.ts) has nothing to round.

/** Tables loaded by the hundred thousand: their plain indexes are built after the load. */
const BULK_TABLES = [
  'client_subscriptions',
  'client_payments',
  'client_transfers',
  'client_refunds',
  'ledger_transactions',
  'ledger_entries',
]

/** Trainers at each scale (issue 30's table). */
export const SCALES = { S: 1_000, M: 10_000, L: 50_000 }

const FIRST = `array['Camila','Matías','Valentina','Benjamín','Isidora','Vicente','Martina','Agustín','Florencia','Tomás','Antonia','Joaquín','Catalina','Lucas','Josefa','Maximiliano','Sofía','José','Fernanda','Cristóbal']`
const LAST = `array['González','Muñoz','Rojas','Díaz','Pérez','Soto','Contreras','Silva','Martínez','Sepúlveda','Morales','Rodríguez','López','Fuentes','Hernández','Torres','Araya','Flores','Espinoza','Valenzuela','Castillo','Tapia','Reyes','Gutiérrez','Castro','Pizarro','Álvarez','Vásquez','Sánchez','Fernández']`
const CITY = `array['Santiago','Valparaíso','Concepción','La Serena','Antofagasta','Temuco','Rancagua','Talca','Arica','Iquique','Puerto Montt','Chillán','Valdivia','Osorno','Punta Arenas','Coyhaique']`

/**
 * The statements, in order. `hash` is the argon2 hash of the bench password, given to the
 * operators, the owner of the largest gym and the trainer with the most clients (the others
 * never sign in). Months: 0 is five years ago, 59 the current one.
 */
export function seedStatements(trainers, hash) {
  const gyms = Math.max(1, Math.round(trainers / 2 / 10))
  const q = (s) => `'${s.replace(/'/g, "''")}'`
  const month = (m) => `(date_trunc('month', now()) - (59 - ${m}) * interval '1 month')`
  return [
    `select setseed(0.3)`,
    // Gyms: sizes 1–30, most small (mean about 10).
    `create temp table b_gym as
       select g, gen_random_uuid() as owner_id, gen_random_uuid() as business_id, gen_random_uuid() as gym_id,
         1 + floor(29 * power(random(), 2.2))::int as size
       from generate_series(1, ${gyms}) g`,
    `create temp table b_gym_range as
       select g, owner_id, business_id, gym_id, size, coalesce(sum(size) over (order by g rows between unbounded preceding and 1 preceding), 0)::int as first
       from b_gym`,
    `create temp table b_trainer as
       select i, gen_random_uuid() as user_id, gen_random_uuid() as trainer_id, gen_random_uuid() as offer_id, r.gym_id,
         (15 + floor(random() * 50))::int * 1000 as price,
         case when random() < 0.02 then 200 + floor(random() * 151)::int else 5 + floor(random() * 16)::int end as clients,
         (${FIRST})[1 + i % 20] as first_name, (${LAST})[1 + (i / 20) % 30] || ' ' || i as last_name,
         now() - interval '5 years' + (i::float / ${trainers}) * interval '4 years' as created_at
       from generate_series(1, ${trainers}) i left join b_gym_range r on i > r.first and i <= r.first + r.size`,
    // The trainer who signs in: the one with the most clients.
    `update b_trainer set clients = 350 where i = (select i from b_trainer order by clients desc, i limit 1)`,
    // Clients: start month growing with the platform (density rising over the years), March
    // favoured, January and February avoided; a few months each (mean about 3.5).
    `create temp table b_client as
       select c, i, trainer_id, offer_id, gym_id, price, gen_random_uuid() as user_id, gen_random_uuid() as sub_id,
         m0, least(60 - m0, 1 + floor(-ln(1 - random()) * 3.3)::int) as months,
         floor(random() * 27)::int as day, floor(random() * 14 * 3600)::int as secs
       from (select row_number() over ()::int as c, t.*,
               (case when s.moy in (1, 2) and m <= 57 and random() < 0.5 then m + 3 - s.moy else m end) as m0
             from b_trainer t, generate_series(1, t.clients) k,
               lateral (select m, extract(month from ${month('m')})::int as moy
                 from (select least(59, floor(60 * sqrt(random() + k * 0)))::int as m) r) s) x`,
    `create temp table b_pay as
       select gen_random_uuid() as id, c.c, c.sub_id, c.trainer_id, c.gym_id, c.price as amount, m, c.m0, c.months,
         least(now() - interval '10 minutes', ${month('m')} + c.day * interval '1 day' + c.secs * interval '1 second') as paid_at,
         random() as roll,
         gen_random_uuid() as tx_pay, gen_random_uuid() as tx_tr, gen_random_uuid() as tx_gym,
         gen_random_uuid() as tx_ref, gen_random_uuid() as tx_rev_tr, gen_random_uuid() as tx_rev_gym
       from b_client c, generate_series(c.m0, c.m0 + c.months - 1) m`,
    `alter table b_pay add column trainer_share int, add column gym_share int, add column platform_share int, add column refund text`,
    `update b_pay set
       trainer_share = case when gym_id is null then amount * 9500 / 10000 else amount * 6000 / 10000 end,
       gym_share = case when gym_id is null then 0 else amount * 3500 / 10000 end,
       platform_share = amount * 500 / 10000,
       refund = case when roll < 0.02 then 'refund' when roll < 0.023 then 'dispute' end`,
    // Bulk load as pg_restore does: the plain secondary indexes of the tables loaded by the million
    // are dropped here and built again after the load (their definitions kept from pg_indexes, so
    // they come back exactly as the migrations made them). Maintaining them row by row was about
    // half of the seed's time on PGlite (issue 30: the S run in CI).
    `create temp table b_index as
       select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename in (${BULK_TABLES.map(q).join(', ')}) and indexdef not like 'CREATE UNIQUE %'`,
    `do $$ declare r record; begin for r in select indexname from b_index loop execute format('drop index %I', r.indexname); end loop; end $$`,
    // People: operators, gym owners, trainers, clients.
    `insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
       select 'bench-admin-' || n || '@example.com', ${q(hash)}, 'Bench', 'Operador ' || n, 'platform_admin', now() from generate_series(1, 8) n`,
    `insert into users (id, email, password_hash, first_name, last_name, role, email_verified_at, created_at)
       select owner_id, 'bench-owner-' || g || '@example.com', case when g = (select g from b_gym order by size desc, g limit 1) then ${q(hash)} else 'x' end,
         'Dueño', 'Gimnasio ' || g, 'gym_owner', now(), now() - interval '5 years' + (g::float / ${gyms}) * interval '4 years'
       from b_gym`,
    `insert into users (id, email, password_hash, first_name, last_name, role, email_verified_at, created_at)
       select user_id, 'bench-trainer-' || i || '@example.com', case when clients = 350 then ${q(hash)} else 'x' end, first_name, last_name, 'trainer', created_at, created_at
       from b_trainer`,
    `insert into users (id, email, password_hash, first_name, last_name, role, created_at)
       select user_id, 'bench-client-' || c || '@example.com', 'x', 'Cliente', 'Número ' || c, 'member', ${month('m0')}
       from b_client`,
    `insert into businesses (id, owner_id, name, address, central_billing, central_billing_approved_at, created_at)
       select business_id, owner_id, 'Gimnasio ' || (${CITY})[1 + g % 16] || ' ' || g, 'Av. Principal ' || g, true, now() - interval '5 years', now() - interval '5 years'
       from b_gym`,
    `insert into gyms (id, owner_id, name, address, city, state, zip_code, phone, email)
       select gym_id, owner_id, 'Gimnasio ' || (${CITY})[1 + g % 16] || ' ' || g, 'Av. Principal ' || g, (${CITY})[1 + g % 16], 'RM', '8320000',
         '+56 2 2' || (1000000 + g), 'bench-owner-' || g || '@example.com'
       from b_gym`,
    `insert into trainers (id, user_id, gym_id, first_name, last_name, email, stripe_onboarding_complete, created_at)
       select trainer_id, user_id, gym_id, first_name, last_name, 'bench-trainer-' || i || '@example.com', true, created_at from b_trainer`,
    `insert into offers (id, trainer_id, title, price_clp, created_at)
       select offer_id, trainer_id, 'Plan mensual', price, created_at from b_trainer`,
    // A subscription per client: active when it paid this month, else cancelled a month after its last payment.
    `insert into client_subscriptions (id, client_user_id, trainer_id, offer_id, gym_id, price_clp, trainer_bps, gym_bps, platform_bps, state,
         provider, provider_subscription_id, provider_account_id, current_period_end, cancelled_at, created_at, updated_at)
       select c.sub_id, c.user_id, c.trainer_id, c.offer_id, c.gym_id, c.price,
         case when c.gym_id is null then 9500 else 6000 end, case when c.gym_id is null then 0 else 3500 end, 500,
         case when p.last = 59 then 'active' else 'cancelled' end, 'sandbox', 'sub_bench_' || c.sub_id,
         case when c.gym_id is null then 'acct_bench_' || c.i end,
         p.last_at + interval '1 month', case when p.last < 59 then least(now(), p.last_at + interval '1 month') end, p.first_at, p.last_at
       from b_client c join (select sub_id, min(paid_at) as first_at, max(paid_at) as last_at, max(m) as last from b_pay group by sub_id) p on p.sub_id = c.sub_id`,
    `insert into client_payments (id, subscription_id, trainer_id, gym_id, provider, provider_payment_id, amount_clp, trainer_share_clp, gym_share_clp,
         platform_share_clp, refunded_clp, disputed_at, paid_at, created_at)
       select id, sub_id, trainer_id, gym_id, 'sandbox', 'py_bench_' || id, amount, trainer_share, gym_share, platform_share,
         case when refund is null then 0 else amount end, case when refund = 'dispute' then paid_at + interval '3 days' end, paid_at, paid_at
       from b_pay`,
    `insert into client_refunds (payment_id, kind, provider_refund_id, amount_clp, created_at)
       select id, refund, 're_bench_' || id, amount, paid_at + interval '3 days' from b_pay where refund is not null`,
    `insert into client_transfers (payment_id, party, account, provider, provider_transfer_id, amount_clp, reversed_clp, created_at)
       select id, party, party || ':' || case when party = 'trainer' then trainer_id else gym_id end, 'sandbox', 'tr_bench_' || party || '_' || id,
         share, case when refund is null then 0 else share end, paid_at + interval '1 minute'
       from b_pay, lateral (values ('trainer', trainer_share), ('gym', gym_share)) v(party, share) where gym_id is not null`,
    // Ledger transactions: the payment, its payouts, and for a refund or dispute its reversal and the transfers taken back.
    // Both ledger tables in time order, as an append-only ledger lies on disk in production (the
    // union's order put five years of payments before every transfer, scattering each page's rows).
    `insert into ledger_transactions (id, kind, source_key, payment_id, created_at)
       select * from (select tx_pay, 'payment', 'payment:py_bench_' || id, id, paid_at from b_pay
       union all select tx_tr, 'transfer', case when gym_id is null then 'direct:' || id else 'transfer:' || id || ':trainer' end, id, paid_at + interval '1 minute' from b_pay
       union all select tx_gym, 'transfer', 'transfer:' || id || ':gym', id, paid_at + interval '1 minute' from b_pay where gym_id is not null
       union all select tx_ref, refund, refund || ':re_bench_' || id, id, paid_at + interval '3 days' from b_pay where refund is not null
       union all select tx_rev_tr, 'transfer_reversal', 'reversal:' || refund || ':re_bench_' || id || ':trainer', id, paid_at + interval '3 days' from b_pay where refund is not null
       union all select tx_rev_gym, 'transfer_reversal', 'reversal:' || refund || ':re_bench_' || id || ':gym', id, paid_at + interval '3 days' from b_pay where refund is not null and gym_id is not null) t
       order by 5`,
    // For this one bulk insert the per-row zero-sum check (migration 0003), the foreign-key checks
    // and the daily totals' statement trigger are off (ledger:check verifies the sums after; the
    // keys hold by construction); the totals are then summed from the entries in one set-based
    // statement each, migration 0020's own backfill (slot 0; readers sum the slots). The trigger's
    // join of every new entry with its transaction and payment was a fifth of the seed on PGlite;
    // the bench's writer and daily-totals.test.ts exercise the trigger, and ledger:check's
    // daily-totals-match and payment-totals-match rules prove these totals.
    `alter table ledger_entries disable trigger all`,
    `insert into ledger_entries (transaction_id, account, amount_clp, created_at)
       select * from (select tx_pay, a, v, paid_at from b_pay, lateral (values ('provider_clearing', -amount), ('trainer:' || trainer_id, trainer_share),
         ('platform_revenue', platform_share), ('gym:' || gym_id, gym_share)) e(a, v) where v <> 0
       union all select tx_tr, a, v, paid_at + interval '1 minute' from b_pay, lateral (values ('trainer:' || trainer_id, -trainer_share), ('provider_clearing', trainer_share)) e(a, v)
       union all select tx_gym, a, v, paid_at + interval '1 minute' from b_pay, lateral (values ('gym:' || gym_id, -gym_share), ('provider_clearing', gym_share)) e(a, v) where gym_id is not null
       union all select tx_ref, a, v, paid_at + interval '3 days' from b_pay, lateral (values ('provider_clearing', amount), ('trainer:' || trainer_id, -trainer_share),
         ('platform_revenue', -platform_share), ('gym:' || gym_id, -gym_share)) e(a, v) where refund is not null and v <> 0
       union all select tx_rev_tr, a, v, paid_at + interval '3 days' from b_pay, lateral (values ('trainer:' || trainer_id, trainer_share), ('provider_clearing', -trainer_share)) e(a, v) where refund is not null
       union all select tx_rev_gym, a, v, paid_at + interval '3 days' from b_pay, lateral (values ('gym:' || gym_id, gym_share), ('provider_clearing', -gym_share)) e(a, v) where refund is not null and gym_id is not null) e
       order by 4, 1`,
    `alter table ledger_entries enable trigger all`,
    `insert into ledger_daily_totals (account, day, slot, amount_clp, entries)
       select account, (created_at at time zone 'America/Santiago')::date, 0, sum(amount_clp), count(*) from ledger_entries group by 1, 2`,
    `insert into ledger_payment_daily_totals (trainer_id, gym_id, day, payments, gross_clp, refunded_clp, trainer_share_clp, gym_share_clp, platform_share_clp)
       select p.trainer_id, p.gym_id, (lt.created_at at time zone 'America/Santiago')::date,
         count(*) filter (where e.account = 'provider_clearing' and lt.kind = 'payment'),
         coalesce(-sum(e.amount_clp) filter (where e.account = 'provider_clearing' and lt.kind = 'payment'), 0),
         coalesce(sum(e.amount_clp) filter (where e.account = 'provider_clearing' and lt.kind <> 'payment'), 0),
         coalesce(sum(e.amount_clp) filter (where e.account like 'trainer:%'), 0),
         coalesce(sum(e.amount_clp) filter (where e.account like 'gym:%'), 0),
         coalesce(sum(e.amount_clp) filter (where e.account = 'platform_revenue'), 0)
       from ledger_entries e join ledger_transactions lt on lt.id = e.transaction_id join client_payments p on p.id = lt.payment_id
       where lt.kind in ('payment', 'refund', 'dispute')
       group by 1, 2, 3`,
    `do $$ declare r record; begin for r in select indexdef from b_index loop execute r.indexdef; end loop; end $$`,
    `drop table b_pay, b_client, b_trainer, b_gym_range, b_gym, b_index`,
  ]
}
