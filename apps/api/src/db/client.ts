import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { lockDataDir, secureDataDir } from '../data-dir.ts'
import { loadExerciseLibrary } from './exercise-library.ts'
import { databaseFault } from './faults.ts'
import { createMonitor, type Monitor } from './monitor.ts'
import * as schema from './schema.ts'
import { formatMb, freeBytesOf, openStorage, type StatFs, type Storage } from './storage.ts'
import { hookTransactions } from './transaction-hooks.ts'

/**
 * Extensions every embedded database loads (the migrations create them): pg_trgm for the leads
 * search (decision 070); unaccent and btree_gist for trainer search and the no-double-booking
 * constraint (migration 0006, decisions 141/142).
 */
export const pgliteExtensions = { pg_trgm, unaccent, btree_gist }

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>
/** A transaction or the database itself: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The connection string (PostgreSQL), for LISTEN connections outside the pool. */
  url?: string
  ping(): Promise<void>
  close(): Promise<void>
  /** "database unreachable" / "database back" (db/monitor.ts). */
  monitor: Monitor
  /** Free space against the reserve (embedded database on disk only). */
  storage?: Storage
  /** Connection pool use (PostgreSQL), for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number }
  /** A consistent tarball (gzipped by default) of the embedded database, taken between queries (PGlite). */
  dump?(compression?: 'gzip' | 'none'): Promise<Blob>
}

// src/db/client.ts (tsx, vitest) and dist/server.js (bundled) sit at different depths below apps/api.
export const migrationsFolder = [new URL('../../drizzle', import.meta.url), new URL('../drizzle', import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => existsSync(join(dir, 'meta', '_journal.json')))!

export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number
  /** Server-side statement_timeout; the client gives up on an unanswered query 1 s later. */
  statementMs: number
  lockMs: number
  idleInTransactionMs: number
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 3_000, statementMs: 5_000, lockMs: 2_000, idleInTransactionMs: 10_000 }

export interface DatabaseOptions {
  url?: string
  dataDir?: string
  inMemory?: boolean
  poolMax?: number
  /** PGlite: start from this dump instead of an empty database (tests copy a migrated template). */
  loadDataDir?: Blob
  /**
   * PGlite: its shared buffers in MB (PostgreSQL's default 128). A test's small in-memory copy needs
   * few; each buffer page it touches is fresh memory, paid again by every test file.
   */
  sharedBuffersMb?: number
  timeouts?: Partial<DatabaseTimeouts>
  /** Seconds to keep retrying an unreachable database (or a full disk) at start-up; default 0. */
  startWaitSeconds?: number
  /** Told once per failed start-up attempt (default: stderr). */
  onWaiting?: (line: string) => void
  /** Embedded database: refuse writes below this much free space (0: no reserve). */
  diskReserveBytes?: number
  /** Tests inject a disk that fills up. */
  statfs?: StatFs
  /** Who opens it: 'server' (default) or a command's name; the lock and application_name say so. */
  owner?: string
}

/** Start-up failed for a reason one line explains (no stack): server.ts prints `message` and exits. */
export class DatabaseStartError extends Error {
  constructor(
    message: string,
    /** Worth starting again later (an outage), as opposed to a wrong setting. */
    public readonly transient: boolean,
  ) {
    super(message)
  }
}

/** postgres://user@host:5432/db without the password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url)
    u.password = ''
    return u.toString().replace(/:@/, '@')
  } catch {
    return 'DATABASE_URL (unparseable)'
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Retries `attempt` with backoff (0.5 s → 15 s) while its failure is transient and time is left. */
async function withStartRetry<T>(
  what: string,
  opts: DatabaseOptions,
  attempt: () => Promise<T>,
  transient: (err: unknown) => string | undefined,
): Promise<T> {
  const waitMs = (opts.startWaitSeconds ?? 0) * 1000
  const started = Date.now()
  const say = opts.onWaiting ?? ((line: string) => console.error(line))
  for (let delay = 500; ; delay = Math.min(delay * 2, 15_000)) {
    try {
      return await attempt()
    } catch (err) {
      const reason = transient(err)
      if (reason === undefined) throw err
      const left = waitMs - (Date.now() - started)
      if (left <= 0) throw new DatabaseStartError(`${what}: ${reason}`, true)
      const next = Math.min(delay, left)
      say(`${what}: ${reason}; retrying in ${Math.max(1, Math.round(next / 1000))} s`)
      await sleep(next)
    }
  }
}

function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: Array<{ code?: string }> }
  // AggregateError (IPv4 and IPv6 both refused) carries the code on its parts.
  const code = e.code ?? e.errors?.[0]?.code
  const message = (e.message || '').split('\n')[0]!
  return code && !message.includes(code) ? `${code} ${message}`.trim() : message || String(err)
}

/**
 * node-postgres leaves a client whose query timed out (a frozen server) busy with that query: the
 * next query (the ROLLBACK) would wait for it too. Closing the socket fails everything queued on
 * it at once, and the pool drops the client when it is released.
 */
class GuardedClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1]
    const destroyOnTimeout = (err: unknown) => {
      if (err instanceof Error && err.message === 'Query read timeout') {
        ;(this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
      }
    }
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        destroyOnTimeout(err)
        last(err, res)
      }
      return (super.query as (...a: unknown[]) => unknown)(...args)
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args)
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).catch((err: unknown) => {
        destroyOnTimeout(err)
        throw err
      })
    }
    return result
  }
}

async function openPostgres(opts: DatabaseOptions & { url: string }): Promise<Database> {
  const t = { ...DEFAULT_TIMEOUTS, ...opts.timeouts }
  const max = opts.poolMax ?? 10
  const pool = new pg.Pool({
    connectionString: opts.url,
    max,
    // db:restore refuses while a server of this deployment is connected (pg_stat_activity).
    application_name: `entrenapp-${opts.owner ?? 'server'}`,
    Client: GuardedClient,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    // The server cannot cancel a statement while it is stopped or unreachable: give up ourselves.
    query_timeout: t.statementMs + 1_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // JIT compilation pays off for long analytic queries, not for this OLTP workload: it cost about
    // 0.85 s per operator money summary on a large ledger (issue 30). Off once, per connection.
    options: '-c jit=off',
  })
  const monitor = createMonitor({
    downMessage: 'database unreachable',
    upMessage: 'database back',
    probe: () => pool.query('select 1'),
  })
  // Every client, idle in the pool or checked out (inside a transaction), has a listener: a lost
  // connection fails the query using it (503) and never the process (issue 34).
  pool.on('error', (err) => monitor.down(reasonOf(err)))
  pool.on('connect', (client) => {
    client.on('error', (err) => monitor.down(reasonOf(err)))
  })
  const db = drizzlePg(pool, { schema }) as unknown as Db
  hookTransactions(db)
  const where = `PostgreSQL at ${describeUrl(opts.url)} (DATABASE_URL)`
  const unreachable = (err: unknown) => {
    const fault = databaseFault(err)
    return fault === 'unavailable' || fault === 'timeout' ? `cannot reach ${where}: ${reasonOf(err)}` : undefined
  }
  try {
    // Several processes may start at once (cluster, rolling deploy): one migrates, the others wait.
    await withStartRetry(
      'database',
      opts,
      async () => {
        const lock = await pool.connect()
        try {
          await lock.query('select pg_advisory_lock(724311)')
          await migratePg(db as never, { migrationsFolder })
          await loadExerciseLibrary(db)
        } finally {
          await lock.query('select pg_advisory_unlock(724311)').catch(() => {})
          lock.release()
        }
      },
      unreachable,
    )
  } catch (err) {
    await pool.end().catch(() => {})
    if (err instanceof DatabaseStartError) throw err
    // A wrong password, a database that does not exist: say so in one line, naming the setting.
    const code = (err as { code?: string }).code
    if (code === '28P01' || code === '28000' || code === '3D000')
      throw new DatabaseStartError(`database: ${where} refused us: ${reasonOf(err)}`, false)
    throw err
  }
  return {
    db,
    kind: 'postgres',
    url: opts.url,
    monitor,
    ping: async () => void (await pool.query('select 1')),
    close: async () => {
      monitor.stop()
      await pool.end()
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  }
}

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  const dataDir = opts.dataDir ?? './data'
  // One process owns the embedded database (issue 23): refused while another one holds it.
  const unlock = opts.inMemory ? () => {} : lockDataDir(dataDir, opts.owner ?? 'server')
  try {
    return await openPgliteLocked(opts, dataDir, unlock)
  } catch (err) {
    unlock()
    throw err
  }
}

async function openPgliteLocked(opts: DatabaseOptions, dataDir: string, unlock: () => void): Promise<Database> {
  let dir: string | undefined
  let storage: Storage | undefined
  if (!opts.inMemory) {
    dir = join(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const reserve = opts.diskReserveBytes ?? 0
    // PGlite on a full disk fails with "PGlite failed to initialize properly" or wedges: check first.
    await withStartRetry(
      'database',
      opts,
      async () => {
        const free = await freeBytesOf(dir!, opts.statfs)
        if (free < reserve) throw Object.assign(new Error('low'), { free })
      },
      (err) => {
        const free = (err as { free?: number }).free
        return free === undefined
          ? undefined
          : `no space left in DATA_DIR (${dataDir}): ${formatMb(free)} free, the embedded database needs ${formatMb(reserve)} (DISK_RESERVE_MB)`
      },
    )
    storage = await openStorage(dir, reserve, opts.statfs)
  }
  let client: PGlite
  try {
    client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      loadDataDir: opts.loadDataDir,
      extensions: pgliteExtensions,
      ...(opts.sharedBuffersMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffersMb}MB`] } : {}),
    })
  } catch (err) {
    storage?.stop()
    if (dir && storage && (await freeBytesOf(dir, opts.statfs).catch(() => Infinity)) < Math.max(storage.reserveBytes, 1))
      throw new DatabaseStartError(`database: no space left in DATA_DIR (${dataDir})`, true)
    throw err
  }
  const db = drizzlePglite(client, { schema })
  hookTransactions(db)
  await migratePglite(db, { migrationsFolder })
  await loadExerciseLibrary(db)
  // PGlite writes its initial files world-writable (0666); only this user may read the database.
  if (!opts.inMemory) secureDataDir(dataDir)
  const monitor = createMonitor({
    downMessage: 'database unreachable',
    upMessage: 'database back',
    probe: () => client.query('select 1'),
  })
  return {
    db,
    kind: 'pglite',
    monitor,
    ...(storage ? { storage } : {}),
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      monitor.stop()
      storage?.stop()
      await client.close().finally(unlock)
    },
    dump: async (compression = 'gzip') => {
      await client.query('CHECKPOINT')
      return client.dumpDataDir(compression)
    },
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres({ ...opts, url: opts.url }) : openPglite(opts)
}
