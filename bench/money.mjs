/* global Buffer, performance, setInterval, clearInterval */
// npm run bench:money -- --scale S|M|L [--keep] [--samples N] [--strict]: do the operator's money
// and list pages, the CSV exports and `ledger:check` hold up at ten years of a large platform? (issue 30)
//  1. copies the built server (apps/api/dist; `npm run build` first) to apps/api/.test-build-bench-money-<pid>/
//     (others may rebuild dist meanwhile) and starts it once so that it migrates the database:
//     DATABASE_URL when set (PostgreSQL), else a temporary embedded database (PGlite);
//  2. seeds the scale's shape in set-based SQL (bench/lib/money-seed.mjs: S 1,000 trainers and
//     ~60,000 payments, M 10×, L 50×), then ANALYZE. With --keep the data stays for later runs
//     (a later run with --keep and the same scale reuses it: the PGlite directory is
//     bench/results/.money-<scale>, PostgreSQL keeps it in DATABASE_URL); without it the embedded
//     database is deleted and PostgreSQL's schema is emptied. On PostgreSQL the bench refuses a
//     database that holds anything but its own rows;
//  3. starts the server again, signs in 8 operators, the owner of the largest gym and the trainer
//     with the most clients, and calls every page --samples times (default 50 at S, 100 above),
//     one request at a time, warm (5 calls first), round-robin over the operators: p50/p95/max;
//  4. each CSV export once (small ones warmed once): rows, seconds, rows/s and the server's peak RSS;
//  5. `ledger:check`, full and --since yesterday (the command as operators run it; peak RSS through
//     /usr/bin/time): on PostgreSQL while a writer posts payments all along (its commit times and
//     any lock wait sampled from pg_stat_activity); on PGlite the running server runs it (one
//     process owns the embedded database), with the server's peak RSS;
//  6. prints the tables, writes bench/results/money-<scale>-<time>.json; exit 1 when a check
//     fails (a page not 200, an export short of rows, ledger:check not clean) or, at M and L (or
//     with --strict), a target is missed: page p95 ≤ 100 ms and, at L, ≤ 2 × the latest S figure of
//     the same database; CSV ≥ 150,000 rows/s on exports of 10,000 rows or more; ledger:check
//     ≤ 512 MB peak RSS and at L ≤ 5 minutes; no writer waited on a lock during the check.
// A benchmark, not a test: the figures depend on the machine and its load (printed).
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, option as cliOption } from './lib/cli.mjs'
import { SCALES, seedStatements } from './lib/money-seed.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const requireApi = createRequire(join(root, 'apps/api/package.json'))
const args = process.argv.slice(2)
const option = (name, fallback) => cliOption(args, name, fallback)
const SCALE = String(option('scale', 'S')).toUpperCase()
if (!SCALES[SCALE]) {
  console.error('Usage: npm run bench:money -- [--scale S|M|L] [--keep] [--samples N] [--strict]')
  process.exit(2)
}
const KEEP = args.includes('--keep')
const SAMPLES = Number(option('samples', SCALE === 'S' ? 50 : 100))
const ENFORCE = SCALE !== 'S' || args.includes('--strict')
const DATABASE_URL = process.env.DATABASE_URL || ''
const KIND = DATABASE_URL ? 'postgres' : 'pglite'
const TARGET = { pageP95Ms: 100, ratioLtoS: 2, csvRowsPerS: 150_000, csvMinRows: 10_000, checkMb: 512, checkSecondsAtL: 300 }
const PASSWORD = 'Bench-money-password-1'
const ADMINS = 8
const round = (n, d = 1) => +n.toFixed(d)
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function request(port, path, { method = 'GET', body, token, onData } = {}) {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined
    const headers = {
      ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }
    const started = performance.now()
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks = []
      let ended = false
      res.on('data', (c) => (onData ? onData(c) : chunks.push(c)))
      res.on('end', () => {
        ended = true
        resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), ms: performance.now() - started })
      })
      // A response cut short (the server gave up mid-stream) ends with 'close' and no 'end'.
      res.on('close', () => {
        if (!ended) resolve({ status: 0, body: `connection closed after ${res.statusCode}`, ms: performance.now() - started })
      })
    })
    req.on('error', (err) => resolve({ status: 0, body: err.message, ms: performance.now() - started }))
    req.end(payload)
  })
}

/** Resident memory of a process now (MB, Linux /proc). */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

// ---- the database: PostgreSQL through pg, PGlite in this process while no server runs ----
async function openDb(dataDir) {
  if (KIND === 'postgres') {
    const pg = requireApi('pg')
    const client = new pg.Client({ connectionString: DATABASE_URL })
    await client.connect()
    await client.query('set jit = off')
    return { query: async (sql, params) => (await client.query(sql, params)).rows, close: () => client.end() }
  }
  const { PGlite } = requireApi('@electric-sql/pglite')
  const extensions = {
    pg_trgm: requireApi('@electric-sql/pglite/contrib/pg_trgm').pg_trgm,
    unaccent: requireApi('@electric-sql/pglite/contrib/unaccent').unaccent,
    btree_gist: requireApi('@electric-sql/pglite/contrib/btree_gist').btree_gist,
  }
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions })
  return { query: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() }
}

function startServer(build, dataDir, port) {
  // BENCH_SERVER_FLAGS: Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where an export's time goes.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []
  const server = spawn(process.execPath, [...flags, join(build, 'server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      DATABASE_URL,
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return server
}

async function waitForHealth(port, server) {
  for (let i = 0; i < 900; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`)
    if ((await request(port, '/api/health')).status === 200) return
    await sleep(200)
  }
  throw new Error('server did not become healthy in time')
}

const stop = (server) =>
  new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve()
    server.once('exit', resolve)
    server.kill('SIGTERM')
  })

/** On PostgreSQL: refuses a database holding rows that are not the bench's (never seed into real data). */
async function assertBenchOnly(db) {
  const [row] = await db.query(`select count(*)::int as n from users where email not like 'bench-%@example.com'`)
  if (row.n > 0) throw new Error(`DATABASE_URL holds ${row.n} accounts that are not the bench's: use an empty database (e.g. bench_money)`)
}

async function seed(db) {
  const { hash } = requireApi('@node-rs/argon2')
  const statements = seedStatements(SCALES[SCALE], await hash(PASSWORD))
  const t0 = performance.now()
  const steps = []
  for (const sql of statements) {
    const s = performance.now()
    await db.query(sql)
    steps.push({ step: sql.trim().split('\n')[0].slice(0, 70), seconds: round((performance.now() - s) / 1000) })
  }
  const s = performance.now()
  await db.query('analyze')
  steps.push({ step: 'analyze', seconds: round((performance.now() - s) / 1000) })
  return { seconds: round((performance.now() - t0) / 1000), steps }
}

async function counts(db) {
  const [row] = await db.query(`select (select count(*)::int from trainers) as trainers, (select count(*)::int from gyms) as gyms,
    (select count(*)::int from client_subscriptions) as subscriptions, (select count(*)::int from client_payments) as payments,
    (select count(*)::int from client_refunds where kind = 'refund') as refunds, (select count(*)::int from client_refunds where kind = 'dispute') as disputes,
    (select count(*)::int from ledger_transactions) as transactions, (select count(*)::int from ledger_entries) as entries`)
  const [size] = KIND === 'postgres' ? await db.query(`select pg_database_size(current_database())::bigint as bytes`) : [{ bytes: null }]
  return { ...row, databaseMb: size.bytes === null ? null : Math.round(Number(size.bytes) / 1048576) }
}

/** Who signs in and what the pages look up: the largest gym's owner, the busiest trainer. */
async function subjects(db) {
  const [owner] = await db.query(`select u.email, g.id as gym_id from gyms g join users u on u.id = g.owner_id
    where u.password_hash <> 'x' limit 1`)
  const [trainer] = await db.query(`select u.id as user_id, u.email, t.id as trainer_id from trainers t join users u on u.id = t.user_id
    where u.password_hash <> 'x' order by u.email limit 1`)
  return { owner, trainer }
}

/**
 * `ledger:check` as an operator runs it, with its peak RSS (GNU time) and, when a server runs
 * (on PGlite it runs the command itself: one process owns the embedded database), the server's.
 */
async function ledgerCheck(dataDir, serverPid, extra = []) {
  const t0 = performance.now()
  let serverPeak = serverPid ? rssMb(serverPid) : NaN
  const timer = serverPid ? setInterval(() => (serverPeak = Math.max(serverPeak, rssMb(serverPid))), 100) : undefined
  const child = spawn('/usr/bin/time', ['-f', 'peakRssKb=%M', process.execPath, '--import', 'tsx', 'src/cli/ledger-check.ts', ...extra], {
    cwd: join(root, 'apps/api'),
    env: { ...process.env, DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c) => (stdout += c))
  child.stderr.on('data', (c) => (stderr += c))
  const exitCode = await new Promise((resolve) => child.on('exit', resolve))
  clearInterval(timer)
  const kb = Number(/peakRssKb=(\d+)/.exec(stderr)?.[1] ?? NaN)
  return {
    args: extra.join(' '),
    exitCode,
    seconds: round((performance.now() - t0) / 1000),
    peakRssMb: round(kb / 1024),
    ...(serverPid ? { serverPeakRssMb: round(serverPeak) } : {}),
    output: [
      ...stdout.trim().split('\n'),
      ...stderr
        .replace(/peakRssKb=\d+\n?/, '')
        .trim()
        .split('\n'),
    ]
      .filter(Boolean)
      .slice(0, 12),
  }
}

/** Posts payments on active subscriptions, one transaction each, until stopped (PostgreSQL). */
async function startWriter() {
  const pg = requireApi('pg')
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  const subs = await client.query(`select id, trainer_id, gym_id, price_clp from client_subscriptions where state = 'active' limit 500`)
  const times = []
  let running = true
  let n = 0
  const loop = (async () => {
    while (running) {
      const s = subs.rows[n++ % subs.rows.length]
      const trainer = (s.price_clp * (s.gym_id ? 6000 : 9500)) / 10000
      const gym = s.gym_id ? (s.price_clp * 3500) / 10000 : 0
      const platform = s.price_clp - trainer - gym
      const t0 = performance.now()
      await client.query('begin')
      const [p] = (
        await client.query(
          `insert into client_payments (subscription_id, trainer_id, gym_id, provider, provider_payment_id, amount_clp, trainer_share_clp, gym_share_clp, platform_share_clp, paid_at)
           values ($1, $2, $3, 'sandbox', 'py_writer_' || gen_random_uuid(), $4, $5, $6, $7, now()) returning id, provider_payment_id`,
          [s.id, s.trainer_id, s.gym_id, s.price_clp, trainer, gym, platform],
        )
      ).rows
      const [t] = (
        await client.query(
          `insert into ledger_transactions (kind, source_key, payment_id) values ('payment', 'payment:' || $1::text, $2) returning id`,
          [p.provider_payment_id, p.id],
        )
      ).rows
      const entries = [
        ['provider_clearing', -s.price_clp],
        [`trainer:${s.trainer_id}`, trainer],
        ['platform_revenue', platform],
        ...(gym ? [[`gym:${s.gym_id}`, gym]] : []),
      ]
      await client.query(
        `insert into ledger_entries (transaction_id, account, amount_clp) select $1, a, v from unnest($2::text[], $3::int[]) x(a, v)`,
        [t.id, entries.map((e) => e[0]), entries.map((e) => e[1])],
      )
      await client.query('commit')
      times.push(performance.now() - t0)
      await sleep(20)
    }
  })()
  // Any backend waiting on a lock, sampled every 100 ms from another connection.
  const watcher = new pg.Client({ connectionString: DATABASE_URL })
  await watcher.connect()
  let lockWaits = 0
  let samples = 0
  const watching = (async () => {
    while (running) {
      const { rows } = await watcher.query(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      )
      lockWaits = Math.max(lockWaits, rows[0].n)
      samples++
      await sleep(100)
    }
  })()
  return async () => {
    running = false
    await loop
    await watching
    await client.end()
    await watcher.end()
    times.sort((a, b) => a - b)
    return {
      payments: times.length,
      p50Ms: round(percentile(times, 50) ?? 0),
      p99Ms: round(percentile(times, 99) ?? 0),
      maxMs: round(times.at(-1) ?? 0),
      lockWaitSamples: samples,
      maxBackendsWaitingOnLocks: lockWaits,
    }
  }
}

/** A CSV export streamed to the end: rows (lines less the header), time, the server's peak RSS meanwhile. */
async function exportCsv(port, serverPid, path, token) {
  let newlines = 0
  let bytes = 0
  let peak = rssMb(serverPid)
  const before = peak
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(serverPid))), 50)
  const res = await request(port, path, {
    token,
    onData: (chunk) => {
      bytes += chunk.length
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++
    },
  })
  clearInterval(timer)
  const rows = Math.max(0, newlines - 1)
  return {
    status: res.status,
    rows,
    mb: round(bytes / 1048576),
    seconds: round(res.ms / 1000, 2),
    rowsPerS: Math.round(rows / (res.ms / 1000)),
    serverRssMb: { before: round(before), peak: round(peak) },
  }
}

function summaryTakesPeriods() {
  const doc = JSON.parse(readFileSync(join(root, 'docs/api/openapi.json'), 'utf8'))
  const params = doc.paths?.['/api/v1/admin/money/summary']?.get?.parameters ?? []
  return params.some((p) => p.name === 'from')
}

const yearsAgo = (n) => new Date(Date.now() - n * 365.25 * 86400_000).toISOString().slice(0, 10)

function pagesOf(subject) {
  const { trainer } = subject
  const n = SCALES[SCALE]
  const rare = Math.max(1, Math.floor(n * 0.4321))
  return [
    ['baseline: GET /auth/me', '/api/v1/auth/me', 'admin'],
    ['summary', '/api/v1/admin/money/summary', 'admin'],
    // Periods of the summary, when the API takes them (docs/api/openapi.json).
    ...(summaryTakesPeriods()
      ? [
          ['summary: this year', `/api/v1/admin/money/summary?from=${new Date().getFullYear()}-01-01`, 'admin'],
          ['summary: 3 years ago', `/api/v1/admin/money/summary?from=${yearsAgo(3)}&to=${yearsAgo(2)}`, 'admin'],
          ['summary: all history', `/api/v1/admin/money/summary?from=${yearsAgo(6)}`, 'admin'],
        ]
      : []),
    ['transactions: first page', '/api/v1/admin/money/transactions', 'admin'],
    ['transactions: 100 rows', '/api/v1/admin/money/transactions?limit=100', 'admin'],
    ['transactions: refunds', '/api/v1/admin/money/transactions?kind=refund', 'admin'],
    ['transactions: a year, 3 years ago', `/api/v1/admin/money/transactions?from=${yearsAgo(3)}&to=${yearsAgo(2)}`, 'admin'],
    ['transactions: one account', `/api/v1/admin/money/transactions?account=trainer:${trainer.trainer_id}`, 'admin'],
    ['transactions: one trainer', `/api/v1/admin/money/transactions?trainer=${trainer.user_id}`, 'admin'],
    ['transactions: trainer search', `/api/v1/admin/money/transactions?trainerSearch=${encodeURIComponent(trainer.email)}`, 'admin'],
    ['transactions: deep cursor', null, 'admin', { deep: '/api/v1/admin/money/transactions?limit=100' }],
    ['gyms: first page', '/api/v1/admin/businesses', 'admin'],
    ['gyms: page 10', '/api/v1/admin/businesses?page=10', 'admin'],
    ['gyms: search, a city', '/api/v1/admin/businesses?q=temuco', 'admin'],
    ['gyms: search, one owner', '/api/v1/admin/businesses?q=bench-owner-7%40', 'admin'],
    ['gyms: search, no match', '/api/v1/admin/businesses?q=zzzz-nobody', 'admin'],
    ['trainers: first page', '/api/v1/admin/trainers', 'admin'],
    ['trainers: search, one', `/api/v1/admin/trainers?q=bench-trainer-${rare}%40`, 'admin'],
    ['trainers: search, common name', '/api/v1/admin/trainers?q=mu%C3%B1oz', 'admin'],
    ['trainers: search, no match', '/api/v1/admin/trainers?q=zzzz-nobody', 'admin'],
    ['trainers: inactive filter', '/api/v1/admin/trainers?active=false', 'admin'],
    ['trainers: deep cursor', null, 'admin', { deep: '/api/v1/admin/trainers?limit=100' }],
    ['commissions (gym owner)', '/api/v1/business/commissions', 'owner'],
    ['commissions: a year (gym owner)', `/api/v1/business/commissions?from=${yearsAgo(3)}&to=${yearsAgo(2)}`, 'owner'],
    ['income (trainer)', '/api/v1/trainer/income', 'trainer'],
  ]
}

function exportsOf() {
  return [
    ['money CSV: everything', '/api/v1/admin/money/transactions/export.csv', 'admin', { warm: false }],
    ['money CSV: one month', `/api/v1/admin/money/transactions/export.csv?from=${yearsAgo(1)}&to=${yearsAgo(1 - 1 / 12)}`, 'admin'],
    ['commissions CSV (gym owner)', `/api/v1/business/commissions.csv?from=${yearsAgo(6)}`, 'owner'],
    ['payments CSV (trainer)', `/api/v1/trainer/payments.csv?from=${yearsAgo(6)}`, 'trainer'],
    ['ledger CSV (trainer)', `/api/v1/trainer/ledger.csv?from=${yearsAgo(6)}`, 'trainer'],
  ]
}

function latestS() {
  const dir = join(root, 'bench/results')
  if (!existsSync(dir)) return null
  const files = readdirSync(dir)
    .filter((f) => f.startsWith('money-S-') && f.endsWith('.json'))
    .sort()
    .reverse()
  for (const f of files) {
    const r = JSON.parse(readFileSync(join(dir, f), 'utf8'))
    if (r.database === KIND) return { file: f, pages: new Map(r.pages.map((p) => [p.page, p.p95Ms])) }
  }
  return null
}

async function main() {
  const build = join(root, `apps/api/.test-build-bench-money-${process.pid}`)
  if (!existsSync(join(root, 'apps/api/dist/server.js'))) throw new Error('apps/api/dist/server.js is missing: run `npm run build` first')
  cpSync(join(root, 'apps/api/dist'), build, { recursive: true })
  const dataDir = KIND === 'pglite' && KEEP ? join(root, `bench/results/.money-${SCALE}`) : mkdtempSync(join(tmpdir(), 'bench-money-'))
  mkdirSync(dataDir, { recursive: true })
  const failures = []
  let server
  // Set once the database is known to hold nothing but the bench's rows: only then is it emptied at the end.
  let ours = KIND === 'pglite'
  const started = performance.now()
  try {
    const port = await freePort()
    // 1. migrate (and learn whether a kept seed is there)
    server = startServer(build, dataDir, port)
    await waitForHealth(port, server)
    await stop(server)
    let db = await openDb(dataDir)
    const [kept] = await db.query(`select to_regclass('bench_money_seed') is not null as present`)
    let seeded
    if (kept.present) {
      const [row] = await db.query(`select scale, seed from bench_money_seed`)
      if (row.scale !== SCALE || !KEEP)
        throw new Error(`the database holds the bench's ${row.scale} seed: run with --keep --scale ${row.scale}, or empty it`)
      ours = true
      seeded = { ...row.seed, reused: true }
      console.log(`reusing the ${SCALE} seed kept in the database`)
    } else {
      if (KIND === 'postgres') await assertBenchOnly(db)
      ours = true
      console.log(`seeding scale ${SCALE} (${SCALES[SCALE]} trainers) into ${KIND}…`)
      seeded = await seed(db)
      await db.query(`create table bench_money_seed (scale text not null, seed jsonb not null)`)
      await db.query(`insert into bench_money_seed values ($1, $2)`, [SCALE, JSON.stringify(seeded)])
    }
    const size = await counts(db)
    const subject = await subjects(db)
    await db.close()
    console.log(`seed: ${seeded.seconds} s${seeded.reused ? ' (earlier run)' : ''}`, size)

    // 2. pages
    server = startServer(build, dataDir, port)
    await waitForHealth(port, server)
    const login = async (email) => {
      const res = await request(port, '/api/v1/auth/email/login', { method: 'POST', body: { email, password: PASSWORD } })
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.body}`)
      return JSON.parse(res.body).token
    }
    const admins = []
    for (let i = 1; i <= ADMINS; i++) admins.push(await login(`bench-admin-${i}@example.com`))
    const tokens = { owner: await login(subject.owner.email), trainer: await login(subject.trainer.email) }
    let turn = 0
    const tokenOf = (who) => (who === 'admin' ? admins[turn++ % ADMINS] : tokens[who])
    const s = latestS()
    const pages = []
    for (const [name, fixed, who, opts = {}] of pagesOf(subject)) {
      let path = fixed
      if (opts.deep) {
        // 20 pages of 100 in: what "next" clicked 20 times sends.
        let next = opts.deep
        for (let i = 0; i < 20; i++) {
          const res = await request(port, next, { token: tokenOf(who) })
          const cursor = res.status === 200 ? JSON.parse(res.body).nextCursor : null
          if (!cursor) break
          next = `${opts.deep}&cursor=${cursor}`
        }
        path = next
      }
      for (let i = 0; i < 5; i++) await request(port, path, { token: tokenOf(who) })
      const times = []
      let rows = 0
      for (let i = 0; i < SAMPLES; i++) {
        const res = await request(port, path, { token: tokenOf(who) })
        if (res.status !== 200) {
          failures.push(`${name}: ${res.status} ${res.body.slice(0, 200)}`)
          break
        }
        if (i === 0) {
          const body = JSON.parse(res.body)
          rows = Array.isArray(body.data) ? body.data.length : Array.isArray(body) ? body.length : 1
        }
        times.push(res.ms)
      }
      if (!times.length) continue
      times.sort((a, b) => a - b)
      const r = {
        page: name,
        path,
        rows,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        maxMs: round(times.at(-1)),
      }
      r.baseline = name.startsWith('baseline')
      if (s?.pages.has(name)) r.ratioToS = round(r.p95Ms / Math.max(1, s.pages.get(name)), 2)
      r.meetsTarget =
        r.baseline || (r.p95Ms <= TARGET.pageP95Ms && (SCALE !== 'L' || r.ratioToS === undefined || r.ratioToS <= TARGET.ratioLtoS))
      pages.push(r)
      console.log(`  ${name}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`)
    }

    // 3. exports
    const exports = []
    for (const [name, path, who, opts = {}] of exportsOf()) {
      if (opts.warm !== false) await exportCsv(port, server.pid, path, tokenOf(who))
      const r = { export: name, path, ...(await exportCsv(port, server.pid, path, tokenOf(who))) }
      if (r.status !== 200) failures.push(`${name}: ${r.status}`)
      r.meetsTarget = r.rows < TARGET.csvMinRows || r.rowsPerS >= TARGET.csvRowsPerS
      exports.push(r)
      console.log(`  ${name}: ${r.status}, ${r.rows} rows in ${r.seconds} s`)
    }
    const allEntries = exports[0]
    if (allEntries.rows < size.entries) failures.push(`money CSV: ${allEntries.rows} rows for ${size.entries} entries`)

    // 4. ledger:check
    const check = {}
    const since = new Date(Date.now() - 86400_000).toISOString().slice(0, 10)
    if (KIND === 'postgres') {
      const stopWriter = await startWriter()
      await sleep(1000)
      check.full = await ledgerCheck(dataDir)
      check.since = await ledgerCheck(dataDir, undefined, ['--since', since])
      check.writer = await stopWriter()
      if (check.writer.maxBackendsWaitingOnLocks > 0) failures.push(`a writer waited on a lock during ledger:check`)
    } else {
      check.full = await ledgerCheck(dataDir, server.pid)
      check.since = await ledgerCheck(dataDir, server.pid, ['--since', since])
    }
    for (const r of [check.full, check.since])
      if (r.exitCode !== 0) failures.push(`ledger:check ${r.args}: exit ${r.exitCode}: ${r.output.join(' | ')}`)
    // On PGlite the server runs the check: its memory is the embedded database's (not a target, decision 217).
    check.meetsTarget =
      check.full.peakRssMb <= TARGET.checkMb &&
      check.since.peakRssMb <= TARGET.checkMb &&
      (SCALE !== 'L' || check.full.seconds <= TARGET.checkSecondsAtL)

    // 5. report
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')
    console.log(`\nmoney bench, scale ${SCALE} on ${KIND}, ${SAMPLES} sequential requests per page; load average ${load}`)
    console.log(
      `targets${ENFORCE ? '' : ' (reported, not enforced at S; --strict enforces them)'}: page p95 ≤ ${TARGET.pageP95Ms} ms${s ? `, L/S ≤ ${TARGET.ratioLtoS} (S: ${s.file})` : ''}; CSV ≥ ${TARGET.csvRowsPerS} rows/s; ledger:check ≤ ${TARGET.checkMb} MB\n`,
    )
    console.log(
      `${'page'.padEnd(36)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'÷S'.padStart(6)}`,
    )
    for (const r of pages)
      console.log(
        `${r.page.padEnd(36)} ${String(r.rows).padStart(5)} ${String(r.p50Ms).padStart(8)} ${String(r.p95Ms).padStart(8)} ${String(r.maxMs).padStart(8)} ${String(r.ratioToS ?? '').padStart(6)}${r.meetsTarget ? '' : '  ← over target'}`,
      )
    console.log(
      `\n${'export'.padEnd(36)} ${'rows'.padStart(9)} ${'MB'.padStart(7)} ${'s'.padStart(7)} ${'rows/s'.padStart(9)} ${'server RSS MB'.padStart(15)}`,
    )
    for (const r of exports)
      console.log(
        `${r.export.padEnd(36)} ${String(r.rows).padStart(9)} ${String(r.mb).padStart(7)} ${String(r.seconds).padStart(7)} ${String(r.rowsPerS).padStart(9)} ${`${r.serverRssMb.before}→${r.serverRssMb.peak}`.padStart(15)}${r.meetsTarget ? '' : '  ← under target'}`,
      )
    for (const [label, r] of [
      ['full', check.full],
      [`--since ${since}`, check.since],
    ])
      console.log(
        `${label === 'full' ? '\n' : ''}ledger:check ${label}: ${r.seconds} s, peak RSS ${r.peakRssMb} MB${r.serverPeakRssMb ? ` (run by the server: its peak ${r.serverPeakRssMb} MB)` : ''}, exit ${r.exitCode}`,
      )
    if (check.writer)
      console.log(
        `writer during the checks: ${check.writer.payments} payments, commit p50 ${check.writer.p50Ms} ms, p99 ${check.writer.p99Ms} ms, max ${check.writer.maxMs} ms; backends waiting on a lock: ${check.writer.maxBackendsWaitingOnLocks} (max of ${check.writer.lockWaitSamples} samples)`,
      )
    const missed = [
      ...pages.filter((r) => r.meetsTarget === false).map((r) => r.page),
      ...exports.filter((r) => !r.meetsTarget).map((r) => r.export),
    ]
    if (!check.meetsTarget) missed.push('ledger:check')
    const report = {
      bench: 'money',
      at: new Date().toISOString(),
      scale: SCALE,
      database: KIND,
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model,
        memoryGb: round(totalmem() / 2 ** 30),
        freeGb: round(freemem() / 2 ** 30),
        node: process.version,
        loadAverage: loadavg(),
      },
      seeded,
      size,
      samples: SAMPLES,
      targets: { ...TARGET, enforced: ENFORCE, comparedWith: s?.file ?? null },
      pages,
      exports,
      ledgerCheck: check,
      missed,
      failures,
      totalSeconds: round((performance.now() - started) / 1000),
    }
    const dir = join(root, 'bench/results')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, `money-${SCALE}-${report.at.replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, JSON.stringify(report, null, 2))
    for (const f of failures) console.error(`FAILED: ${f}`)
    if (missed.length) console.error(`${ENFORCE ? 'MISSED' : 'would miss (not enforced at S)'}: ${missed.join(', ')}`)
    console.log(`\n${report.totalSeconds} s in all; written to ${file}`)
    process.exitCode = failures.length || (ENFORCE && missed.length) ? 1 : 0
  } finally {
    await stop(server)
    agent.destroy()
    if (!KEEP) {
      if (KIND === 'postgres' && ours) {
        const db = await openDb(dataDir)
        await db.query(`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`)
        await db.close()
      }
      rmSync(dataDir, { recursive: true, force: true })
    } else if (KIND === 'postgres') rmSync(dataDir, { recursive: true, force: true })
    rmSync(build, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(2)
})
