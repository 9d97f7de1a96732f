import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { BackupError, firstLine } from './errors.ts'
import { stamp, writeEmbeddedBackup } from './pglite.ts'
import { backupsToDelete } from './schedule.ts'

/** What the console shows of the last backup the server took (DATA_DIR/backups/last-backup.json). */
export interface BackupStatus {
  takenAt: string
  file: string
  bytes: number
  verified: boolean
  /** Why it failed (one line), when it did. */
  error: string | null
  durationMs: number
  trigger: 'nightly' | 'console'
}

const STATUS_FILE = 'last-backup.json'
const NIGHTLY = /^nightly-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.tar$/

export function readStatus(dir: string): BackupStatus | null {
  try {
    return JSON.parse(readFileSync(join(dir, STATUS_FILE), 'utf8')) as BackupStatus
  } catch {
    return null
  }
}

function writeStatus(dir: string, status: BackupStatus) {
  const tmp = join(dir, `.${STATUS_FILE}.${process.pid}`)
  writeFileSync(tmp, JSON.stringify(status), { mode: 0o600 })
  renameSync(tmp, join(dir, STATUS_FILE))
}

/** The nightly backups in `dir`, by the time in their names. */
export function nightlyBackups(dir: string): { name: string; takenAt: Date }[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const m = NIGHTLY.exec(name)
    if (!m) return []
    const iso = m[1]!.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, 'T$1:$2:$3.$4Z')
    return [{ name, takenAt: new Date(iso) }]
  })
}

/**
 * Takes a verified backup into `dir` (0700; the file 0600), prunes older nightly backups by the
 * retention, and records the outcome for the console. Never throws: a failure is recorded.
 */
export async function takeServerBackup(opts: {
  dir: string
  dump: () => Promise<Blob>
  keys: string | null
  trigger: BackupStatus['trigger']
  keepDaily: number
  keepWeekly: number
}): Promise<BackupStatus> {
  const started = Date.now()
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 })
  const name = opts.trigger === 'nightly' ? `nightly-${stamp()}.tar` : `console-${stamp()}.tar`
  const file = join(opts.dir, name)
  let status: BackupStatus
  try {
    const taken = await writeEmbeddedBackup(await opts.dump(), file, opts.keys)
    status = {
      takenAt: taken.manifest.createdAt,
      file: name,
      bytes: taken.bytes,
      verified: taken.verified,
      error: null,
      durationMs: 0,
      trigger: opts.trigger,
    }
    for (const old of backupsToDelete(nightlyBackups(opts.dir), opts.keepDaily, opts.keepWeekly))
      rmSync(join(opts.dir, old.name), { force: true })
  } catch (err) {
    rmSync(file, { force: true })
    const error = err instanceof BackupError ? err.message : firstLine(err)
    status = { takenAt: new Date().toISOString(), file: name, bytes: 0, verified: false, error, durationMs: 0, trigger: opts.trigger }
  }
  status.durationMs = Date.now() - started
  writeStatus(opts.dir, status)
  return status
}
