// npm run db:backup [-- --out FILE]      npm run db:restore -- FILE [--force]
//
// Embedded database (PGlite in DATA_DIR/pglite): a backup is a gzipped tarball of the data
// directory. While the server runs it is taken by the server itself between two queries
// (POST /api/ops/backup, see plugins/ops.ts), so it is consistent; when the server is stopped the
// command opens the directory itself. A restore writes a fresh DATA_DIR/pglite from the tarball
// (the server must be stopped; an existing database is kept aside only with --force).
//
// PostgreSQL (DATABASE_URL): pg_dump --format=custom and pg_restore --clean, when installed.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ConfigError, loadConfig } from '../config.ts'
import { serverFile, type ServerFile } from '../plugins/ops.ts'

const [command, ...rest] = process.argv.slice(2)
const flag = (name: string) => rest.includes(`--${name}`)
const option = (name: string) => {
  const i = rest.indexOf(`--${name}`)
  return i >= 0 ? rest[i + 1] : undefined
}
const cwd = process.env.INIT_CWD ?? process.cwd()
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function runningServer(dataDir: string): ServerFile | undefined {
  const file = serverFile(dataDir)
  if (!existsSync(file)) return undefined
  const server = JSON.parse(readFileSync(file, 'utf8')) as ServerFile
  try {
    process.kill(server.pid, 0)
    return server
  } catch {
    return undefined // left behind by a crash
  }
}

function pgTool(tool: string, args: string[]) {
  const res = spawnSync(tool, args, { stdio: 'inherit' })
  if (res.error) fail(`${tool} is not installed here: install the PostgreSQL client tools (docs/capacity.md, "Backups").`)
  if (res.status !== 0) process.exit(res.status ?? 1)
}

async function backup(config: ReturnType<typeof loadConfig>) {
  if (config.DATABASE_URL) {
    const out = resolve(cwd, option('out') ?? `backup-${stamp()}.dump`)
    pgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, config.DATABASE_URL])
    return console.log(`PostgreSQL backup written to ${out}`)
  }
  const out = resolve(cwd, option('out') ?? join(config.DATA_DIR, 'backups', `pglite-${stamp()}.tar.gz`))
  const server = runningServer(config.DATA_DIR)
  let bytes: Buffer
  if (server) {
    const res = await fetch(`${server.url}/api/ops/backup`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` } })
    if (!res.ok) fail(`the running server (pid ${server.pid}) refused the backup: ${res.status}`)
    bytes = Buffer.from(await res.arrayBuffer())
  } else {
    const dir = join(config.DATA_DIR, 'pglite')
    if (!existsSync(dir)) fail(`no embedded database in ${dir}`)
    const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } })
    await db.query('CHECKPOINT')
    bytes = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer())
    await db.close()
  }
  mkdirSync(resolve(out, '..'), { recursive: true })
  writeFileSync(out, bytes, { mode: 0o600 })
  console.log(
    `embedded database backup (${(bytes.length / 1024).toFixed(0)} KiB${server ? ', taken by the running server' : ''}) written to ${out}`,
  )
}

async function restore(config: ReturnType<typeof loadConfig>) {
  const file = rest.find((a) => !a.startsWith('--'))
  if (!file) fail('usage: npm run db:restore -- FILE [--force]')
  const input = resolve(cwd, file)
  if (!existsSync(input)) fail(`${input} does not exist`)
  if (config.DATABASE_URL) {
    pgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.DATABASE_URL}`, input])
    return console.log(`restored ${input} into the PostgreSQL database of DATABASE_URL`)
  }
  if (runningServer(config.DATA_DIR)) fail('the server is running on this DATA_DIR: stop it first')
  const dir = join(config.DATA_DIR, 'pglite')
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!flag('force')) fail(`${dir} already holds a database: add --force to move it aside and restore`)
    renameSync(dir, `${dir}.before-restore-${stamp()}`)
  }
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(input)]) })
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users')
  await db.close()
  console.log(`restored ${input} into ${dir} (${rows[0]?.n ?? 0} users)`)
}

try {
  const config = loadConfig()
  if (command === 'backup') await backup(config)
  else if (command === 'restore') await restore(config)
  else fail('usage: backup.js backup [--out FILE] | restore FILE [--force]')
} catch (err) {
  if (err instanceof ConfigError) fail(err.message)
  throw err
}
