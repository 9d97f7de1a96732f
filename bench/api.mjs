/* global fetch */
// npm run bench:api: API throughput of ONE built server process, as docs/capacity.md quotes it.
//  1. builds the API if apps/api/dist is missing; starts `node apps/api/dist/server.js`
//     (NODE_ENV=production, LOG_LEVEL=info to a file) on PGlite in a temp DATA_DIR, and on
//     PostgreSQL when BENCH_DATABASE_URL or the local server answers (a fresh database per run,
//     dropped afterwards);
//  2. creates its users through the API (business registration), each from its own 127.x.y.z;
//  3. runs each scenario --runs times (default 2, the median is reported), --duration s each
//     (default 10): bare node:http hello (the machine's ceiling), GET /auth/me (50 conns),
//     GET /plans (50), POST /auth/email/login (10), POST /auth/refresh with rotation (10, each
//     simulated user its own session and address), and GET /auth/me (10) while 200 connections
//     hammer login;
//  4. prints one table (req/s, p99, ratio to the ceiling) and writes bench/results/api-<time>.json.
// Rate limits stay on: rate-limited scenarios spread users over client addresses (bench/lib).
// Options: --runs N, --duration S, --db pglite|postgres|both (default both when PostgreSQL answers),
//   --only me,plans,login,refresh,hammer, --workers N (WEB_CONCURRENCY: start the cluster entry).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { addressPool, openConnection } from './lib/raw-client.mjs'
import { freePort, option as cliOption } from './lib/cli.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const requireApi = createRequire(join(root, 'apps/api/package.json'))
const args = process.argv.slice(2)
const option = (name, fallback) => cliOption(args, name, fallback)
const runs = Number(option('runs', 2))
const durationS = Number(option('duration', 10))
const only = option('only', 'me,plans,login,refresh,hammer').split(',')
const workers = option('workers', undefined)
const dbChoice = option('db', 'both')

const targets = {
  me: { postgres: 6000, pglite: 3000, p99: 20 },
  refresh: { postgres: 3000, p99: 20 },
  plans: { any: 15000 },
  login: { any: 140 },
  hammer: { p99: 50 },
}
// The node:http ceiling the issue's targets were set against: on a slower or busier host the
// throughput targets are also checked as ratios to this run's ceiling (login is bound by argon2,
// not by HTTP, and p99 bounds stay absolute).
const ISSUE_CEILING = 67_000

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return Date.now() - start
    } catch {
      /* not up yet */
    }
    await sleep(100)
  }
  throw new Error('server did not become healthy in time')
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', resolve)
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
  })
}

/** autocannon as a separate process (its own core time, like a real client). */
function autocannon(url, { connections, headers = {}, duration = durationS }) {
  const bin = join(root, 'node_modules/autocannon/autocannon.js')
  const argv = [bin, '-j', '-c', String(connections), '-d', String(duration)]
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}=${v}`)
  argv.push(url)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'ignore'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`))
      const r = JSON.parse(out)
      resolve({
        reqPerSec: Math.round(r['2xx'] / r.duration),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      })
    })
  })
}

/**
 * CPU seconds (user + system) used so far by a process and its descendants (the cluster's
 * workers), from /proc: how much of the machine the server itself took, apart from the load
 * generator. Linux only; undefined elsewhere.
 */
function serverCpuSeconds(rootPid) {
  try {
    const stats = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((pid) => {
        try {
          // Fields after the command name (which may contain spaces): state ppid … utime stime.
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
          return { pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
        } catch {
          return undefined
        }
      })
      .filter(Boolean)
    const tree = new Set([rootPid])
    for (let grown = true; grown;) {
      grown = false
      for (const p of stats) {
        if (tree.has(p.pid) || !tree.has(p.ppid)) continue
        tree.add(p.pid)
        grown = true
      }
    }
    return stats.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / 100
  } catch {
    return undefined
  }
}

let addressBase = 1000
/** A rate-limited scenario in bench/lib/load-worker.mjs (own process, own addresses). */
function loadWorker(spec, tmp) {
  const file = join(tmp, `spec-${addressBase}.json`)
  writeFileSync(file, JSON.stringify({ durationMs: durationS * 1000, ...spec, addressStart: addressBase }))
  addressBase += 200_000
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bench/lib/load-worker.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load worker exited ${code}`))))
  })
}

function helloServer(port) {
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hello') }).listen(${port}, '127.0.0.1', () => console.log('up'))`
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
    child.stdout.once('data', () => resolve(child))
  })
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const summarise = (name, results) => ({
  name,
  reqPerSec: Math.round(median(results.map((r) => r.reqPerSec))),
  p99: +median(results.map((r) => r.p99)).toFixed(1),
  runs: results.map(({ sessions: _sessions, ...r }) => r),
})

async function repeat(fn) {
  const out = []
  for (let i = 0; i < runs; i++) out.push(await fn(i))
  return out
}

async function postgresServerUrl() {
  const candidate = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const pg = requireApi('pg')
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return candidate
  } catch {
    if (process.env.BENCH_DATABASE_URL) throw new Error(`BENCH_DATABASE_URL does not answer: ${candidate}`)
    return undefined
  }
}

async function adminQuery(serverUrl, sql) {
  const pg = requireApi('pg')
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Business accounts through the API, 9 per client address (the limit is 10 an hour). */
async function createUsers(port, count, nextAddress) {
  const users = []
  const password = 'Bench-secret-1'
  let conn
  for (let i = 0; i < count; i++) {
    if (i % 9 === 0) {
      conn?.close()
      conn = openConnection({ port, localAddress: nextAddress() })
      await conn.ready
    }
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`
    const res = await conn.request({
      method: 'POST',
      path: '/api/v1/auth/business/register',
      headers: { 'content-type': 'application/json' },
      body: {
        email,
        password,
        firstName: 'Bench',
        lastName: 'User',
        businessName: 'Bench Gym',
        businessAddress: 'Av. Bench 1',
        businessPhone: '',
        businessWebsite: '',
      },
    })
    if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.body}`)
    users.push({ email, password })
  }
  conn?.close()
  return users
}

async function loginOnce(port, user, address) {
  const conn = openConnection({ port, localAddress: address })
  await conn.ready
  const res = await conn.request({
    method: 'POST',
    path: '/api/v1/auth/email/login',
    headers: { 'content-type': 'application/json' },
    body: user,
  })
  conn.close()
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`)
  return JSON.parse(res.body)
}

async function benchDatabase(kind, serverUrl, tmp, ceiling) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmp, `${kind}-`))
  let databaseUrl = ''
  let dbName
  if (kind === 'postgres') {
    dbName = `bench_${randomBytes(5).toString('hex')}`
    await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`)
    const u = new URL(serverUrl)
    u.pathname = `/${dbName}`
    databaseUrl = u.toString()
  }
  const logFile = join(dataDir, 'server.log')
  const logFd = openSync(logFile, 'a')
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    SMTP_URL: '',
    // A production start needs these to run without Stripe and SMTP (the bench measures the API, not providers).
    ALLOW_SANDBOX_PAYMENTS: 'true',
    MAIL_TRANSPORT: 'log',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    ...(workers ? { WEB_CONCURRENCY: workers } : {}),
  }
  const entry = workers ? 'apps/api/dist/cluster.js' : 'apps/api/dist/server.js'
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const server = spawn(process.execPath, [...nodeArgs, join(root, entry)], { env, stdio: ['ignore', logFd, logFd], cwd: root })
  closeSync(logFd)
  const results = { database: kind, scenarios: [] }
  try {
    results.startupMs = await waitForHealth(url, server)
    const nextAddress = addressPool(1)
    const perRun = durationS * 260 // logins a run may use at most, 9 per user
    const userCount = only.includes('login') ? Math.ceil((perRun * runs) / 9) + 2 : 2
    process.stderr.write(`[${kind}] creating ${userCount} users through the API…\n`)
    const users = await createUsers(port, userCount, nextAddress)
    const me = await loginOnce(port, users[0], nextAddress())
    const auth = { authorization: `Bearer ${me.token}` }
    let sessions = []
    const scenario = async (name, fn) => {
      if (!only.includes(name)) return
      process.stderr.write(`[${kind}] ${name}…\n`)
      const cpuBefore = serverCpuSeconds(server.pid)
      const s = summarise(name, await repeat(fn))
      const cpu = serverCpuSeconds(server.pid) - cpuBefore
      s.ratio = +(s.reqPerSec / ceiling).toFixed(3)
      // Cores the server kept busy, and what it did per core: with the load generator on the same
      // cores, this is how 1 and 2 workers compare apart from what the generator takes.
      if (Number.isFinite(cpu)) s.serverCores = +(cpu / (runs * durationS)).toFixed(2)
      if (s.serverCores) s.reqPerServerCore = Math.round(s.reqPerSec / s.serverCores)
      results.scenarios.push(s)
    }

    await scenario('me', () => autocannon(`${url}/api/v1/auth/me`, { connections: 50, headers: auth }))
    await scenario('plans', () => autocannon(`${url}/api/v1/plans`, { connections: 50 }))
    let userOffset = 1
    await scenario('login', async () => {
      const slice = users.slice(userOffset, userOffset + Math.ceil(perRun / 9))
      userOffset += slice.length
      const r = await loadWorker({ kind: 'login', port, connections: 10, users: slice }, tmp)
      sessions.push(...r.sessions)
      return r
    })
    await scenario('refresh', async () => {
      // Each simulated user needs its own session: log more in if the login runs left too few.
      const need = Math.ceil((durationS * 4000) / 55)
      if (sessions.length < need) {
        let spare = users.slice(userOffset)
        userOffset = users.length
        const missing = need - sessions.length
        if (spare.length * 9 < missing) spare = spare.concat(await createUsers(port, Math.ceil(missing / 9) - spare.length, nextAddress))
        const jobs = spare.flatMap((u) => Array.from({ length: 9 }, () => u)).slice(0, missing)
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            for (let u = jobs.pop(); u; u = jobs.pop()) sessions.push((await loginOnce(port, u, nextAddress())).refreshToken)
          }),
        )
      }
      const r = await loadWorker({ kind: 'refresh', port, connections: 10, sessions }, tmp)
      sessions = sessions.slice(r.sessionsUsed)
      return r
    })
    await scenario('hammer', async () => {
      const hammer = loadWorker({ kind: 'login-hammer', port, connections: 200, durationMs: (durationS + 2) * 1000 }, tmp)
      await sleep(1000)
      const meRun = await autocannon(`${url}/api/v1/auth/me`, { connections: 10, headers: auth })
      const h = await hammer
      return { ...meRun, loginsPerSec: h.reqPerSec, loginP99: h.p99, loginStatuses: h.statuses }
    })
  } finally {
    await stop(server)
    results.exitCode = server.exitCode
    if (dbName) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {})
  }
  return results
}

function meets(kind, s) {
  const t = targets[s.name]
  if (!t) return ''
  if (s.name === 'hammer') return `${s.reqPerSec > 0 && s.p99 <= t.p99 ? 'yes' : 'no'} (p99≤${t.p99})`
  const min = t[kind] ?? t.any
  if (min === undefined) return ''
  const ok = s.reqPerSec >= min && (t.p99 === undefined || s.p99 <= t.p99)
  return `${ok ? 'yes' : 'no'} (≥${min}${t.p99 ? `, p99≤${t.p99}` : ''})`
}

function meetsAsRatio(kind, s) {
  const t = targets[s.name]
  const min = t?.[kind] ?? t?.any
  if (!t || min === undefined || s.name === 'login' || s.name === 'hammer') return ''
  const ratio = min / ISSUE_CEILING
  const ok = s.ratio >= ratio && (t.p99 === undefined || s.p99 <= t.p99)
  return `${ok ? 'yes' : 'no'} (≥${ratio.toFixed(3)}×${t.p99 ? `, p99≤${t.p99}` : ''})`
}

async function main() {
  if (!existsSync(join(root, 'apps/api/dist/server.js')) || (workers && !existsSync(join(root, 'apps/api/dist/cluster.js')))) {
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
  const tmp = mkdtempSync(join(tmpdir(), 'bench-api-'))
  const pgUrl = dbChoice === 'pglite' ? undefined : await postgresServerUrl()
  if (dbChoice === 'postgres' && !pgUrl) throw new Error('no PostgreSQL server answers')
  const kinds = [...(dbChoice !== 'postgres' ? ['pglite'] : []), ...(pgUrl ? ['postgres'] : [])]
  const report = {
    startedAt: new Date().toISOString(),
    loadAverage: loadavg().map((l) => +l.toFixed(2)),
    runs,
    durationS,
    workers: workers ? Number(workers) : 1,
    databases: [],
  }
  try {
    const helloPort = await freePort()
    const hello = await helloServer(helloPort)
    process.stderr.write('[ceiling] node:http hello…\n')
    const ceiling = summarise('hello', await repeat(() => autocannon(`http://127.0.0.1:${helloPort}/`, { connections: 50 })))
    hello.kill()
    report.ceiling = ceiling
    for (const kind of kinds) report.databases.push(await benchDatabase(kind, pgUrl, tmp, ceiling.reqPerSec))
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  report.loadAverageAfter = loadavg().map((l) => +l.toFixed(2))

  const labels = {
    me: 'GET /auth/me (50 conns)',
    plans: 'GET /plans (50 conns)',
    login: 'POST /auth/email/login (10 conns)',
    refresh: 'POST /auth/refresh rotation (10 conns)',
    hammer: 'GET /auth/me (10) while 200 hammer login',
  }
  const rows = [
    [
      'scenario',
      'database',
      'req/s',
      'p99 ms',
      '× ceiling',
      'server cores',
      'req/s per core',
      'target met',
      `as ratio (issue's ceiling ${ISSUE_CEILING})`,
    ],
  ]
  rows.push(['node:http hello (50 conns)', '-', String(report.ceiling.reqPerSec), String(report.ceiling.p99), '1', '', '', '', ''])
  for (const db of report.databases) {
    for (const s of db.scenarios) {
      const extra = s.name === 'hammer' ? ` [login ${Math.round(median(s.runs.map((r) => r.loginsPerSec)))}/s]` : ''
      rows.push([
        labels[s.name] + extra,
        db.database,
        String(s.reqPerSec),
        String(s.p99),
        String(s.ratio),
        String(s.serverCores ?? ''),
        String(s.reqPerServerCore ?? ''),
        meets(db.database, s),
        meetsAsRatio(db.database, s),
      ])
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join(' | ')
  console.log(
    `\nAPI bench: ${runs} run(s) of ${durationS} s, median; ${report.workers} process(es); load average ${report.loadAverage.join(' ')} → ${report.loadAverageAfter.join(' ')}`,
  )
  console.log(line(rows[0]))
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const r of rows.slice(1)) console.log(line(r))
  for (const db of report.databases)
    console.log(`${db.database}: served ${db.startupMs} ms after start; exit code on SIGTERM ${db.exitCode}`)

  const outDir = join(root, 'bench/results')
  mkdirSync(outDir, { recursive: true })
  const file = join(outDir, `api-${report.startedAt.replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(report, null, 2))
  console.log(`\nwritten ${file.slice(root.length)}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
