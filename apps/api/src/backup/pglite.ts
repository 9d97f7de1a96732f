import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '../db/client.ts'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { lockDataDir, secureDataDir } from '../data-dir.ts'
import { openBackupFile, PAYLOAD_NAME, writeBackupFile, digestFile } from './archive.ts'
import { BackupError, firstLine } from './errors.ts'
import {
  assertNotNewer,
  BACKUP_FORMAT,
  FORMAT_VERSION,
  LEVEL_SQL,
  levelOf,
  release,
  rowDifferences,
  type Manifest,
  type MigrationLevel,
} from './manifest.ts'

export const stamp = (d = new Date()) => d.toISOString().replace(/[:.]/g, '-')

const TABLES_SQL = `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`

/** Row counts of every table of the public schema, in one statement (one snapshot). */
export async function countRows(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const tables = (await query(TABLES_SQL)).rows.map((r) => String(r.name))
  if (!tables.length) return {}
  const sql = tables.map((t) => `select '${t}' as name, count(*)::int as n from public."${t.replaceAll('"', '""')}"`).join(' union all ')
  const counted = (await query(sql)).rows
  return Object.fromEntries(counted.map((r) => [String(r.name), Number(r.n)]))
}

export async function migrationLevel(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<MigrationLevel> {
  const exists = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`)).rows[0]?.ok
  if (!exists) return { count: 0, tag: null, when: null }
  const row = (await query(LEVEL_SQL)).rows[0] as { count: number; when: string | null }
  return levelOf({ count: Number(row.count), when: row.when === null ? null : Number(row.when) })
}

/**
 * Opens an embedded database tarball in `dir` (created, must not exist) and reads what it holds:
 * it opens, its schema level, its rows. The caller removes or keeps `dir`.
 */
export async function inspectEmbedded(payloadPath: string, dir: string, file: string) {
  let db: PGlite | undefined
  try {
    db = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions, loadDataDir: new Blob([readFileSync(payloadPath)]) })
    const query = (sql: string) => db!.query<Record<string, unknown>>(sql)
    const level = await migrationLevel(query)
    if (level.count === 0) throw new BackupError(`${file} holds a database without this product's tables. Use another backup.`)
    const rows = await countRows(query)
    return { level, rows }
  } catch (err) {
    if (err instanceof BackupError) throw err
    throw new BackupError(`${file} does not open as an embedded database (${firstLine(err)}). Use another backup.`)
  } finally {
    await db?.close().catch(() => {})
  }
}

/** A fresh 0700 work directory beside `near` (same disk: the database is copied there, not to /tmp). */
export function workDir(near: string, prefix: string) {
  mkdirSync(near, { recursive: true, mode: 0o700 })
  return mkdtempSync(join(near, `.${prefix}-`))
}

export interface TakenBackup {
  file: string
  bytes: number
  manifest: Manifest
  verified: boolean
}

/**
 * A verified backup of the embedded database from its gzipped tarball (PGlite's dumpDataDir,
 * taken by whoever holds the database): the tarball is opened in a work directory and counted,
 * the manifest written with those counts and the checksum, the file read back and checked.
 */
export async function writeEmbeddedBackup(dump: Blob, out: string, keys: string | null): Promise<TakenBackup> {
  const work = workDir(dirname(out), 'backup')
  try {
    const payloadPath = join(work, PAYLOAD_NAME.pglite)
    writeFileSync(payloadPath, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 })
    const { level, rows } = await inspectEmbedded(payloadPath, join(work, 'check'), 'the new backup')
    const { sha256, bytes } = await digestFile(payloadPath)
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      database: 'pglite',
      release: release(),
      migration: level,
      createdAt: new Date().toISOString(),
      rows,
      payload: { name: PAYLOAD_NAME.pglite, bytes, sha256 },
      keys,
    }
    await writeBackupFile(out, manifest, payloadPath)
    // Read back from disk: the checksum proves the file holds what was opened above.
    rmSync(work, { recursive: true, force: true })
    mkdirSync(work, { mode: 0o700 })
    await openBackupFile(out, work)
    return { file: out, bytes: (await digestFile(out)).bytes, manifest, verified: true }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** Takes a backup of a stopped embedded database (this process takes the DATA_DIR lock). */
export async function dumpStoppedEmbedded(dataDir: string, owner: string): Promise<Blob> {
  const dir = join(dataDir, 'pglite')
  if (!existsSync(dir) || readdirSync(dir).length === 0) throw new BackupError(`there is no embedded database in ${dir} to back up.`)
  const unlock = lockDataDir(dataDir, owner)
  try {
    const db = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions })
    try {
      await db.query('CHECKPOINT')
      return await db.dumpDataDir('gzip')
    } finally {
      await db.close()
    }
  } finally {
    unlock()
  }
}

export interface VerifiedBackup {
  manifest: Manifest | null
  rows: Record<string, number>
  level: MigrationLevel
}

/** Checks an embedded backup's database part: opens it in `dir` and compares with the manifest. */
export async function checkEmbedded(contents: { manifest: Manifest | null; payloadPath: string }, dir: string, file: string) {
  const { level, rows } = await inspectEmbedded(contents.payloadPath, dir, file)
  assertNotNewer(level, file)
  if (contents.manifest) {
    const diff = rowDifferences(contents.manifest.rows, rows)
    if (diff.length)
      throw new BackupError(`${file} does not hold the rows its manifest lists (${diff.slice(0, 3).join('; ')}). Use another backup.`)
  }
  return { manifest: contents.manifest, rows, level }
}

export interface RestoredEmbedded extends VerifiedBackup {
  movedAside?: string
}

/**
 * Restores an embedded backup into DATA_DIR/pglite, or changes nothing: the file is checked and
 * opened in a staging directory beside the database (DATA_DIR/pglite.restore-…), and only then
 * swapped in by renames. A database already there needs `force` and is moved aside, not deleted.
 */
export async function restoreEmbedded(file: string, dataDir: string, force: boolean): Promise<RestoredEmbedded> {
  // Refused while the server (or another command) holds the database.
  const unlock = lockDataDir(dataDir, 'db:restore')
  const target = join(dataDir, 'pglite')
  const when = stamp()
  const staging = `${target}.restore-${when}`
  const work = workDir(dataDir, 'restore')
  try {
    const holds = existsSync(target) && readdirSync(target).length > 0
    if (holds && !force) {
      throw new BackupError(
        `${target} already holds a database: nothing was changed. Add --force to restore over it (the current database is moved aside, not deleted).`,
      )
    }
    const contents = await openBackupFile(file, work)
    if (contents.database !== 'pglite') {
      throw new BackupError(`${file} is a PostgreSQL backup: restore it with DATABASE_URL set to a PostgreSQL database.`)
    }
    if (contents.manifest) assertNotNewer(contents.manifest.migration, file)
    const checked = await checkEmbedded(contents, staging, file)
    // PGlite unpacks its files 0666 whatever the umask.
    secureDataDir(staging)
    let movedAside: string | undefined
    if (holds) {
      movedAside = `${target}.before-restore-${when}`
      renameSync(target, movedAside)
    } else if (existsSync(target)) {
      rmSync(target, { recursive: true, force: true })
    }
    try {
      renameSync(staging, target)
    } catch (err) {
      if (movedAside) renameSync(movedAside, target)
      throw new BackupError(`could not move the restored database into ${target} (${firstLine(err)}): nothing was changed.`)
    }
    return { ...checked, movedAside }
  } finally {
    rmSync(work, { recursive: true, force: true })
    rmSync(staging, { recursive: true, force: true })
    unlock()
  }
}
