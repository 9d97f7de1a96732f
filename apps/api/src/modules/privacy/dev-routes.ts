import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { users } from '../../db/schema.ts'
import { devOnly } from '../../plugins/dev-only.ts'
import { buildDueExports } from './export-jobs.ts'
import { purgeClosedAccounts } from './purge.ts'

const AtSchema = z.object({ at: z.iso.datetime() })
const PurgeSchema = AtSchema.extend({ email: z.string().trim().toLowerCase().optional() })
const PurgeAnswerSchema = z.object({ accounts: z.number(), leads: z.number(), exports: z.number() })

/**
 * The E2E's clock (issue 20): runs the 90-day purge (of one account by `email`, so other tests'
 * closed accounts, export links and leads are left alone), or the background export job, as if it were `at` (the server's
 * own clock is not moved). Loopback callers only, never in production
 * (plugins/dev-only.ts): elsewhere these routes do not exist.
 */
export default async function privacyDevRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('onRequest', devOnly(app))

  app.post('/dev/privacy/purge', { schema: { hide: true, body: PurgeSchema, response: { 200: PurgeAnswerSchema } } }, async (request) => {
    const at = new Date(request.body.at)
    const total = { accounts: 0, leads: 0, exports: 0 }
    let only: string | undefined
    if (request.body.email) {
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, request.body.email)).limit(1)
      if (!user) return total
      only = user.id
    }
    for (;;) {
      const done = await purgeClosedAccounts(app.db, at, 50, only)
      total.accounts += done.accounts
      total.leads += done.leads
      total.exports += done.exports
      if (done.accounts === 0) return total
    }
  })

  app.post(
    '/dev/privacy/exports',
    { schema: { hide: true, body: AtSchema, response: { 200: z.object({ built: z.number() }) } } },
    async (request) => ({ built: await buildDueExports(app, new Date(request.body.at)) }),
  )
}
