import { ApiErrorSchema, UserLookupQuerySchema, UserLookupSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notFound } from '../../errors.ts'
import { findUserByEmail } from './service.ts'

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/users/by-email',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether an e-mail is registered (no auth, rate-limited)',
        operationId: 'lookupUserByEmail',
        description:
          'Tells whether an e-mail belongs to an account (id and isActive), so that sign-up can say it is already registered; 404 with errors.email = notFound otherwise. Rate-limited per address.',
        querystring: UserLookupQuerySchema,
        response: { 200: UserLookupSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: app.limit('user-lookup-ip', { max: 30, windowMs: 60_000 }),
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.query.email)
      if (!user) throw notFound('No account is registered with this e-mail', { email: 'notFound' })
      return { id: user.id, isActive: user.isActive }
    },
  )
}
