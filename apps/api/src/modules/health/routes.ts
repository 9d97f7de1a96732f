import { HealthSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const database = await app.database.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      )
      const body = { status: database === 'up' ? ('ok' as const) : ('error' as const), database, uptime: Math.round(process.uptime()) }
      return reply.code(database === 'up' ? 200 : 503).send(body)
    },
  )
}
