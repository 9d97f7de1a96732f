import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientSubscriptions, users } from '../../db/schema.ts'
import { devOnly } from '../../plugins/dev-only.ts'
import { CARD_SUBSCRIPTION_PREFIX } from '../../providers/payments/types.ts'
import { chargeDueCardRenewals } from './card-charges.ts'

const RunSchema = z.object({ email: z.string().trim().toLowerCase() })

/**
 * The E2E's clock for card renewals (decision 249): a client's active card subscriptions reach the
 * end of their period now, and the renewal job runs at once instead of within 15 minutes; the
 * server's own clock is not moved. Loopback callers only, never in production (plugins/dev-only.ts).
 */
export default async function cardDevRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('onRequest', devOnly(app))

  app.post(
    '/dev/card-renewals/run',
    { schema: { hide: true, body: RunSchema, response: { 200: z.object({ states: z.array(z.string()) }) } } },
    async (request) => {
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, request.body.email)).limit(1)
      if (!user) return { states: [] }
      const mine = and(
        eq(clientSubscriptions.clientUserId, user.id),
        like(clientSubscriptions.providerSubscriptionId, `${CARD_SUBSCRIPTION_PREFIX}%`),
      )
      await app.db
        .update(clientSubscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 1_000) })
        .where(and(mine, eq(clientSubscriptions.state, 'active')))
      await chargeDueCardRenewals(app)
      const rows = await app.db.select({ state: clientSubscriptions.state }).from(clientSubscriptions).where(mine)
      return { states: rows.map((r) => r.state) }
    },
  )
}
