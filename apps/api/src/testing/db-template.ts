// Migrated databases to copy, so that test files and spawned servers do not each migrate from
// scratch (decision 100). PGlite: one migrated data directory and its dump, cached under
// node_modules/.cache and keyed by everything that shapes them. PostgreSQL: one template database
// per test run (global-setup.ts), copied with CREATE DATABASE … TEMPLATE.
import { createHash, randomUUID } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrationsFolder, openDatabase } from '../db/client.ts'

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))
const cacheRoot = join(repoRoot, 'node_modules', '.cache', 'db-template')

/** Changes whenever the migrations, the database client or the PGlite version change. */
function templateKey(): string {
  const hash = createHash('sha256')
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.sql') || f.endsWith('_journal.json'))
    .sort()
  for (const file of files) hash.update(file).update(readFileSync(join(migrationsFolder, file)))
  hash.update(readFileSync(fileURLToPath(new URL('../db/client.ts', import.meta.url))))
  hash.update(pgliteVersion())
  return hash.digest('hex').slice(0, 16)
}

function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
}

export interface PgliteTemplate {
  /** A migrated PGlite data directory (what DATA_DIR/pglite holds), closed cleanly. */
  dataDir: string
  /** The same database as an uncompressed dump, for `openDatabase({ inMemory, loadDataDir })`. */
  dump: string
}

/** The migrated PGlite template, built on first use (about 5 CPU-seconds) and cached on disk. */
export function pgliteTemplate(): Promise<PgliteTemplate> {
  const dir = join(cacheRoot, `pglite-${templateKey()}`)
  const template = { dataDir: join(dir, 'pglite'), dump: join(dir, 'dump.tar') }
  if (existsSync(template.dump)) return Promise.resolve(template)
  // One build per process, however many callers ask at once.
  const builds = ((globalThis as { pgliteTemplateBuilds?: Map<string, Promise<PgliteTemplate>> }).pgliteTemplateBuilds ??= new Map())
  if (!builds.has(dir))
    builds.set(
      dir,
      buildPgliteTemplate(dir).then(() => template),
    )
  return builds.get(dir)!
}

async function buildPgliteTemplate(dir: string) {
  mkdirSync(cacheRoot, { recursive: true })
  // Built aside and renamed into place: a concurrent run never sees half a template.
  const building = `${dir}.${process.pid}-${randomUUID().slice(0, 8)}`
  const database = await openDatabase({ dataDir: building })
  try {
    const dump = await database.dump!('none')
    writeFileSync(join(building, 'dump.tar'), Buffer.from(await dump.arrayBuffer()))
  } finally {
    await database.close()
  }
  try {
    renameSync(building, dir)
  } catch {
    rmSync(building, { recursive: true, force: true }) // another run finished first
  }
  for (const old of readdirSync(cacheRoot)) {
    if (old.startsWith('pglite-') && join(cacheRoot, old) !== dir && !old.includes('.'))
      rmSync(join(cacheRoot, old), { recursive: true, force: true })
  }
}

/** The template's dump as a Blob, ready for `openDatabase({ inMemory: true, loadDataDir })`. */
export async function pgliteTemplateDump(): Promise<Blob> {
  return new Blob([readFileSync((await pgliteTemplate()).dump)])
}

/** Puts a migrated embedded database into DATA_DIR (as if a server had run there once). */
export async function seedDataDir(dataDir: string): Promise<void> {
  const { dataDir: source } = await pgliteTemplate()
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  cpSync(source, join(dataDir, 'pglite'), { recursive: true })
}

/** The environment variable by which global-setup.ts names this run's PostgreSQL template. */
export const PG_TEMPLATE_ENV = 'TEST_PG_TEMPLATE'

const withUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates and migrates a template database on the server of `serverUrl`; drop() removes it. */
export async function createPgTemplate(serverUrl: string) {
  const name = `tpl_${randomUUID().replaceAll('-', '').slice(0, 20)}`
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`))
  // Migrated beside the PGlite template, whose WebAssembly holds this process's event loop for
  // seconds at a time (global-setup.ts): the server must not end the migration's transaction as
  // idle, nor its statements as slow, while it waits.
  const database = await openDatabase({
    url: withUrl(serverUrl, name),
    poolMax: 2,
    timeouts: { connectMs: 30_000, statementMs: 120_000, lockMs: 60_000, idleInTransactionMs: 300_000 },
  })
  await database.close() // a template must have no connections while it is copied
  return { name, drop: () => admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}) }
}

export interface TestDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/**
 * A new database on the PostgreSQL server of `serverUrl`: a copy of this run's migrated template
 * when there is one, else empty (whoever opens it migrates it).
 */
export async function createTestDatabase(serverUrl: string, opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${randomUUID().replaceAll('-', '')}`
  const template = opts.migrated === false ? undefined : process.env[PG_TEMPLATE_ENV]
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`))
  return {
    name,
    url: withUrl(serverUrl, name),
    drop: () => admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  }
}
