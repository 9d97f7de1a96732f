import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { nodeArgs, type Entry } from '../testing/server-build.ts'
import { freePort, startServer, type ServerProcess } from '../testing/server-process.ts'
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts'
import { eventually, sleep } from './writers.ts'

const apiDir = fileURLToPath(new URL('../..', import.meta.url))
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisAnswers = async () => {
  const { Redis } = await import('ioredis')
  const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null })
  r.on('error', () => {})
  try {
    await r.connect()
    return (await r.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}

/** Runs `entry` (its bundle, else its source through tsx) with `env` and collects its output until it exits or `until` matches. */
function run(entry: Entry, env: Record<string, string>, timeoutMs = 60_000) {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-start-'))
  const child = spawn(process.execPath, nodeArgs(entry), {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d))
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      rmSync(dataDir, { recursive: true, force: true })
      resolve(code)
    }),
  )
  return { child, exited, output: () => output }
}

// Each runs once: the start-up test in the PGlite pass, the others in the PostgreSQL pass (a
// server process on PostgreSQL starts in a second or two; the supervisor and Redis do not
// depend on the database's kind).
const onPostgres = !!process.env.TEST_DATABASE_URL

async function freshDatabase() {
  const { default: pg } = await import('pg')
  const name = `t_sup_${Date.now()}_${process.pid}`
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await c.connect()
  await c.query(`CREATE DATABASE ${name}`)
  await c.end()
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await d.connect()
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await d.end()
    },
  }
}

describe.skipIf(onPostgres)('start-up with the database down', () => {
  it('names the database and DATABASE_URL, retries with backoff, and exits with one line when told to stop waiting', async () => {
    const port = await freePort()
    const started = Date.now()
    const server = run(
      'supervisor',
      {
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/entrenapp`,
        DATABASE_START_WAIT: '2',
      },
      100_000,
    )
    const code = await server.exited
    const out = server.output()
    expect(code).toBe(78)
    expect(out).toContain(`cannot reach PostgreSQL at postgres://app@127.0.0.1:${port}/entrenapp (DATABASE_URL)`)
    expect(out).toMatch(/retrying in \d+ s/)
    expect(out).not.toContain('hunter2')
    expect(out).not.toMatch(/\n\s+at .+:\d+:\d+/)
    // The supervisor does not restart a process told not to wait.
    expect(out).toContain('not restarting')
    // Without DATABASE_START_WAIT it waits forever: any bound shows it stopped (the tsx start-up alone took 38 s at load 18).
    expect(Date.now() - started).toBeLessThan(100_000)
  }, 120_000)
})

describe.skipIf(!onPostgres)('the supervisor behind npm start', () => {
  let server: ReturnType<typeof run> | undefined
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined
  afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
    await database?.drop()
  })

  it('restarts a server process that exits, and one that stops answering (a wedged embedded database)', async () => {
    const port = await freePort()
    database = await freshDatabase()
    server = run('supervisor', { PORT: String(port), DATABASE_URL: database.url, SUPERVISOR_HEARTBEAT_TIMEOUT_MS: '2000' }, 150_000)
    const url = `http://127.0.0.1:${port}`
    // How many server processes have started listening so far (each prints its banner).
    const childPid = () => [...server!.output().matchAll(/ {2}Listening /g)].length
    await eventually(async () => childPid() === 1 && (await fetch(`${url}/api/health`)).ok, 60_000, 'the first server')

    // Stopped (SIGSTOP: no heartbeat, no answer, like a wedged PGlite that ignores SIGTERM).
    const { execSync } = await import('node:child_process')
    // The supervisor's node child (tsx also gives it an esbuild child).
    const serverPid = () => Number(execSync(`pgrep -x node -P ${server!.child.pid}`).toString().trim().split('\n')[0])
    const first = serverPid()
    process.kill(first, 'SIGSTOP')
    await eventually(async () => childPid() === 2, 60_000, 'a restarted server after a missed heartbeat')
    expect(server.output()).toMatch(new RegExp(`supervisor: server process ${first} stopped answering`))
    expect((await fetch(`${url}/api/health`)).status).toBe(200)

    // Exits (kill -9).
    const second = serverPid()
    expect(second).not.toBe(first)
    process.kill(second, 'SIGKILL')
    await eventually(async () => childPid() === 3, 60_000, 'a restarted server after an exit')
    expect(server.output()).toMatch(new RegExp(`supervisor: server process ${second} exited \\(SIGKILL\\); restarting in`))
    expect((await fetch(`${url}/api/health`)).status).toBe(200)

    // SIGTERM to the supervisor stops the server for good.
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    await sleep(200)
    await expect(fetch(`${url}/api/health`)).rejects.toThrow()
  }, 180_000)
})

describe.skipIf(!onPostgres || !(await redisAnswers()))('Redis gone', () => {
  let proxy: TcpProxy
  let server: ServerProcess
  afterAll(async () => {
    await server?.stop()
    await proxy?.close()
  })

  it('every request still served, readiness degraded (not unready), and Redis comes back by itself', async () => {
    const target = new URL(redisUrl)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) })
    server = await startServer({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_MULTIPLIER: '1000' } })
    const ready = async () => (await fetch(`${server.url}/api/ready`)).json() as Promise<{ status: string; redis: string }>
    await eventually(async () => (await ready()).redis === 'up', 10_000, 'redis up')

    await proxy.down()
    const res = await fetch(`${server.url}/api/ready`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'degraded', redis: 'down', database: 'up' })
    // Writes and sign-in keep working (rate limits counted in memory meanwhile).
    const email = `redis-${Date.now()}@example.com`
    const registered = await fetch(`${server.url}/api/v1/auth/business/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `reg-${email}` },
      body: JSON.stringify({
        email,
        password: 'secret1',
        firstName: 'Re',
        lastName: 'Dis',
        businessName: 'Gimnasio',
        businessAddress: 'Av. 1',
        businessPhone: '',
        businessWebsite: '',
      }),
    })
    expect(registered.status).toBe(200)
    const login = await fetch(`${server.url}/api/v1/auth/business/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret1' }),
    })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    expect((await fetch(`${server.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)

    await proxy.up()
    await eventually(async () => (await ready()).status === 'ready', 15_000, 'redis back')
    expect(server.child.exitCode).toBeNull()
  }, 120_000)
})
