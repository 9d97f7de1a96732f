import type { AdminBackupStatus } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isAbsolute, join, resolve } from 'node:path'
import { keysFingerprint } from '../backup/manifest.ts'
import { nightlyBackups, readStatus, takeServerBackup, type BackupStatus } from '../backup/nightly.ts'
import { BACKUP_TIME_ZONE, crossed } from '../backup/schedule.ts'

declare module 'fastify' {
  interface FastifyInstance {
    backups: {
      status(): AdminBackupStatus
      /** Takes a backup now; undefined when one is running already or the database is not embedded. */
      takeNow(trigger: BackupStatus['trigger']): Promise<BackupStatus | undefined>
    }
  }
}

const CHECK_EVERY_MS = 30_000

/**
 * Nightly backups of the embedded database, taken by the server that owns it (issue 33): at
 * BACKUP_TIME (America/Santiago) a consistent snapshot is written to BACKUP_DIR (default
 * DATA_DIR/backups), verified, and pruned to BACKUP_KEEP_DAILY + BACKUP_KEEP_WEEKLY; BACKUPS=off
 * turns it off. A night missed while the server was down is taken at the next start, if the
 * schedule had run before in that directory. With DATABASE_URL nothing is scheduled here.
 */
export default fp(
  async function backups(app: FastifyInstance) {
    const config = app.config
    const embedded = app.database.kind === 'pglite' && !!app.database.dump && !config.inMemory
    const dir = config.BACKUP_DIR
      ? isAbsolute(config.BACKUP_DIR)
        ? config.BACKUP_DIR
        : resolve(process.env.INIT_CWD ?? process.cwd(), config.BACKUP_DIR)
      : join(config.DATA_DIR, 'backups')
    const scheduled = embedded && config.BACKUPS === 'on'
    let running: Promise<BackupStatus> | undefined

    const takeNow = async (trigger: BackupStatus['trigger']) => {
      if (!embedded || running) return undefined
      running = takeServerBackup({
        dir,
        dump: () => app.database.dump!(),
        keys: keysFingerprint({ access: config.JWT_ACCESS_SECRET, refresh: config.JWT_REFRESH_SECRET }),
        trigger,
        keepDaily: config.BACKUP_KEEP_DAILY,
        keepWeekly: config.BACKUP_KEEP_WEEKLY,
      })
      try {
        const status = await running
        if (status.error) app.log.error({ file: status.file, error: status.error }, 'backup failed')
        else app.log.info({ file: status.file, bytes: status.bytes, ms: status.durationMs }, 'backup taken and verified')
        return status
      } finally {
        running = undefined
      }
    }

    app.decorate('backups', {
      takeNow,
      status: (): AdminBackupStatus => {
        const last = embedded ? readStatus(dir) : null
        return {
          database: app.database.kind,
          scheduled,
          time: config.BACKUP_TIME,
          timeZone: BACKUP_TIME_ZONE,
          keepDaily: config.BACKUP_KEEP_DAILY,
          keepWeekly: config.BACKUP_KEEP_WEEKLY,
          running: !!running,
          last: last && {
            takenAt: last.takenAt,
            file: last.file,
            bytes: last.bytes,
            verified: last.verified,
            error: last.error,
            trigger: last.trigger,
          },
        }
      },
    })
    if (!scheduled) return

    let previous = new Date()
    const missed = () => {
      const newest = nightlyBackups(dir).sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())[0]
      return !!newest && Date.now() - newest.takenAt.getTime() > 25 * 3600_000
    }
    const tick = () => {
      const now = new Date()
      const due = crossed(previous, now, config.BACKUP_TIME)
      previous = now
      if (due) void takeNow('nightly')
    }
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      if (missed()) setTimeout(() => void takeNow('nightly'), 60_000).unref()
      timer = setInterval(tick, CHECK_EVERY_MS).unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      // The database closes after this hook: let a backup in progress finish first.
      await running?.catch(() => {})
    })
  },
  { name: 'backups', dependencies: ['db'] },
)
