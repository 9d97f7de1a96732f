import { AdminSystemStatusSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { storageStatus } from '../health/routes.ts'
import { adminBase, adminErrors, adminGuards } from './route-kit.ts'

/** Issue 34: the console shows a database outage and a disk under its reserve (docs/operations.md). */
export default async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)
  app.get(
    '/admin/system',
    {
      schema: {
        ...adminBase,
        summary: "This process's database, Redis and free disk space against the reserve",
        operationId: 'getSystemStatus',
        description:
          'The state this process sees: database up or down, Redis (when configured), free disk space against the reserve. The console shows a status line from it.',
        response: { 200: AdminSystemStatusSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    async () => {
      const redis = app.config.REDIS_URL
        ? await Promise.race([
            app.sessionCache.ping().then((ok) => (ok ? ('up' as const) : ('down' as const))),
            new Promise<'down'>((r) => setTimeout(() => r('down'), 1_000).unref()),
          ])
        : ('not-configured' as const)
      return {
        database: { kind: app.database.kind, state: app.database.monitor.up ? ('up' as const) : ('down' as const) },
        redis,
        storage: storageStatus(app.database.storage) ?? null,
      }
    },
  )
}
