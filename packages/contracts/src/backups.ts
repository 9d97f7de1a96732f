import { z } from 'zod'

/** The last backup the server took (nightly or from the console). */
export const AdminBackupSchema = z.object({
  takenAt: z.iso.datetime(),
  /** File name inside the backup directory. */
  file: z.string(),
  bytes: z.number().int().min(0),
  /** Read back and checked (checksum, the database inside opened and counted). */
  verified: z.boolean(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  trigger: z.enum(['nightly', 'console']),
})
export type AdminBackup = z.infer<typeof AdminBackupSchema>

/** GET /admin/backups: the schedule and the last backup (docs/backups.md). */
export const AdminBackupStatusSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  /** Nightly backups run in the server on the embedded database only; PostgreSQL uses `npm run db:backup` from cron. */
  scheduled: z.boolean(),
  time: z.string(),
  timeZone: z.string(),
  keepDaily: z.number().int(),
  keepWeekly: z.number().int(),
  running: z.boolean(),
  last: AdminBackupSchema.nullable(),
})
export type AdminBackupStatus = z.infer<typeof AdminBackupStatusSchema>
