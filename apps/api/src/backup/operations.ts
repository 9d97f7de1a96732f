import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openBackupFile } from './archive.ts'
import { BackupError } from './errors.ts'
import { assertNotNewer, type Manifest, type MigrationLevel } from './manifest.ts'
import { checkEmbedded, stamp, workDir } from './pglite.ts'
import { applyScript, backupPostgres, readArchive, restoreTargetState } from './postgres.ts'

export interface VerifyReport {
  database: Manifest['database']
  manifest: Manifest | null
  rows: Record<string, number>
  level: MigrationLevel
}

/**
 * Checks a backup file without restoring it: readable whole, manifest, checksum, not from a newer
 * release, and the database inside opens (embedded) or reads in full (PostgreSQL) with the rows
 * its manifest lists. Works in a private temporary directory; never touches DATA_DIR.
 */
export async function verifyBackupFile(file: string): Promise<VerifyReport> {
  const work = mkdtempSync(join(tmpdir(), 'entrenapp-verify-'))
  try {
    const contents = await openBackupFile(file, work)
    if (contents.manifest) assertNotNewer(contents.manifest.migration, file)
    const { rows, level } =
      contents.database === 'pglite'
        ? await checkEmbedded(contents, join(work, 'check'), file)
        : await readArchive(contents.payloadPath, file, contents.manifest)
    return { database: contents.database, manifest: contents.manifest, rows, level }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

export interface RestoredPostgres extends VerifyReport {
  preRestoreBackup?: string
}

/**
 * Restores a backup into the PostgreSQL database of `url`, or changes nothing: the file is read
 * in full and checked first, a running server of this deployment (its connections) refuses it,
 * a database holding data needs `force` and is first saved to a pre-restore backup file in
 * `keepDir`, and the restore itself is one transaction.
 */
export async function restorePostgres(
  file: string,
  url: string,
  opts: { force: boolean; keepDir: string; keys: string | null },
): Promise<RestoredPostgres> {
  const work = workDir(opts.keepDir, 'restore')
  try {
    const contents = await openBackupFile(file, work)
    if (contents.database !== 'postgres') {
      throw new BackupError(`${file} is a backup of the embedded database: restore it without DATABASE_URL (into a DATA_DIR).`)
    }
    if (contents.manifest) assertNotNewer(contents.manifest.migration, file)
    const sqlPath = join(work, 'restore.sql')
    const { rows, level } = await readArchive(contents.payloadPath, file, contents.manifest, sqlPath)
    const target = await restoreTargetState(url)
    if (target.serverConnections > 0) {
      throw new BackupError(
        `a server of this deployment is connected to that database (${target.serverConnections} connection(s) named entrenapp-server): stop every server first. Nothing was changed.`,
      )
    }
    let preRestoreBackup: string | undefined
    if (target.holdsData) {
      if (!opts.force) {
        throw new BackupError(
          'the database of DATABASE_URL already holds data: nothing was changed. Add --force to restore over it (a pre-restore backup of it is written first).',
        )
      }
      preRestoreBackup = join(opts.keepDir, `pre-restore-${stamp()}.tar`)
      const keep = mkdtempSync(join(work, 'keep-'))
      await backupPostgres(url, preRestoreBackup, keep, opts.keys, 'db:restore')
    }
    await applyScript(url, sqlPath, work)
    return { database: 'postgres', manifest: contents.manifest, rows, level, preRestoreBackup }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** What the operator must know about sessions after a restore, in plain words. */
export function keysNote(backupKeys: string | null | undefined, currentKeys: string | null): string {
  const ends =
    'every session in the backup ends (people sign in again with their passwords) and pending sign-up codes and links must be asked for again'
  if (!backupKeys) return `Signing keys: this backup does not say which ones it was taken with; if they are not the ones here, ${ends}.`
  if (!currentKeys) {
    return `Signing keys: none here yet, the server will make new ones at its start, so ${ends}. To keep sessions, put the secrets.json kept with the backup into DATA_DIR (or set JWT_ACCESS_SECRET/JWT_REFRESH_SECRET as before) before starting.`
  }
  if (backupKeys !== currentKeys) {
    return `Signing keys DIFFER from the backup's (fingerprint ${backupKeys} in the backup, ${currentKeys} here): ${ends}. To keep sessions, restore the secrets.json kept with the backup before starting.`
  }
  return `Signing keys match the backup's (fingerprint ${currentKeys}): sessions go on.`
}
