import { z } from 'zod'

/**
 * The backup settings of the environment (spread into config.ts's schema, so a bad value stops
 * start-up naming the variable). The nightly backup runs in the server on the embedded database.
 */
export const BackupEnvShape = {
  /** Nightly backups by the server on the embedded database: on (default) or off. */
  BACKUPS: z.enum(['on', 'off']).default('on'),
  /** Local time of day (America/Santiago) of the nightly backup, HH:MM. */
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM (America/Santiago), e.g. 03:30')
    .default('03:30'),
  /** Where backups go: default DATA_DIR/backups. */
  BACKUP_DIR: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** Nightly backups kept: the newest of each of the last N days with one, and of each of the last M weeks. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
}
