import { statfs } from 'node:fs/promises'
import { DatabaseFaultError } from './faults.ts'
import { createMonitor, type Monitor } from './monitor.ts'

const MB = 1024 * 1024

/** Free space of the embedded database's disk, against a reserve (issue 34). */
export interface Storage {
  readonly dir: string
  readonly reserveBytes: number
  /** Free bytes at the last check (at most REFRESH_MS old), undefined before the first. */
  readonly freeBytes: number | undefined
  readonly low: boolean
  /** "disk full" / "space back" */
  readonly monitor: Monitor
  refresh(): Promise<void>
  /** Throws a storage fault (507) while free space is under the reserve. */
  assertWritable(): void
  stop(): void
}

export type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>

const REFRESH_MS = 1_000

export const formatMb = (bytes: number) => `${Math.floor(bytes / MB)} MB`

export async function freeBytesOf(dir: string, fs: StatFs = statfs): Promise<number> {
  const s = await fs(dir)
  return Number(s.bavail) * Number(s.bsize)
}

export async function openStorage(dir: string, reserveBytes: number, fs: StatFs = statfs): Promise<Storage> {
  let free: number | undefined
  let refreshing: Promise<void> | undefined
  const refresh = () =>
    (refreshing ??= freeBytesOf(dir, fs)
      .then((bytes) => {
        free = bytes
        if (bytes >= reserveBytes) monitor.recovered()
        else if (monitor.up) monitor.down(`${formatMb(bytes)} free in ${dir}, reserve ${formatMb(reserveBytes)} (DISK_RESERVE_MB)`)
      })
      .catch(() => {})
      .finally(() => (refreshing = undefined)))
  const monitor = createMonitor({
    downMessage: 'disk full: writes refused',
    upMessage: 'space back: writes accepted',
    probe: async () => {
      await refresh()
      if (free === undefined || free < reserveBytes) throw new Error('still low')
    },
  })
  await refresh()
  const timer = setInterval(() => void refresh(), REFRESH_MS)
  timer.unref()
  return {
    dir,
    reserveBytes,
    get freeBytes() {
      return free
    },
    get low() {
      return free !== undefined && free < reserveBytes
    },
    monitor,
    refresh,
    assertWritable() {
      if (free !== undefined && free < reserveBytes)
        throw new DatabaseFaultError('storage', `Only ${formatMb(free)} free for the database, below the ${formatMb(reserveBytes)} reserve`)
    },
    stop() {
      clearInterval(timer)
      monitor.stop()
    },
  }
}
