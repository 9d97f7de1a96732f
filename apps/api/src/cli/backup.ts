// npm run db:backup [-- --out FILE]   npm run db:restore -- FILE [--force]   npm run db:verify -- FILE
//
// A backup file is a tar holding manifest.json (format, release, schema level, time, row counts,
// checksum, signing-key fingerprint) and the database: the embedded database's tarball, or a
// pg_dump archive. Both kinds are verified before they count as written, and a restore either
// gives back the whole backup or changes nothing (docs/backups.md).
//
// Embedded database (DATA_DIR/pglite): while a server holds it, the backup is taken by that
// server between two queries (POST /api/ops/backup, plugins/ops.ts); a restore is refused then.
// PostgreSQL (DATABASE_URL): pg_dump / pg_restore + psql, in one transaction.
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { BackupError } from '../backup/errors.ts'
import { deploymentKeys, keysFingerprint } from '../backup/manifest.ts'
import { keysNote, restorePostgres, verifyBackupFile, type VerifyReport } from '../backup/operations.ts'
import { dumpStoppedEmbedded, restoreEmbedded, stamp, writeEmbeddedBackup, workDir } from '../backup/pglite.ts'
import { backupPostgres } from '../backup/postgres.ts'
import { ConfigError, type Config } from '../config.ts'
import { dataDirHolder, DataDirBusyError, restrictNewFiles } from '../data-dir.ts'
import { readServerFile } from '../plugins/ops.ts'
import { cliConfig } from './run.ts'

const usage = 'Usage: npm run db:backup [-- --out FILE] | npm run db:restore -- FILE [--force] | npm run db:verify -- FILE'
const cwd = process.env.INIT_CWD ?? process.cwd()
const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KiB`

/** Where backups go without --out: BACKUP_DIR, else DATA_DIR/backups (with DATABASE_URL only if DATA_DIR was set: never the checkout). */
function backupDir(config: Config): string {
  if (config.BACKUP_DIR) return resolve(cwd, config.BACKUP_DIR)
  if (config.DATABASE_URL && !process.env.DATA_DIR) {
    throw new BackupError('say where the backup goes: --out FILE, or set BACKUP_DIR (or DATA_DIR).')
  }
  return join(config.DATA_DIR, 'backups')
}

const currentKeys = (config: Config) => keysFingerprint(deploymentKeys(process.env, config.DATA_DIR))

function summary(report: VerifyReport) {
  const total = Object.values(report.rows).reduce((a, b) => a + b, 0)
  const made = report.manifest
    ? `taken ${report.manifest.createdAt} by release ${report.manifest.release}`
    : 'an old backup without manifest'
  return `${report.database === 'pglite' ? 'embedded' : 'PostgreSQL'} database, ${made}, schema ${report.level.tag ?? report.level.count}, ${total} rows in ${Object.keys(report.rows).length} tables (users: ${report.rows.users ?? 0})`
}

async function backup(config: Config, out: string | undefined) {
  const file = out
    ? resolve(cwd, out)
    : join(backupDir(config), `entrenapp-${config.DATABASE_URL ? 'postgres' : 'embedded'}-${stamp()}.tar`)
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another --out.`)
  const keys = currentKeys(config)
  if (config.DATABASE_URL) {
    const work = workDir(resolve(file, '..'), 'backup')
    try {
      const { manifest } = await backupPostgres(config.DATABASE_URL, file, work, keys)
      console.log(`PostgreSQL backup written and verified: ${file} (${kib(manifest.payload.bytes)}, ${manifest.rows.users ?? 0} users)`)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
    return
  }
  const holder = dataDirHolder(config.DATA_DIR)
  let dump: Blob
  let by = ''
  if (holder?.owner === 'server') {
    const server = readServerFile(config.DATA_DIR)
    if (!server || server.pid !== holder.pid)
      throw new BackupError(`the server (pid ${holder.pid}) is starting: try again in a few seconds.`)
    const res = await fetch(`${server.url}/api/ops/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      signal: AbortSignal.timeout(30 * 60_000),
    })
    if (!res.ok) throw new BackupError(`the running server (pid ${server.pid}) refused the backup: HTTP ${res.status}.`)
    dump = new Blob([await res.arrayBuffer()])
    by = ', taken by the running server'
  } else {
    if (holder) throw new DataDirBusyError(holder, config.DATA_DIR)
    dump = await dumpStoppedEmbedded(config.DATA_DIR, 'db:backup')
  }
  const taken = await writeEmbeddedBackup(dump, file, keys)
  console.log(`Embedded database backup written and verified${by}: ${file} (${kib(taken.bytes)}, ${taken.manifest.rows.users ?? 0} users)`)
}

async function restore(config: Config, file: string, force: boolean) {
  const keys = currentKeys(config)
  if (config.DATABASE_URL) {
    const keepDir = config.BACKUP_DIR ? resolve(cwd, config.BACKUP_DIR) : resolve(file, '..')
    const done = await restorePostgres(file, config.DATABASE_URL, { force, keepDir, keys })
    if (done.preRestoreBackup) console.log(`The database it replaced is kept in ${done.preRestoreBackup}`)
    console.log(`Restored ${file} into the PostgreSQL database of DATABASE_URL: ${summary(done)}.`)
    console.log(keysNote(done.manifest?.keys, keys))
    console.log('Start the server: it applies any newer migration of this release.')
    return
  }
  const done = await restoreEmbedded(file, config.DATA_DIR, force)
  if (done.movedAside) console.log(`The database it replaced was moved aside to ${done.movedAside}`)
  console.log(`Restored ${file} into ${join(config.DATA_DIR, 'pglite')}: ${summary({ ...done, database: 'pglite' })}.`)
  console.log(keysNote(done.manifest?.keys, keys))
  console.log('Start the server: it applies any newer migration of this release.')
}

async function main(): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`)
    return 2
  }
  const [command, fileArg] = parsed.positionals
  if (parsed.values.help || !['backup', 'restore', 'verify'].includes(command ?? '')) {
    console.log(usage)
    return parsed.values.help ? 0 : 2
  }
  // Every file written here is 0600 in 0700 directories.
  restrictNewFiles()
  const config = cliConfig()
  if (command === 'backup') {
    await backup(config, parsed.values.out)
    return 0
  }
  if (!fileArg) {
    console.error(`${command === 'restore' ? 'db:restore' : 'db:verify'} needs the backup FILE.\n${usage}`)
    return 2
  }
  const file = resolve(cwd, fileArg)
  if (command === 'verify') {
    const report = await verifyBackupFile(file)
    console.log(`${file} is a good backup: ${summary(report)}.`)
    if (!report.manifest) console.log('It has no manifest (made by an older release): only opening it could check it.')
    return 0
  }
  await restore(config, file, parsed.values.force ?? false)
  return 0
}

main().then(
  (code) => process.exit(code),
  (err) => {
    const known = err instanceof BackupError || err instanceof ConfigError || err instanceof DataDirBusyError
    console.error(known ? `${(err as Error).message}` : `failed: ${String((err as Error)?.message ?? err).split('\n')[0]}`)
    process.exit(1)
  },
)
