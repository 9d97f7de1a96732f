import { z } from 'zod'

/** GET /api/health: liveness. 200 while the process's event loop runs; `database` is what it last saw. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  uptime: z.number(),
})
export type Health = z.infer<typeof HealthSchema>

/** Free space of the embedded database's disk against its reserve (DISK_RESERVE_MB). */
export const StorageStatusSchema = z.object({
  state: z.enum(['ok', 'low']),
  freeBytes: z.number().int().nullable(),
  reserveBytes: z.number().int(),
})
export type StorageStatus = z.infer<typeof StorageStatusSchema>

/**
 * GET /api/ready: 503 only when this process cannot serve (database down, shutting down).
 * An optional dependency down (Redis) or a disk under its reserve (reads still work) is
 * `degraded` with 200.
 */
export const ReadySchema = z.object({
  status: z.enum(['ready', 'degraded', 'not-ready']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'not-configured']),
  storage: StorageStatusSchema.optional(),
})
export type Ready = z.infer<typeof ReadySchema>

/** GET /api/v1/admin/system: what an operator needs to see of this process's dependencies. */
export const AdminSystemStatusSchema = z.object({
  database: z.object({ kind: z.enum(['pglite', 'postgres']), state: z.enum(['up', 'down']) }),
  redis: z.enum(['up', 'down', 'not-configured']),
  storage: StorageStatusSchema.nullable(),
})
export type AdminSystemStatus = z.infer<typeof AdminSystemStatusSchema>
