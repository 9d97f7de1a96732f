import { ApiErrorSchema, FormSubmissionResultSchema, FormSubmissionSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { submitForm } from './service.ts'

export default async function formsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/forms',
    {
      schema: {
        tags: ['forms'],
        summary: 'Send a contact form, e.g. a free-access request (no auth); the sales inbox is notified',
        operationId: 'submitForm',
        description:
          'Stores a contact form sent from a public page (e.g. a free-access request) and notifies the sales inbox. Rate-limited per address.',
        body: FormSubmissionSchema,
        response: { 201: FormSubmissionResultSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      // A public write: a handful per visitor is plenty, and it keeps the sales inbox clean.
      preHandler: app.limit('forms-ip', { max: 5, windowMs: 10 * 60_000 }),
    },
    async (request, reply) => {
      const result = await submitForm(app, request.body, request.ip)
      return reply.code(201).send(result)
    },
  )
}
