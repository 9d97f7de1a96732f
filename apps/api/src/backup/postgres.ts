import { spawn } from 'node:child_process'
import { createReadStream, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import pg from 'pg'
import { digestFile, PAYLOAD_NAME, writeBackupFile } from './archive.ts'
import { BackupError, firstLine } from './errors.ts'
import {
  assertNotNewer,
  BACKUP_FORMAT,
  FORMAT_VERSION,
  levelOf,
  release,
  rowDifferences,
  type Manifest,
  type MigrationLevel,
} from './manifest.ts'
import { countRows, migrationLevel } from './pglite.ts'

/** The application_name of the server's connections (db/client.ts): a restore looks for them. */
export const SERVER_APPLICATION_NAME = 'entrenapp-server'
const TOOL_TIMEOUT_MS = 6 * 3600_000

/** libpq settings for the client tools: the password in the environment, never on a command line (ps shows those). */
function toolEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, dbname: parsed.toString() }
}

interface ToolRun {
  code: number | null
  stderr: string
}

/** Runs a PostgreSQL client tool; `onLine` reads its stdout line by line. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv, onLine?: (line: string) => void): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'pipe'], timeout: TOOL_TIMEOUT_MS })
    let stderr = ''
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)))
    if (onLine) createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', onLine)
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed here: install the PostgreSQL client tools (same major version as the server or newer).`,
            )
          : err,
      ),
    )
    child.once('close', (code) => resolve({ code, stderr }))
  })
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((l) => l.trim())
    .at(-1)
    ?.replace(/^\S+: /, '') ?? 'no message'

async function connect(url: string, owner: string) {
  const client = new pg.Client({ connectionString: url, application_name: `entrenapp-${owner}`, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (err) {
    throw new BackupError(`cannot connect to the PostgreSQL database of DATABASE_URL (${firstLine(err)}).`)
  }
  return client
}

/**
 * A backup of the PostgreSQL database: pg_dump of a snapshot exported by a repeatable-read
 * transaction that also counts the rows, so the manifest describes exactly what the dump holds.
 * The dump is then read in full (pg_restore) before the file counts as verified.
 */
export async function backupPostgres(url: string, out: string, work: string, keys: string | null, owner = 'db:backup') {
  const client = await connect(url, owner)
  const payloadPath = join(work, PAYLOAD_NAME.postgres)
  let rows: Record<string, number>
  let level: MigrationLevel
  try {
    await client.query('begin isolation level repeatable read read only')
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id
    const query = (sql: string) => client.query(sql)
    level = await migrationLevel(query)
    rows = await countRows(query)
    const { env, dbname } = toolEnv(url)
    const dumped = await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${payloadPath}`, `--dbname=${dbname}`],
      env,
    )
    if (dumped.code !== 0) throw new BackupError(`pg_dump failed: ${lastLine(dumped.stderr)}`)
    await client.query('commit')
  } finally {
    await client.end().catch(() => {})
  }
  const { sha256, bytes } = await digestFile(payloadPath)
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    formatVersion: FORMAT_VERSION,
    database: 'postgres',
    release: release(),
    migration: level,
    createdAt: new Date().toISOString(),
    rows,
    payload: { name: PAYLOAD_NAME.postgres, bytes, sha256 },
    keys,
  }
  await readArchive(payloadPath, 'the new backup', manifest)
  await writeBackupFile(out, manifest, payloadPath)
  return { file: out, manifest }
}

/**
 * Reads a pg_dump archive in full: its table of contents (pg_restore --list), then every byte of
 * it as the SQL script a restore runs (written to `sqlOut` when given), counting the rows of each
 * table and reading the schema level from the migrations table's data.
 */
export async function readArchive(payloadPath: string, file: string, manifest: Manifest | null, sqlOut?: string) {
  const listed = await runTool('pg_restore', ['--list', payloadPath], process.env)
  if (listed.code !== 0)
    throw new BackupError(`${file} is not a readable PostgreSQL archive (${lastLine(listed.stderr)}). Use another backup.`)
  const counter = new ScriptCounter()
  // With sqlOut pg_restore writes the script itself (the disk sets the pace), then it is counted from there.
  const read = await runTool(
    'pg_restore',
    ['--no-owner', `--file=${sqlOut ?? '-'}`, payloadPath],
    process.env,
    sqlOut ? undefined : (l) => counter.line(l),
  )
  if (read.code === 0 && sqlOut) {
    for await (const line of createInterface({ input: createReadStream(sqlOut), crlfDelay: Infinity })) counter.line(line)
  }
  const { rows, migrations } = counter
  if (read.code !== 0) throw new BackupError(`${file} is cut short or damaged (${lastLine(read.stderr)}). Use another backup.`)
  if (!migrations.length) throw new BackupError(`${file} holds a database without this product's tables. Use another backup.`)
  const level = levelOf({ count: migrations.length, when: Math.max(...migrations) })
  assertNotNewer(level, file)
  if (manifest) {
    // Tables without rows have no COPY block when empty dumps skip them; count them as 0.
    for (const name of Object.keys(manifest.rows)) rows[name] ??= 0
    const diff = rowDifferences(manifest.rows, rows)
    if (diff.length)
      throw new BackupError(`${file} does not hold the rows its manifest lists (${diff.slice(0, 3).join('; ')}). Use another backup.`)
  }
  return { rows, level }
}

/** Counts the rows of each table's COPY block in a pg_restore script, and the migrations' `created_at`. */
class ScriptCounter {
  rows: Record<string, number> = {}
  migrations: number[] = []
  private table: string | null = null
  private whenColumn = -1

  line(line: string) {
    if (this.table === null) {
      const copy = /^COPY (\S+) \((.*)\) FROM stdin;$/.exec(line)
      if (!copy) return
      this.table = copy[1]!
      if (this.table.startsWith('public.')) this.rows[this.name()] = 0
      this.whenColumn = copy[2]!.split(', ').indexOf('created_at')
      return
    }
    if (line === '\\.') this.table = null
    else if (this.table.startsWith('public.')) this.rows[this.name()]! += 1
    else if (this.table === 'drizzle.__drizzle_migrations') this.migrations.push(Number(line.split('\t')[this.whenColumn]))
  }

  private name() {
    return this.table!.slice('public.'.length).replaceAll('"', '')
  }
}

/** What stands in the way of a restore into this database: a running server, or data without --force. */
export async function restoreTargetState(url: string) {
  const client = await connect(url, 'db:restore')
  try {
    const servers = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [SERVER_APPLICATION_NAME],
    )
    const holds = await client.query<{ ok: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null
          or exists (select 1 from information_schema.tables where table_schema = 'public') as ok`,
    )
    return { serverConnections: servers.rows[0]!.n, holdsData: holds.rows[0]!.ok }
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Restores a checked SQL script (from readArchive) in one transaction: the product's schemas are
 * dropped and rebuilt inside it, so an error anywhere rolls everything back and the database is
 * left as it was. Needs the role that owns the database (it drops and creates schema public).
 */
export async function applyScript(url: string, sqlPath: string, work: string) {
  const prelude = join(work, 'prelude.sql')
  writeFileSync(prelude, 'DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n', {
    mode: 0o600,
  })
  const { env, dbname } = toolEnv(url)
  const run = await runTool(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${dbname}`, '-f', prelude, '-f', sqlPath],
    { ...env, PGAPPNAME: 'entrenapp-db:restore', PGOPTIONS: '-c client_min_messages=warning' },
    () => {},
  )
  if (run.code !== 0) throw new BackupError(`the restore failed and was rolled back, nothing was changed: ${lastLine(run.stderr)}`)
}

export { assertNotNewer }
