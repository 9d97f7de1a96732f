import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs'
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
