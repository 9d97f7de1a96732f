import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { lockDataDir, secureDataDir } from '../data-dir.ts'
import * as schema from './schema.ts'

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
  /** Connection pool use (PostgreSQL), for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number }
  /** A consistent gzipped tarball of the embedded database, taken between queries (PGlite). */
  dump?(): Promise<Blob>
}

// src/db/client.ts (tsx, vitest) and dist/server.js (bundled) sit at different depths below apps/api.
export const migrationsFolder = [new URL('../../drizzle', import.meta.url), new URL('../drizzle', import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => existsSync(join(dir, 'meta', '_journal.json')))!

export interface DatabaseOptions {
  url?: string
  dataDir?: string
  inMemory?: boolean
  poolMax?: number
  /** Who opens it: 'server' (default) or a command's name; the lock and application_name say so. */
  owner?: string
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // application_name: db:restore refuses while a server of this deployment is connected.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      application_name: `entrenapp-${opts.owner ?? 'server'}`,
    })
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('database pool: idle client error:', err.message))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    // Several processes may start at once (cluster, rolling deploy): one migrates, the others wait.
    const lock = await pool.connect()
    try {
      await lock.query('select pg_advisory_lock(724311)')
      await migratePg(db as never, { migrationsFolder })
    } finally {
      await lock.query('select pg_advisory_unlock(724311)').catch(() => {})
      lock.release()
    }
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.poolMax ?? 10 }),
    }
  }
  let dir: string | undefined
  // One process owns the embedded database (issue 23): refused while another one holds it.
  const unlock = opts.inMemory ? () => {} : lockDataDir(opts.dataDir ?? './data', opts.owner ?? 'server')
  if (!opts.inMemory) {
    dir = join(opts.dataDir ?? './data', 'pglite')
    mkdirSync(dir, { recursive: true, mode: 0o700 })
  }
  // pg_trgm: the leads search index (migration 0003, decision 070).
  const client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } }).catch((err) => {
    unlock()
    throw err
  })
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  // PGlite writes its initial files world-writable (0666); only this user may read the database.
  if (!opts.inMemory) secureDataDir(opts.dataDir ?? './data')
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close().finally(unlock),
    dump: async () => {
      await client.query('CHECKPOINT')
      return client.dumpDataDir('gzip')
    },
  }
}
