/** The nightly backup's clock: America/Santiago, as every date the product shows. */
export const BACKUP_TIME_ZONE = 'America/Santiago'

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BACKUP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The Santiago calendar day (YYYY-MM-DD) and minute of the day of an instant. */
export function santiagoClock(at: Date): { day: string; minute: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]))
  return { day: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) }
}

export const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/**
 * Whether the backup time (HH:MM, Santiago) was reached between two checks. A day whose clock
 * skips that minute (daylight saving) still counts once the minute of the day is past it.
 */
export function crossed(previous: Date, now: Date, time: string): boolean {
  const target = minuteOf(time)
  const before = santiagoClock(previous)
  const after = santiagoClock(now)
  if (after.minute < target) return false
  return before.day !== after.day || before.minute < target
}

/** ISO week (e.g. 2026-W48) of a calendar day. */
export function isoWeek(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  const weekday = date.getUTCDay() || 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/**
 * Which nightly backups to delete: kept are the newest of each of the newest `daily` days that
 * have one, and the newest of each of the newest `weekly` ISO weeks (Santiago days). The newest
 * backup is always kept.
 */
export function backupsToDelete<T extends { takenAt: Date }>(backups: T[], daily: number, weekly: number): T[] {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())
  const keep = new Set<T>(newestFirst.slice(0, 1))
  const days = new Map<string, T>()
  const weeks = new Map<string, T>()
  for (const b of newestFirst) {
    const day = santiagoClock(b.takenAt).day
    if (!days.has(day)) days.set(day, b)
    const week = isoWeek(day)
    if (!weeks.has(week)) weeks.set(week, b)
  }
  for (const b of [...days.values()].slice(0, daily)) keep.add(b)
  for (const b of [...weeks.values()].slice(0, weekly)) keep.add(b)
  return newestFirst.filter((b) => !keep.has(b))
}
