import { PlanListSchema } from '@app/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { listPlans } from './service.ts'

// The catalogue changes only with a migration or a deploy: it is read once a minute per process,
// serialised once, and answered with an ETag (304 when the browser already has it).
const CATALOGUE_MS = 60_000
const NotModifiedSchema = z.null().describe('Not modified: the catalogue is still the one of the ETag sent in If-None-Match')

interface Catalogue {
  body: string
  etag: string
  readAt: number
}

export default async function plansRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  let cached: Catalogue | undefined
  let reading: Promise<Catalogue> | undefined

  const read = async (): Promise<Catalogue> => {
    const body = JSON.stringify(PlanListSchema.parse({ data: await listPlans(app.db) }))
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, readAt: Date.now() }
  }
  const catalogue = (): Catalogue | Promise<Catalogue> => {
    if (cached && Date.now() - cached.readAt < CATALOGUE_MS) return cached
    // One read for everyone who asks while it runs.
    reading ??= read()
      .then((c) => (cached = c))
      .finally(() => (reading = undefined))
    return reading
  }

  app.get(
    '/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plan catalogue (no auth)',
        operationId: 'listPlans',
        description:
          'The plans a trainer can subscribe to, with prices in CLP and USD and their benefits. Public and cacheable: answers an ETag and 304 to If-None-Match.',
        response: { 200: PlanListSchema, 304: NotModifiedSchema },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply
      const { body, etag } = await catalogue()
      reply.header('cache-control', 'public, max-age=60').header('etag', etag)
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      // Already checked against the schema when read: sent as is, not serialised again.
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )
}
