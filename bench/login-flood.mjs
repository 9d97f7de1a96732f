/* global Buffer */
// npm run bench:login-flood: does a flood of wrong-password logins starve the server? (issue 9, item 11)
//  1. starts the API (apps/api/dist/server.js when built, else the TypeScript source through tsx)
//     on a free port with a temp DATA_DIR; builds nothing;
//  2. registers one account through the API;
//  3. for --seconds (default 10) per phase, 200 concurrent clients (--concurrency) send wrong-password
//     logins, each from its own local address 127.x.y.z (a new address once one is rate-limited), so
//     that the per-address limits apply as they would to a botnet:
//       phase "one-account": every login names the registered account;
//       phase "many-accounts": every login names a different e-mail (the most argon2 work an
//       attacker can cause: every attempt is verified against a hash);
//  4. meanwhile a separate thread calls GET /api/v1/plans one request at a time and records latency;
//  5. prints p50/p99 of /plans (idle and under each flood), login req/s by status, and writes
//     bench/results/login-flood-<time>.json.
// Options: --seconds N, --concurrency N, --phase one-account|many-accounts, plus any env (e.g.
//   PASSWORD_HASH_CONCURRENCY=1, REDIS_URL=...) which is passed to the server.
// This is a benchmark, not a test: the figures depend on the machine.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { freePort, option as cliOption } from './lib/cli.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const option = (name, fallback) => cliOption(args, name, fallback)
const seconds = Number(option('seconds', 10))
const concurrency = Number(option('concurrency', 200))
const phases = option('phase', undefined) ? [option('phase')] : ['one-account', 'many-accounts']
const TARGET_P99_MS = 50

/** One request on a given agent; resolves with the status (0 on a network error). */
function request(agent, port, method, path, body) {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }))
      },
    )
    req.on('error', () => resolve({ status: 0, body: '' }))
    req.end(payload)
  })
}

async function waitForHealth(port, server) {
  const agent = new http.Agent()
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`)
    const res = await request(agent, port, 'GET', '/api/health')
    if (res.status === 200) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not become healthy in time')
}

// 127.1.0.1, 127.1.0.2, …: every one of them is this machine.
let addressCounter = 0
function nextAddress() {
  addressCounter += 1
  const n = addressCounter
  return `127.${1 + ((n >> 16) & 0x7f)}.${(n >> 8) & 255}.${n & 255 || 1}`
}

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
let running = true
parentPort.on('message', (m) => { if (m === 'stop') running = false })
const once = () => new Promise((resolve) => {
  const started = performance.now()
  const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/v1/plans', agent }, (res) => {
    res.resume()
    res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }))
  })
  req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }))
})
;(async () => {
  const samples = []
  while (running) {
    samples.push(await once())
    await new Promise((r) => setTimeout(r, 10))
  }
  parentPort.postMessage(samples)
})()
`

function startProbe(port) {
  const worker = new Worker(PROBE, { eval: true, workerData: { port } })
  return () =>
    new Promise((resolve) => {
      worker.once('message', (samples) => {
        void worker.terminate()
        resolve(samples)
      })
      worker.postMessage('stop')
    })
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null)
function summarise(samples) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b)
  const round = (v) => (v == null ? null : Math.round(v * 10) / 10)
  return {
    requests: samples.length,
    errors: samples.filter((s) => s.status !== 200).length,
    p50Ms: round(percentile(ms, 50)),
    p99Ms: round(percentile(ms, 99)),
    maxMs: round(ms.at(-1)),
  }
}

async function flood(port, phase, email) {
  const statuses = {}
  let total = 0
  let addressesUsed = 0
  const deadline = Date.now() + seconds * 1000
  const client = async () => {
    let agent
    let sent = 0
    const fresh = () => {
      agent?.destroy()
      agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: nextAddress() })
      addressesUsed += 1
      sent = 0
    }
    fresh()
    while (Date.now() < deadline) {
      const target = phase === 'one-account' ? email : `nobody-${randomUUID()}@example.com`
      const res = await request(agent, port, 'POST', '/api/v1/auth/email/login', { email: target, password: 'Wrong-password-1' })
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
      total += 1
      sent += 1
      // A rate-limited address is worth nothing to the attacker: move on to the next one.
      if (res.status === 429 || sent >= 30) fresh()
      if (res.status === 503) await new Promise((r) => setTimeout(r, 50))
    }
    agent.destroy()
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: concurrency }, client))
  const elapsed = (Date.now() - started) / 1000
  return { seconds: Math.round(elapsed * 10) / 10, logins: total, loginsPerSecond: Math.round(total / elapsed), statuses, addressesUsed }
}

async function main() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'login-flood-'))
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
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitForHealth(port, server)
    const email = `flood-${randomUUID().slice(0, 8)}@example.com`
    const setup = new http.Agent({ localAddress: '127.0.0.1' })
    const registered = await request(setup, port, 'POST', '/api/v1/auth/business/register', {
      email,
      password: 'Correct-password-1',
      firstName: 'Bench',
      lastName: 'Owner',
      businessName: 'Bench Gym',
      businessAddress: 'Av. Siempre Viva 742',
    })
    if (registered.status !== 200) throw new Error(`could not register the account: ${registered.status} ${registered.body}`)

    // Warm up (JIT, first argon2) then the idle latency.
    for (let i = 0; i < 20; i++) await request(setup, port, 'GET', '/api/v1/plans')
    let stop = startProbe(port)
    await new Promise((r) => setTimeout(r, 2_000))
    const idle = summarise(await stop())

    const results = []
    for (const phase of phases) {
      stop = startProbe(port)
      const load = await flood(port, phase, email)
      const plans = summarise(await stop())
      results.push({ phase, plans, login: load, meetsTarget: plans.p99Ms != null && plans.p99Ms < TARGET_P99_MS })
    }

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: `${availableParallelism()} × ${cpus()[0]?.model ?? 'unknown'}`,
      server: existsSync(built) ? 'apps/api/dist/server.js' : 'apps/api/src/server.ts (tsx)',
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      concurrency,
      secondsPerPhase: seconds,
      env: Object.fromEntries(
        ['PASSWORD_HASH_CONCURRENCY', 'PASSWORD_HASH_QUEUE_MAX', 'REDIS_URL', 'UV_THREADPOOL_SIZE']
          .filter((k) => process.env[k])
          .map((k) => [k, process.env[k]]),
      ),
      targetPlansP99Ms: TARGET_P99_MS,
      idle,
      results,
    }
    const dir = join(root, 'bench/results')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, `login-flood-${report.date.replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, JSON.stringify(report, null, 2))

    console.log(`\nGET /api/v1/plans idle: p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms (${idle.requests} requests)`)
    for (const r of results) {
      const s = Object.entries(r.login.statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')
      console.log(
        `${r.phase}: ${concurrency} clients, ${r.login.loginsPerSecond} logins/s (${s}; ${r.login.addressesUsed} addresses) · ` +
          `GET /plans p50 ${r.plans.p50Ms} ms, p99 ${r.plans.p99Ms} ms, max ${r.plans.maxMs} ms (${r.plans.requests} requests, ${r.plans.errors} errors) · ` +
          `target p99 < ${TARGET_P99_MS} ms: ${r.meetsTarget ? 'met' : 'MISSED'}`,
      )
    }
    console.log(`\nwritten ${file}`)
    process.exitCode = results.every((r) => r.meetsTarget) ? 0 : 1
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
