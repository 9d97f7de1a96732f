import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { planCharges, subscriptions, users } from '../../../db/schema.ts'
import { devOnly } from '../../../plugins/dev-only.ts'
import { rollSandboxPeriods } from './provider.ts'

const AgeSchema = z.object({ email: z.string().trim().toLowerCase(), days: z.number().int().min(0).max(400) })
const AgeAnswerSchema = z.object({ subscriptions: z.number(), charges: z.number() })

const DAY_MS = 24 * 3600 * 1000
const back = (at: Date | null, days: number) => (at ? new Date(at.getTime() - days * DAY_MS) : null)

/**
 * The E2E's clock for plan charges (decision 223): the platform subscriptions of the account with
 * this e-mail (a trainer's or a gym owner's plan) are dated `days` days back, each date of the row
 * moved together (created, trial end, period end, cancellation), as if subscribed then; then the
 * sandbox's renewal timer (rollSandboxPeriods, hourly on the server) runs for this account now, so
 * each paid period that began in between is charged at the plan's price and its boleta queued, as
 * the timer would within the hour. The server's own clock is not moved. Answers how many
 * subscriptions moved and how many plan charges were recorded. Loopback callers only, never in
 * production (plugins/dev-only.ts): elsewhere the route does not exist. Charges already recorded
 * keep their dates: age a subscription once, by the days the journey needs.
 */
export default async function sandboxDevRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('onRequest', devOnly(app))

  app.post('/dev/subscriptions/age', { schema: { hide: true, body: AgeSchema, response: { 200: AgeAnswerSchema } } }, async (request) => {
    const { email, days } = request.body
    return app.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
      if (!user) return { subscriptions: 0, charges: 0 }
      const rows = await tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).for('update')
      for (const sub of rows)
        await tx
          .update(subscriptions)
          .set({
            createdAt: back(sub.createdAt, days)!,
            trialEnd: back(sub.trialEnd, days),
            currentPeriodEnd: back(sub.currentPeriodEnd, days),
            cancelledAt: back(sub.cancelledAt, days),
          })
          .where(eq(subscriptions.id, sub.id))
      const chargesOf = async () =>
        (await tx.select({ id: planCharges.id }).from(planCharges).where(eq(planCharges.userId, user.id))).length
      const before = await chargesOf()
      await rollSandboxPeriods(tx, user.id, Date.now())
      return { subscriptions: rows.length, charges: (await chargesOf()) - before }
    })
  })
}
