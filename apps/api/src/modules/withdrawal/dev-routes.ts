import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientSubscriptions, users } from '../../db/schema.ts'
import { devOnly } from '../../plugins/dev-only.ts'

const AgeSchema = z.object({ email: z.string().trim().toLowerCase(), days: z.number().int().min(0).max(400) })

/**
 * The E2E's clock for the withdrawal right (decision 224): a client's subscriptions are dated
 * `days` days back, as if contracted then (the window counts from there); the server's own clock
 * is not moved. Loopback callers only, never in production (plugins/dev-only.ts).
 */
export default async function withdrawalDevRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('onRequest', devOnly(app))

  app.post(
    '/dev/client-subscriptions/age',
    { schema: { hide: true, body: AgeSchema, response: { 200: z.object({ subscriptions: z.number() }) } } },
    async (request) => {
      const at = new Date(Date.now() - request.body.days * 86_400_000)
      return app.db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, request.body.email)).limit(1)
        if (!user) return { subscriptions: 0 }
        const subs = await tx
          .update(clientSubscriptions)
          .set({ createdAt: at })
          .where(eq(clientSubscriptions.clientUserId, user.id))
          .returning({ id: clientSubscriptions.id })
        return { subscriptions: subs.length }
      })
    },
  )
}
