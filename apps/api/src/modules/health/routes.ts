import { HealthSchema, ReadySchema, type StorageStatus } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Storage } from '../../db/storage.ts'

const PROBE_TIMEOUT_MS = 2_000

const within = <T>(p: Promise<T>, fallback: T) =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), PROBE_TIMEOUT_MS).unref())])

export function storageStatus(storage: Storage | undefined): StorageStatus | undefined {
  if (!storage) return undefined
  return { state: storage.low ? 'low' : 'ok', freeBytes: storage.freeBytes ?? null, reserveBytes: storage.reserveBytes }
}

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  let closing = false
  app.addHook('preClose', async () => void (closing = true))

  // Liveness: no query, so that an orchestrator never restarts a process for a database outage
  // (a restart cannot fix that). It stops answering only when the event loop is stuck.
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers while the process runs (the database state is the last one seen)',
        operationId: 'getHealth',
        description:
          'Liveness: 200 while the process runs, with the database state last seen by the monitor; never waits for the database.',
        security: [],
        response: { 200: HealthSchema },
      },
    },
    async () => ({
      status: 'ok' as const,
      database: app.database.monitor.up ? ('up' as const) : ('down' as const),
      uptime: Math.round(process.uptime()),
    }),
  )

  // For load balancers: 503 while shutting down or when the database does not answer; Redis down
  // (rate limits fall back to memory, sessions to the database) or a disk under its reserve
  // (reads still work) is "degraded", still 200.
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 503 when the database cannot serve; Redis down or low disk is degraded (200)',
        operationId: 'getReadiness',
        description:
          'Readiness for load balancers: 503 while shutting down or when the database does not answer; Redis down or the disk under its reserve still answer 200 with the degraded parts named.',
        security: [],
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        within(
          app.database.ping().then(
            () => {
              app.database.monitor.recovered()
              return 'up' as const
            },
            () => 'down' as const,
          ),
          'down' as const,
        ),
        app.config.REDIS_URL
          ? within(
              app.sessionCache.ping().then((ok) => (ok ? ('up' as const) : ('down' as const))),
              'down' as const,
            )
          : ('not-configured' as const),
      ])
      const storage = storageStatus(app.database.storage)
      const ready = !closing && database === 'up'
      const status = !ready ? 'not-ready' : redis === 'down' || storage?.state === 'low' ? 'degraded' : 'ready'
      return reply.code(ready ? 200 : 503).send({ status, database, redis, ...(storage ? { storage } : {}) })
    },
  )
}
