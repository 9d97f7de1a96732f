import { spawn } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import tar from 'tar-stream'
import { nodeArgs, type Entry } from './server-build.ts'

export const apiDir = fileURLToPath(new URL('../..', import.meta.url))

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
  output: string
}

/** The commands the tests run, by their file in src/cli: each its run's bundle when built (server-build.ts), else tsx. */
const entries: Record<string, Entry> = {
  'backup.ts': 'cli/backup',
  'ledger-check.ts': 'cli/ledger-check',
  'admin-create.ts': 'admin-create',
}

/** Runs a command of src/cli with only the given environment on top of PATH/HOME. */
export function runCli(script: string, args: string[], env: Record<string, string>, timeoutMs = 180_000): Promise<CliRun> {
  const entry = entries[script]
  const command = entry ? nodeArgs(entry) : ['--import', 'tsx', `src/cli/${script}`]
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...command, ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', INIT_CWD: apiDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.once('close', (code) => resolve({ code, stdout, stderr, output: stdout + stderr }))
  })
}

/** A hash of every file (path, mode and bytes) under a directory: "byte for byte unchanged". */
export function hashTree(dir: string): string {
  const hash = createHash('sha256')
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name)
      const stat = statSync(path)
      hash.update(`${relative(dir, path)}\0${stat.mode}\0`)
      if (stat.isDirectory()) walk(path)
      else hash.update(readFileSync(path))
    }
  }
  walk(dir)
  return hash.digest('hex')
}

/** Every file and directory mode under a directory that is not 0600 / 0700. */
export function looseModes(dir: string): string[] {
  const loose: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      const stat = statSync(path)
      const mode = stat.mode & 0o777
      if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) loose.push(`${relative(dir, path)} ${mode.toString(8)}`)
      if (stat.isDirectory()) walk(path)
    }
  }
  walk(dir)
  return loose
}

/** Rows, constraints and indexes of a PostgreSQL database: "the same database" on PostgreSQL. */
export async function snapshotPostgres(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const tables = (
      await client.query<{ name: string }>(
        `select table_schema || '.' || table_name as name from information_schema.tables
          where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((r) => r.name)
    const rows: Record<string, string> = {}
    for (const t of tables) {
      const [schema, name] = t.split('.')
      const r = await client.query<{ n: number; h: string | null }>(
        `select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as h from "${schema}"."${name}" x`,
      )
      rows[t] = `${r.rows[0]!.n}:${r.rows[0]!.h}`
    }
    const constraints = (
      await client.query<{ c: string }>(
        `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as c from pg_constraint
          where connamespace in ('public'::regnamespace) order by 1`,
      )
    ).rows.map((r) => r.c)
    const indexes = (
      await client.query<{ i: string }>(`select indexdef as i from pg_indexes where schemaname in ('public', 'drizzle') order by 1`)
    ).rows.map((r) => r.i)
    return { rows, constraints, indexes }
  } finally {
    await client.end()
  }
}

/** A fresh database on the test server; `drop` removes it. */
export async function freshPostgres(serverUrl: string) {
  const name = `t_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

/** Copies a backup file with its manifest changed (the database part untouched). */
export async function withManifest(file: string, out: string, change: (manifest: Record<string, unknown>) => void) {
  const extract = tar.extract()
  const pack = tar.pack()
  const written = pipeline(pack, createWriteStream(out, { mode: 0o600 }))
  createReadStream(file).pipe(extract)
  for await (const entry of extract) {
    const chunks: Buffer[] = []
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk)
    let body = Buffer.concat(chunks)
    if (entry.header.name === 'manifest.json') {
      const manifest = JSON.parse(body.toString('utf8')) as Record<string, unknown>
      change(manifest)
      body = Buffer.from(JSON.stringify(manifest))
    }
    pack.entry({ name: entry.header.name, mode: 0o600 }, body)
  }
  pack.finalize()
  await written
}

/** A clear message for a person: at most two lines, no stack trace, no library source. */
export function isClearMessage(text: string) {
  const lines = text.trim().split('\n')
  return lines.length <= 2 && !/\n\s+at /.test(text) && !/node_modules|\.js:\d+/.test(text) && text.length < 600
}
