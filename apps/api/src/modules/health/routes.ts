import { HealthSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

const ReadySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'not-configured']),
})

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  let closing = false
  app.addHook('preClose', async () => void (closing = true))

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        operationId: 'getHealth',
        description: 'Liveness: 200 while the process runs and the database answers, 503 when it does not.',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const database = await app.database.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      )
      const body = { status: database === 'up' ? ('ok' as const) : ('error' as const), database, uptime: Math.round(process.uptime()) }
      return reply.code(database === 'up' ? 200 : 503).send(body)
    },
  )

  // For load balancers: 503 while shutting down, or when the database or Redis (if configured) does not answer.
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database and (when configured) Redis answer',
        operationId: 'getReadiness',
        description: 'Readiness for load balancers: 503 while shutting down or when the database or (if configured) Redis does not answer.',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const timeout = <T>(p: Promise<T>, fallback: T) =>
        Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), 2_000).unref())])
      const [database, redis] = await Promise.all([
        timeout(
          app.database.ping().then(
            () => 'up' as const,
            () => 'down' as const,
          ),
          'down' as const,
        ),
        app.config.REDIS_URL
          ? timeout(
              app.sessionCache.ping().then((ok) => (ok ? ('up' as const) : ('down' as const))),
              'down' as const,
            )
          : ('not-configured' as const),
      ])
      const ready = !closing && database === 'up' && redis !== 'down'
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', database, redis })
    },
  )
}
