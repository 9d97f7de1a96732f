import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isMainThread } from 'node:worker_threads'

/**
 * Files this process creates are readable by its own user only (0600, directories 0700).
 * Call first thing at start-up, before anything writes to DATA_DIR.
 */
export function restrictNewFiles() {
  // process.umask cannot be set from a worker thread (e.g. a test runner's pool).
  if (isMainThread) process.umask(0o077)
}

/**
 * Tightens DATA_DIR when it exists (an older start may have left it open): directories 0700,
 * files 0600. PGlite unpacks its initial database with mode 0666 whatever the umask, so this
 * runs again once the database is open; what PostgreSQL creates later it creates 0600 itself.
 */
export function secureDataDir(dir: string) {
  if (existsSync(dir)) tighten(dir)
}

function tighten(path: string) {
  try {
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700)
      for (const entry of readdirSync(path)) tighten(join(path, entry))
    } else if ((stat.mode & 0o777) !== 0o600) {
      chmodSync(path, 0o600)
    }
  } catch (err) {
    // A temporary file the database removed meanwhile.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}

/** Who holds the embedded database of a DATA_DIR (DATA_DIR/pglite.lock). */
export interface DataDirHolder {
  pid: number
  /** 'server' or the command's name (admin:create, db:restore, …). */
  owner: string
  since: string
  /** The process's start time in clock ticks (Linux), so a recycled pid is not taken for the holder. */
  start?: number
}

/** Refused: another live process holds the embedded database. The message is for a person. */
export class DataDirBusyError extends Error {
  constructor(
    readonly holder: DataDirHolder,
    dataDir: string,
  ) {
    super(
      holder.owner === 'server'
        ? `The server (pid ${holder.pid}) is using the embedded database in ${dataDir}: stop it first, then run this command again.`
        : `${holder.owner} (pid ${holder.pid}) is using the embedded database in ${dataDir} since ${holder.since}: wait for it to finish and try again.`,
    )
  }
}

export const lockFile = (dataDir: string) => join(dataDir, 'pglite.lock')

function startTicks(pid: number): number | undefined {
  try {
    // Field 22 of /proc/PID/stat, counted after the command name (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
  } catch {
    return undefined
  }
}

function alive(holder: DataDirHolder): boolean {
  // A lock left by a crashed earlier run of a process that got the same pid (pid 1 in a container).
  if (holder.pid === process.pid) return false
  try {
    process.kill(holder.pid, 0)
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
  const start = startTicks(holder.pid)
  return holder.start === undefined || start === undefined || start === holder.start
}

/** The live holder of DATA_DIR's embedded database, if any (a lock left by a crash is ignored). */
export function dataDirHolder(dataDir: string): DataDirHolder | undefined {
  let holder: DataDirHolder
  try {
    holder = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as DataDirHolder
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    // Being written this very moment: held.
    return { pid: 0, owner: 'another process', since: new Date().toISOString() }
  }
  return alive(holder) ? holder : undefined
}

/**
 * Takes DATA_DIR's embedded database for this process (an exclusive lock file holding the pid):
 * PGlite has no lock of its own, and two processes writing one data directory corrupt it.
 * Throws DataDirBusyError while another live process holds it; a lock left by a crash is taken
 * over. Answers the release function (also run on exit).
 */
export function lockDataDir(dataDir: string, owner: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = lockFile(dataDir)
  const mine: DataDirHolder = { pid: process.pid, owner, since: new Date().toISOString(), start: startTicks(process.pid) }
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 })
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err
      const holder = dataDirHolder(dataDir)
      if (holder) throw new DataDirBusyError(holder, dataDir)
      // Left by a process that is gone: remove it and try again (only one creator can win 'wx').
      rmSync(file, { force: true })
    }
  }
  const release = () => {
    process.off('exit', release)
    try {
      const holder = JSON.parse(readFileSync(file, 'utf8')) as DataDirHolder
      if (holder.pid === process.pid) rmSync(file, { force: true })
    } catch {
      // Already gone.
    }
  }
  process.on('exit', release)
  return release
}
