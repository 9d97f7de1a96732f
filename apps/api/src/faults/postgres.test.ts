import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '../testing/server-process.ts'
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts'
import { eventually, sleep, startWriters } from './writers.ts'

/**
 * Issue 34, PostgreSQL: the real server process behind a TCP proxy to the shared server, so that
 * only this test's connections freeze or vanish. Under writers: connections terminated
 * mid-transaction, a frozen database, an unreachable one; the process never exits, refusals are
 * 503 with a code and Retry-After, nothing waits past the deadline, writes resume by themselves,
 * and every acknowledged write is stored exactly once.
 */
const serverUrl = process.env.TEST_DATABASE_URL
const REQUEST_TIMEOUT_MS = 4_000

describe.skipIf(!serverUrl)('PostgreSQL faults under writers', () => {
  const name = `t_faults_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  let proxy: TcpProxy
  let server: ServerProcess
  let direct: pg.Client
  const admin = () => new pg.Client({ connectionString: serverUrl })

  beforeAll(async () => {
    const c = admin()
    await c.connect()
    await c.query(`CREATE DATABASE ${name}`)
    await c.end()
    const target = new URL(serverUrl!)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(serverUrl!)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    viaProxy.pathname = `/${name}`
    const directUrl = new URL(serverUrl!)
    directUrl.pathname = `/${name}`
    direct = new pg.Client({ connectionString: directUrl.toString() })
    await direct.connect()
    server = await startServer({
      env: {
        DATABASE_URL: viaProxy.toString(),
        DATABASE_POOL_MAX: '6',
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '1500',
        DATABASE_LOCK_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        RATE_LIMIT_MULTIPLIER: '10000',
      },
    })
  })

  afterAll(async () => {
    await server?.stop()
    await proxy?.close()
    await direct?.end().catch(() => {})
    const c = admin()
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })

  const alive = () => server.child.exitCode === null && server.child.signalCode === null
  const get = (path: string) => fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(10_000) })

  it('rides out a terminated transaction, a frozen and an unreachable database; every acknowledged write once', async () => {
    const writers = startWriters(server.url, 4)
    await eventually(async () => writers.seen(201) >= 10, 15_000, 'first writes')

    // 1. Connections lost mid-transaction: writers wait on a table lock inside their transaction
    //    and their backends are terminated (what a PostgreSQL restart does to them).
    await direct.query('BEGIN')
    await direct.query('LOCK TABLE access_requests IN EXCLUSIVE MODE')
    await eventually(
      async () =>
        (await direct.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [name]))
          .rows[0].n > 0,
      5_000,
      'writers waiting inside a transaction',
    )
    const before503 = writers.seen(503)
    const killed = await direct.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      [name],
    )
    expect(killed.rowCount).toBeGreaterThan(0)
    await direct.query('ROLLBACK')
    await eventually(async () => writers.seen(503) > before503, 5_000, '503 for the terminated transactions')
    expect(alive()).toBe(true)
    const afterKill = writers.seen(201)
    await eventually(async () => writers.seen(201) > afterKill + 5, 10_000, 'writes after the terminations')

    // 2. Frozen database: nothing answers, connections stay open.
    proxy.freeze()
    const frozenAt = Date.now()
    // Liveness does not ask the database; readiness says not ready.
    const health = await get('/api/health')
    expect(health.status).toBe(200)
    expect(Date.now() - frozenAt).toBeLessThan(1_000)
    const ready = await get('/api/ready')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ status: 'not-ready', database: 'down' })
    const frozen503 = writers.seen(503)
    await eventually(async () => writers.seen(503) > frozen503, REQUEST_TIMEOUT_MS + 2_000, '503 while frozen')
    await sleep(1_000)
    expect(alive()).toBe(true)
    await proxy.up()
    const thawed = writers.seen(201)
    await eventually(async () => writers.seen(201) > thawed + 3, 10_000, 'writes after the freeze')

    // 3. Unreachable: connections cut, new ones refused.
    await proxy.down()
    const down503 = writers.seen(503)
    await eventually(async () => writers.seen(503) > down503 + 3, 5_000, '503 while unreachable')
    expect((await get('/api/health')).status).toBe(200)
    expect(alive()).toBe(true)
    await proxy.up()
    const back = Date.now()
    const upAgain = writers.seen(201)
    await eventually(async () => writers.seen(201) > upAgain + 3, 10_000, 'writes after the database is back')
    const recoveredInMs = Date.now() - back

    await writers.finish()
    expect(alive()).toBe(true)
    expect((await get('/api/ready')).status).toBe(200)

    // Every operation was acknowledged in the end, and each is stored exactly once.
    const emails = [...writers.stats.operations.keys()]
    expect(emails.every((e) => writers.stats.operations.get(e)!.acked)).toBe(true)
    const stored = await direct.query<{ email: string; n: number }>(
      'select email, count(*)::int as n from access_requests where email = any($1) group by email',
      [emails],
    )
    const twice = stored.rows.filter((r) => r.n !== 1)
    expect(twice).toEqual([])
    expect(stored.rows.length).toBe(emails.length)

    // Refusals: only 503 (never 500), each with Retry-After and a code; nothing waited past the deadline.
    const statuses = Object.fromEntries(writers.stats.statuses)
    expect(Object.keys(statuses).filter((s) => !['201', '503', '409'].includes(s))).toEqual([])
    expect(writers.stats.badRefusals).toEqual([])
    expect(writers.stats.slowestMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500)

    // The log says what happened once per change, with no stack traces.
    const log = server.output()
    expect(log).toContain('database unreachable')
    expect(log).toContain('database back')
    expect(log).not.toMatch(/\n\s+at .+:\d+:\d+/)
    console.log(
      `faults (PostgreSQL): ${emails.length} operations, answers ${JSON.stringify(statuses)}, slowest ${writers.stats.slowestMs} ms, writes again ${recoveredInMs} ms after the database came back`,
    )
  }, 120_000)
})
