/* global fetch, clearTimeout */
// npm run bench:set-logs [-- --burst]: logging a set with 200 clients on PostgreSQL (issue 25's first
// figure: p99 ≤ 30 ms).
//  1. copies the built server (apps/api/dist, built first when missing) to apps/api/.test-build-bench-<pid>/
//     (dist's depth, so it finds drizzle/ and node_modules; others may rebuild dist meanwhile) and
//     starts it (NODE_ENV=production, rate limits as shipped) on a fresh PostgreSQL database,
//     dropped afterwards (BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432);
//  2. seeds --trainers (default 2) trainers and --clients (default 200) members in SQL (one argon2
//     hash for all), an active coaching link per client; each trainer signs in, creates a one-week
//     program and assigns it from today to its clients through the API; every client signs in
//     through the API from its own 127.x.y.z and logs one set (a warm-up, not measured);
//  3. each client on its own keep-alive connection from its own address logs sets (a fresh
//     idempotency key each); a --replays share (default 0.1) of the sends repeats one of the
//     client's earlier keys and must answer 200, replayed, the same set. Two modes (decision 221):
//     - default, steady: the clients start spread over --spread s (default 3) and each logs a set
//       every --interval s (default 1; a gym client logs one every 1–3 min, so this is far above
//       real use), on a fixed schedule (a late answer does not delay the next set's time); the
//       first --warmup s (default 5) are not measured, then --duration s (default 10) are;
//     - --burst: all clients start at the same instant and send their next set as soon as the last
//       one is answered (think time a random 0–2 × --pause ms, default 0), for --duration s; every
//       send is measured, the opening burst included (the worst case, no gym produces it);
//  4. checks the database holds exactly one row per distinct key, prints p50/p95/p99/max and
//     sets/s, writes bench/results/set-logs-<time>.json with the load average. Exit code 1 when a
//     check fails or p99 > 30 ms. A benchmark, not a test: the figures depend on the machine and on
//     what else runs on it (the load average).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { addressPool, openConnection, percentile } from './lib/raw-client.mjs'
import { freePort, option as cliOption } from './lib/cli.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const requireApi = createRequire(join(root, 'apps/api/package.json'))
const pg = requireApi('pg')
const argon2 = requireApi('@node-rs/argon2')
const args = process.argv.slice(2)
const option = (name, fallback) => cliOption(args, name, fallback)
const CLIENTS = Number(option('clients', 200))
const TRAINERS = Number(option('trainers', 2))
const DURATION_S = Number(option('duration', 10))
const PAUSE_MS = Number(option('pause', 0))
const BURST = args.includes('--burst')
const SPREAD_S = Number(option('spread', 3))
const INTERVAL_S = Number(option('interval', 1))
const WARMUP_S = BURST ? 0 : Number(option('warmup', 5))
const REPLAYS = Number(option('replays', 0.1))
// --header-keys: each send also carries its own Idempotency-Key header, as the web's queue sends them (decision 210).
const HEADER_KEYS = args.includes('--header-keys')
const TARGET_P99 = 30
const PASSWORD = 'Bench-secret-1'
const json = { 'content-type': 'application/json' }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const round = (ms) => +ms.toFixed(1)
const loads = () => loadavg().map((l) => +l.toFixed(2))
/** CPU seconds used so far by a process (Linux /proc; NaN elsewhere): the server's share of the machine. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}
const santiagoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date())

async function query(url, sql, params) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows
  } finally {
    await client.end()
  }
}

async function waitForHealth(url, child) {
  for (const start = Date.now(); Date.now() - start < 60_000; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
  }
  throw new Error('server did not become healthy in time')
}

/** One request on a connection of its own from `address`; the parsed body of the expected status. */
async function once(port, address, request, expected) {
  const conn = openConnection({ port, localAddress: address })
  try {
    await conn.ready
    const res = await conn.request({ headers: json, ...request })
    if (res.status !== expected) throw new Error(`${request.method} ${request.path} answered ${res.status}: ${res.body}`)
    return JSON.parse(res.body)
  } finally {
    conn.close()
  }
}

const signIn = (port, address, email) =>
  once(port, address, { method: 'POST', path: '/api/v1/auth/email/login', body: { email, password: PASSWORD } }, 200).then((r) => r.token)

/** Users, trainer rows and coaching links in SQL; programs, assignments and sign-ins through the API. */
async function seed(dbUrl, port, nextAddress) {
  const tag = randomBytes(4).toString('hex')
  const hash = await argon2.hash(PASSWORD, { algorithm: 2, memoryCost: 12_288, timeCost: 3, parallelism: 1 })
  await query(
    dbUrl,
    `insert into users (email, password_hash, first_name, last_name, role)
     select 'bench-coach-' || i || '-${tag}@example.com', $1, 'Tomás', 'Vera ' || i, 'trainer' from generate_series(1, ${TRAINERS}) i
     union all
     select 'bench-client-' || i || '-${tag}@example.com', $1, 'Carla', 'Cliente ' || i, 'member' from generate_series(1, ${CLIENTS}) i`,
    [hash],
  )
  await query(
    dbUrl,
    `insert into trainers (user_id, first_name, last_name, email)
     select id, first_name, last_name, email from users where email like 'bench-coach-%-${tag}@example.com'`,
  )
  // Client i goes to trainer i mod TRAINERS.
  await query(
    dbUrl,
    `insert into coaching_links (trainer_id, client_user_id)
     select t.id, c.id
     from (select id, row_number() over (order by email) - 1 as n from users where email like 'bench-client-%-${tag}@example.com') c
     join (select id, row_number() over (order by email) - 1 as n from trainers where email like 'bench-coach-%-${tag}@example.com') t
       on t.n = c.n % ${TRAINERS}`,
  )
  const exercises = await query(dbUrl, `select id from exercises where source = 'library' order by slug limit 2`)
  const links = await query(
    dbUrl,
    `select u.email as trainer, l.client_user_id as id, c.email from coaching_links l
     join trainers u on u.id = l.trainer_id join users c on c.id = l.client_user_id`,
  )
  const item = (exerciseId) => ({ exerciseId, sets: 4, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 }, restSeconds: 90 })
  const content = { weeks: [{ days: [{ day: 1, title: 'Fuerza', items: exercises.map((e) => item(e.id)) }] }] }
  const clients = []
  for (const trainer of [...new Set(links.map((l) => l.trainer))]) {
    const token = await signIn(port, nextAddress(), trainer)
    const auth = { ...json, authorization: `Bearer ${token}` }
    const address = nextAddress()
    const program = await once(
      port,
      address,
      { method: 'POST', path: '/api/v1/trainer/programs', headers: auth, body: { title: 'Bench', content } },
      201,
    )
    const mine = links.filter((l) => l.trainer === trainer)
    for (let i = 0; i < mine.length; i += 50) {
      const body = { clientUserIds: mine.slice(i, i + 50).map((l) => l.id), startDate: santiagoToday() }
      const path = `/api/v1/trainer/programs/${program.id}/assignments`
      const { data } = await once(port, address, { method: 'POST', path, headers: auth, body }, 201)
      for (const a of data) clients.push({ id: a.clientUserId, assignmentId: a.id, email: mine.find((l) => l.id === a.clientUserId).email })
    }
  }
  // Sign-ins (argon2 on the server's thread pool), a few at a time, each client from its own address;
  // then one set each, unmeasured, so the run starts on a warm server (JIT, pool, the day's session).
  const queue = [...clients]
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let c = queue.pop(); c; c = queue.pop()) {
        c.address = nextAddress()
        c.token = await signIn(port, c.address, c.email)
        const headers = { ...json, authorization: `Bearer ${c.token}` }
        const body = {
          idempotencyKey: randomUUID(),
          assignmentId: c.assignmentId,
          week: 1,
          day: 1,
          itemKey: 'w1d1e1',
          setNumber: 1,
          reps: 8,
        }
        await once(port, c.address, { method: 'POST', path: '/api/v1/client/set-logs', headers, body }, 201)
      }
    }),
  )
  return { clients, itemKeys: exercises.map((_, i) => `w1d1e${i + 1}`) }
}

/** Every client logs sets on its own connection until the time is up; answers and latencies per send. */
async function load(port, clients, itemKeys) {
  const fresh = []
  const replays = []
  const first = [] // each client's first set: all sent at the same instant
  const later = [] // every other send
  const failures = []
  const sent = new Map() // client id → [{ key, setLogId }]
  const conns = clients.map((c) => openConnection({ port, localAddress: c.address }))
  await Promise.all(conns.map((c) => c.ready))
  const started = Date.now()
  const measuredFrom = started + WARMUP_S * 1000
  const end = measuredFrom + DURATION_S * 1000
  await Promise.all(
    clients.map(async (client, i) => {
      const conn = conns[i]
      const mine = []
      sent.set(client.id, mine)
      const headers = { ...json, authorization: `Bearer ${client.token}` }
      // Steady mode: this client's first set at a random instant of the spread, then one each interval.
      const offset = BURST ? 0 : Math.random() * SPREAD_S * 1000
      for (let n = 0; ; n++) {
        if (!BURST) {
          const at = started + offset + n * INTERVAL_S * 1000
          if (at >= end) break
          await sleep(at - Date.now())
        }
        const sentAt = Date.now()
        if (sentAt >= end) break
        const replayOf = mine.length && Math.random() < REPLAYS ? mine[Math.floor(Math.random() * mine.length)] : undefined
        const body = replayOf?.body ?? {
          idempotencyKey: randomUUID(),
          assignmentId: client.assignmentId,
          week: 1,
          day: 1,
          itemKey: itemKeys[n % itemKeys.length],
          setNumber: 1 + (Math.floor(n / itemKeys.length) % 50),
          reps: 8 + (n % 3),
          loadKg: 40 + (n % 5) * 2.5,
        }
        const sendHeaders = HEADER_KEYS ? { ...headers, 'idempotency-key': randomUUID() } : headers
        const res = await conn.request({ method: 'POST', path: '/api/v1/client/set-logs', headers: sendHeaders, body })
        const answer = res.status < 300 ? JSON.parse(res.body) : undefined
        // Answers are always checked; latencies only after the warm-up.
        const measured = sentAt >= measuredFrom
        if (measured) (n === 0 ? first : later).push(res.ms)
        if (replayOf) {
          if (measured) replays.push(res.ms)
          if (res.status !== 200 || !answer.replayed || answer.setLog.id !== replayOf.setLogId)
            failures.push(`replay answered ${res.status} ${res.body.slice(0, 200)}`)
        } else {
          if (measured) fresh.push(res.ms)
          if (res.status === 201 && !answer.replayed) mine.push({ body, setLogId: answer.setLog.id })
          else failures.push(`new set answered ${res.status} ${res.body.slice(0, 200)}`)
        }
        if (BURST && PAUSE_MS) await sleep(Math.random() * 2 * PAUSE_MS)
      }
    }),
  )
  const seconds = (Date.now() - measuredFrom) / 1000
  for (const c of conns) c.close()
  return { fresh, replays, first, later, failures, sent, seconds }
}

const figures = (list) => {
  const s = [...list].sort((a, b) => a - b)
  return {
    count: s.length,
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s.at(-1) ?? 0),
  }
}

async function main() {
  if (!existsSync(join(root, 'apps/api/dist/server.js'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
  const build = join(root, `apps/api/.test-build-bench-${process.pid}`)
  cpSync(join(root, 'apps/api/dist'), build, { recursive: true })
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const dbName = `bench_set_logs_${randomBytes(4).toString('hex')}`
  await query(serverUrl, `create database ${dbName}`)
  const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const logFile = join(build, 'server.log')
  const logFd = openSync(logFile, 'a')
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: join(build, 'data'),
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    SMTP_URL: '',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    MAIL_TRANSPORT: 'log',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
  }
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server (open it in Chromium's DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const server = spawn(process.execPath, [...prof, join(build, 'server.js')], { env, stdio: ['ignore', logFd, logFd], cwd: root })
  closeSync(logFd)
  const report = { startedAt: new Date().toISOString(), cpus: cpus().length, cpu: cpus()[0]?.model, loadAverage: loads() }
  try {
    await waitForHealth(url, server)
    const t0 = Date.now()
    const { clients, itemKeys } = await seed(dbUrl, port, addressPool(1))
    report.seedSeconds = (Date.now() - t0) / 1000
    process.stderr.write(`seeded ${clients.length} clients in ${report.seedSeconds} s; logging sets for ${DURATION_S} s…\n`)
    report.loadAverageBeforeRun = loads()
    // The server's CPU from the end of the warm-up to the end of the run.
    let cpuBefore = cpuSeconds(server.pid)
    const warm = setTimeout(() => (cpuBefore = cpuSeconds(server.pid)), WARMUP_S * 1000)
    const run = await load(port, clients, itemKeys)
    clearTimeout(warm)
    const cpuUsed = cpuSeconds(server.pid) - cpuBefore
    report.serverCores = +(cpuUsed / run.seconds).toFixed(2)
    // CPU of the API per send: what the machine's load changes least (the latency is mostly waiting for a core).
    report.serverCpuMsPerSet = +((cpuUsed * 1000) / (run.fresh.length + run.replays.length)).toFixed(2)
    report.loadAverageAfter = loads()
    const keys = [...run.sent.values()].reduce((n, list) => n + list.length, clients.length) // + the warm-up sets
    const [stored] = await query(
      dbUrl,
      `select count(*)::int as rows, count(distinct (client_user_id, idempotency_key))::int as keys from set_logs where client_user_id = any($1)`,
      [clients.map((c) => c.id)],
    )
    const all = figures([...run.fresh, ...run.replays])
    Object.assign(report, {
      clients: clients.length,
      trainers: TRAINERS,
      durationS: DURATION_S,
      mode: BURST ? 'burst' : 'steady',
      pauseMs: BURST ? PAUSE_MS : null,
      spreadS: BURST ? null : SPREAD_S,
      intervalS: BURST ? null : INTERVAL_S,
      warmupS: WARMUP_S,
      replayShare: REPLAYS,
      headerKeys: HEADER_KEYS,
      all,
      newSets: figures(run.fresh),
      replays: figures(run.replays),
      // Burst mode: the opening burst (each client's first set, all at the same instant) and the rest.
      firstRound: figures(run.first),
      afterFirstRound: figures(run.later),
      setsPerSecond: Math.round(all.count / run.seconds),
      distinctKeys: keys,
      storedRows: stored.rows,
      storedKeys: stored.keys,
      failures: run.failures.length,
      firstFailures: run.failures.slice(0, 5),
      targetP99: TARGET_P99,
    })
  } finally {
    server.kill('SIGTERM')
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r))
    await query(serverUrl, `drop database if exists ${dbName} with (force)`).catch(() => {})
    rmSync(build, { recursive: true, force: true })
  }
  const ok = report.failures === 0 && report.storedRows === report.distinctKeys && report.storedKeys === report.distinctKeys
  const r = report
  const how = BURST
    ? `all at once, no think time (--burst, pause ${r.pauseMs} ms)`
    : `starts spread over ${r.spreadS} s, a set every ${r.intervalS} s each, ${r.warmupS} s warm-up not measured`
  console.log(
    `\nLogging a set, ${r.clients} clients on PostgreSQL, ${how}, ${r.durationS} s measured (${r.replayShare * 100}% replays${r.headerKeys ? ', an Idempotency-Key header each' : ''}):` +
      `\n  all     ${r.all.count} sends, ${r.setsPerSecond} sets/s: p50 ${r.all.p50} ms, p95 ${r.all.p95} ms, p99 ${r.all.p99} ms (target ≤ ${TARGET_P99}), max ${r.all.max} ms` +
      `\n  new     ${r.newSets.count}: p50 ${r.newSets.p50} ms, p99 ${r.newSets.p99} ms` +
      `\n  replays ${r.replays.count}: p50 ${r.replays.p50} ms, p99 ${r.replays.p99} ms` +
      (BURST
        ? `\n  the opening burst (each client's first set, all at the same instant): p50 ${r.firstRound.p50} ms, max ${r.firstRound.max} ms` +
          `\n  after it: p50 ${r.afterFirstRound.p50} ms, p99 ${r.afterFirstRound.p99} ms`
        : '') +
      `\n  stored  ${r.storedRows} rows for ${r.distinctKeys} distinct keys${ok ? ' (one each)' : ''}; ${r.failures} wrong answers` +
      `\n  the API process kept ${r.serverCores} of ${r.cpus} cores busy (${r.serverCpuMsPerSet} ms of CPU a send); load average ${r.loadAverage.join(' ')} before, ${r.loadAverageAfter.join(' ')} after: the figures depend on it`,
  )
  for (const f of r.firstFailures) console.log(`  ${f}`)
  const outDir = join(root, 'bench/results')
  mkdirSync(outDir, { recursive: true })
  const file = join(outDir, `set-logs-${r.startedAt.replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(report, null, 2))
  console.log(`written ${file.slice(root.length)}`)
  if (!ok) console.log('FAILED: a wrong answer or not exactly one stored row per key')
  else if (r.all.p99 > TARGET_P99)
    console.log(`p99 ${r.all.p99} ms is above ${TARGET_P99} ms (on a shared or loaded machine, see the load average)`)
  process.exit(ok && r.all.p99 <= TARGET_P99 ? 0 : 1)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
