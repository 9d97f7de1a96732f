import { PlanListSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { listPlans } from './service.ts'

export default async function plansRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/plans',
    { schema: { tags: ['plans'], summary: 'The plan catalogue (no auth)', response: { 200: PlanListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return { data: await listPlans(app.db) }
    },
  )
}
