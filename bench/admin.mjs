/* global Buffer, performance */
// npm run bench:admin: do the operator console's list pages stay fast with 100,000 rows? (issue 13)
//  1. starts the API once on a temp DATA_DIR (PGlite) so that it migrates, and stops it;
//  2. seeds the embedded database directly: 100,000 leads (with their access requests), 100,000
//     audit rows, 10,000 trainers (subscriptions in every state, payout accounts) and 8 platform
//     admins, then ANALYZE;
//  3. starts the API again (apps/api/dist/server.js when built, else the TypeScript source through
//     tsx), signs the admins in, and calls each list page --samples times (default 150), one request
//     at a time, round-robin over the admins (the per-operator read limit, 600/min, stays on);
//  4. prints p50/p95/max per page and writes bench/results/admin-<time>.json. Exit code 1 when a
//     p95 is above the target (100 ms).
// Options: --samples N, --leads N, --audit N, --trainers N, --keep DIR (seed into DIR and keep it;
// a later run with the same --keep reuses it and skips seeding). A benchmark, not a test: the
// figures depend on the machine.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { hash } from '@node-rs/argon2'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, option as cliOption } from './lib/cli.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const option = (name, fallback) => cliOption(args, name, fallback)
const SAMPLES = Number(option('samples', 150))
const LEADS = Number(option('leads', 100_000))
const AUDIT = Number(option('audit', 100_000))
const TRAINERS = Number(option('trainers', 10_000))
const ADMINS = 8
const TARGET_P95_MS = 100
const PASSWORD = 'Bench-admin-password-1'

const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.1' })

function request(port, method, path, { body, token } = {}) {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined
    const headers = {
      ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }
    const started = performance.now()
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }))
    })
    req.on('error', (err) => resolve({ status: 0, body: err.message, ms: performance.now() - started }))
    req.end(payload)
  })
}

function startServer(dataDir, port) {
  const built = join(root, 'apps/api/dist/server.js')
  const [command, commandArgs] = existsSync(built)
    ? [process.execPath, [built]]
    : [process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')]]
  const server = spawn(command, commandArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { server, source: existsSync(built) ? 'dist' : 'tsx' }
}

async function waitForHealth(port, server) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`)
    if ((await request(port, 'GET', '/api/health')).status === 200) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not become healthy in time')
}

const stop = (server) =>
  new Promise((resolve) => {
    if (server.exitCode !== null) return resolve()
    server.once('exit', resolve)
    server.kill('SIGTERM')
  })

/** Everything in SQL (generate_series): seeding through the API would take hours. */
async function seed(dataDir) {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm, unaccent, btree_gist } })
  const passwordHash = await hash(PASSWORD)
  const t0 = performance.now()
  await db.query(
    `insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
     select 'bench-admin-' || i || '@example.com', $1, 'Bench', 'Admin ' || i, 'platform_admin', now() from generate_series(1, ${ADMINS}) i`,
    [passwordHash],
  )
  await db.exec(`
    -- Leads: a request and its lead, spread over ~a year, every status.
    with g as (
      select i,
        (array['Camila','Matías','Valentina','Benjamín','Isidora','Vicente','Martina','Agustín','Florencia','Tomás','Antonia','Joaquín','Catalina','Lucas','Josefa','Maximiliano'])[1 + i % 16]
          || ' ' || (array['González','Muñoz','Rojas','Díaz','Pérez','Soto','Contreras','Silva','Martínez','Sepúlveda','Morales','Rodríguez','López','Fuentes','Hernández','Torres','Araya','Flores','Espinoza','Valenzuela'])[1 + (i / 16) % 20]
          || ' ' || i as name,
        (array['Santiago','Valparaíso','Concepción','La Serena','Antofagasta','Temuco','Rancagua','Talca','Arica','Iquique','Puerto Montt','Chillán','Valdivia','Osorno','Punta Arenas','Coyhaique'])[1 + (i * 7) % 16] as city,
        'lead' || i || '@example.com' as email,
        now() - (i * interval '5 minutes') as at
      from generate_series(1, ${LEADS}) i),
    r as (
      insert into access_requests (id, title, subject, email, content, ip, created_at)
      select gen_random_uuid(), 'Solicitud de acceso gratuito', 'Acceso gratuito: ' || name || ' (' || city || ')', email,
        'Nombre: ' || name || E'\\nEmail: ' || email || E'\\nWhatsApp: +56 9 ' || (10000000 + i) || E'\\nCiudad: ' || city, '10.0.0.1', at
      from g returning id, email, content, created_at)
    insert into leads (id, name, email, phone, city, status, status_changed_at, search, created_at)
    select r.id, g.name, g.email, '+56 9 ' || (10000000 + g.i), g.city,
      (array['new','new','new','new','new','new','contacted','contacted','activated','discarded'])[1 + g.i % 10],
      case when g.i % 10 >= 6 then r.created_at + interval '1 day' end,
      lower(g.name || ' ' || g.email || ' ' || g.city), r.created_at
    from r join g on g.email = r.email;

    -- Trainers: an account, a trainer record, most with a subscription in some state, half with payouts.
    insert into users (id, email, password_hash, first_name, last_name, role, created_at, is_active)
    select gen_random_uuid(), 'trainer' || i || '@example.com', 'x', 'Entrenador', 'Número ' || i, 'trainer', now() - (i * interval '40 minutes'), i % 50 <> 0
    from generate_series(1, ${TRAINERS}) i;
    insert into trainers (user_id, first_name, last_name, email) select id, first_name, last_name, email from users where role = 'trainer';
    insert into subscriptions (user_id, plan_id, provider, provider_subscription_id, status, trial_end, current_period_end, created_at)
    select u.id, (select id from plans where key = (array['starter','growth','pro'])[1 + n % 3]), 'sandbox', 'sub_bench_' || n,
      (array['trialing','active','active','active','past_due','unpaid','canceled','incomplete'])[1 + n % 8],
      case when n % 8 = 0 then now() + ((n % 30) * interval '1 day') end, now() + interval '20 days', u.created_at + interval '1 hour'
    from (select id, created_at, row_number() over (order by created_at) as n from users where role = 'trainer') u where n % 5 <> 0;
    insert into payout_accounts (user_id, provider, provider_account_id, charges_enabled, details_submitted)
    select id, 'sandbox', 'acct_bench_' || n, n % 4 = 0, n % 4 <> 1
    from (select id, row_number() over (order by created_at) as n from users where role = 'trainer') u where n % 2 = 0;

    -- Audit rows: every kind, actors among the admins and the trainers, over ~a year.
    insert into audit_log (action, actor_id, actor_email, actor_role, subject_type, subject_id, ip, reason, before, after, created_at)
    select (array['auth.login','auth.login','auth.login','auth.login','lead.status','lead.note','business.update','user.deactivate','user.mail_resend','auth.login_failures','auth.password_reset','session.revoke_all'])[1 + i % 12],
      a.id, a.email, a.role, 'user', a.id::text, '10.1.' || (i % 250) || '.' || (i % 200), case when i % 12 in (4, 5, 6, 7) then 'bench reason ' || i end,
      case when i % 12 = 4 then '{"status":"new"}'::jsonb end, case when i % 12 = 4 then '{"status":"contacted"}'::jsonb end,
      now() - (i * interval '5 minutes')
    from generate_series(1, ${AUDIT}) i
    join (select id, email, role, (row_number() over (order by role, id) - 1)::int as k from users where role in ('platform_admin', 'trainer') limit 200) a on a.k = i % 200;
    analyze;
  `)
  // A cursor deep in each list: what a page reached by clicking "next" ~2,000 times would send.
  const deep = async (sql) => {
    const { rows } = await db.query(sql)
    return Buffer.from(`${rows[0].at}|${rows[0].id}`).toString('base64url')
  }
  const at = (col) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`
  const cursors = {
    leads: await deep(
      `select ${at('created_at')}, id from leads order by created_at desc, id desc offset ${Math.floor(LEADS / 2)} limit 1`,
    ),
    audit: await deep(
      `select ${at('created_at')}, id from audit_log order by created_at desc, id desc offset ${Math.floor(AUDIT / 2)} limit 1`,
    ),
    trainers: await deep(
      `select ${at('created_at')}, id from users where role = 'trainer' order by created_at desc, id desc offset ${Math.floor(TRAINERS / 2)} limit 1`,
    ),
  }
  const { rows: counts } = await db.query(
    `select (select count(*)::int from leads) as leads, (select count(*)::int from audit_log) as audit, (select count(*)::int from users where role = 'trainer') as trainers`,
  )
  const { rows: someAdmin } = await db.query(`select id from users where role = 'platform_admin' order by email limit 1`)
  await db.close()
  return { seconds: Math.round((performance.now() - t0) / 100) / 10, counts: counts[0], cursors, adminId: someAdmin[0].id }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function main() {
  const keep = option('keep', undefined)
  const dataDir = keep ?? mkdtempSync(join(tmpdir(), 'bench-admin-'))
  const seededFile = join(dataDir, 'bench-seeded.json')
  let server
  let started
  try {
    const port = await freePort()
    let seeded
    if (keep && existsSync(seededFile)) {
      seeded = JSON.parse(readFileSync(seededFile, 'utf8'))
      console.log(`reusing the database seeded in ${dataDir}:`, seeded.counts)
    } else {
      // 1. migrate
      started = startServer(dataDir, port)
      server = started.server
      await waitForHealth(port, server)
      await stop(server)
      // 2. seed
      console.log(`seeding ${LEADS} leads, ${AUDIT} audit rows, ${TRAINERS} trainers into PGlite…`)
      seeded = await seed(dataDir)
      console.log(`seeded in ${seeded.seconds} s:`, seeded.counts)
      writeFileSync(seededFile, JSON.stringify(seeded))
    }
    // 3. measure
    started = startServer(dataDir, port)
    server = started.server
    await waitForHealth(port, server)
    const tokens = []
    for (let i = 1; i <= ADMINS; i++) {
      const res = await request(port, 'POST', '/api/v1/auth/email/login', {
        body: { email: `bench-admin-${i}@example.com`, password: PASSWORD },
      })
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.body}`)
      tokens.push(JSON.parse(res.body).token)
    }
    const { cursors } = seeded
    const pages = [
      // The floor on this machine right now: an authenticated route that reads nothing (cached session).
      ['baseline: GET /auth/me', '/api/v1/auth/me'],
      ['leads: first page', '/api/v1/admin/leads'],
      ['leads: deep cursor (row 50,000)', `/api/v1/admin/leads?cursor=${cursors.leads}`],
      ['leads: search, rare (one e-mail)', '/api/v1/admin/leads?q=lead77777%40'],
      ['leads: search, common (a city)', '/api/v1/admin/leads?q=temuco'],
      ['leads: search, no match', '/api/v1/admin/leads?q=zzzz-nobody'],
      ['leads: status filter', '/api/v1/admin/leads?status=activated'],
      ['leads: status + date range', '/api/v1/admin/leads?status=contacted&from=2026-03-01&to=2026-04-01'],
      ['leads: oldest first, 100 rows', '/api/v1/admin/leads?sort=oldest&limit=100'],
      ['audit: first page', '/api/v1/admin/audit'],
      ['audit: deep cursor (row 50,000)', `/api/v1/admin/audit?cursor=${cursors.audit}`],
      ['audit: action filter', '/api/v1/admin/audit?action=business.update'],
      ['audit: action family', '/api/v1/admin/audit?action=auth.*'],
      ['audit: actor filter', `/api/v1/admin/audit?actor=${seeded.adminId}`],
      ['audit: subject + date range', `/api/v1/admin/audit?subjectType=user&subjectId=${seeded.adminId}&from=2026-01-01&to=2026-06-01`],
      ['trainers: first page', '/api/v1/admin/trainers'],
      ['trainers: deep cursor (row 5,000)', `/api/v1/admin/trainers?cursor=${cursors.trainers}`],
      ['trainers: search', '/api/v1/admin/trainers?q=trainer4321%40'],
      ['trainers: subscription filter', '/api/v1/admin/trainers?subscription=past_due'],
      ['trainers: trial + payout filter', '/api/v1/admin/trainers?subscription=trial&payout=complete'],
      ['businesses: first page', '/api/v1/admin/businesses'],
    ]
    let turn = 0
    const results = []
    for (const [name, path] of pages) {
      for (let i = 0; i < 10; i++) await request(port, 'GET', path, { token: tokens[turn++ % ADMINS] })
      const times = []
      let rows = 0
      for (let i = 0; i < SAMPLES; i++) {
        const res = await request(port, 'GET', path, { token: tokens[turn++ % ADMINS] })
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 300)}`)
        rows = JSON.parse(res.body).data?.length ?? 1
        times.push(res.ms)
      }
      times.sort((a, b) => a - b)
      const r = {
        page: name,
        path,
        rows,
        p50Ms: +percentile(times, 50).toFixed(1),
        p95Ms: +percentile(times, 95).toFixed(1),
        maxMs: +times.at(-1).toFixed(1),
      }
      r.meetsTarget = r.p95Ms <= TARGET_P95_MS
      r.baseline = name.startsWith('baseline')
      results.push(r)
    }
    console.log(
      `\nadmin list pages, ${SAMPLES} sequential requests each (PGlite, server from ${started.source}); target p95 ≤ ${TARGET_P95_MS} ms; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    )
    console.log(`${'page'.padEnd(36)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`)
    for (const r of results)
      console.log(
        `${r.page.padEnd(36)} ${String(r.rows).padStart(5)} ${String(r.p50Ms).padStart(8)} ${String(r.p95Ms).padStart(8)} ${String(r.maxMs).padStart(8)}${r.meetsTarget ? '' : '  ← over target'}`,
      )
    const report = {
      bench: 'admin',
      at: new Date().toISOString(),
      database: 'PGlite',
      server: started.source,
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverage: loadavg() },
      seeded,
      samples: SAMPLES,
      targetP95Ms: TARGET_P95_MS,
      results,
    }
    const dir = join(root, 'bench/results')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, `admin-${report.at.replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, JSON.stringify(report, null, 2))
    console.log(`\nwritten to ${file}`)
    process.exitCode = results.every((r) => r.meetsTarget) ? 0 : 1
  } finally {
    if (server) await stop(server)
    agent.destroy()
    if (!keep) rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(2)
})
