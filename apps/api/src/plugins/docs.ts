import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { brand } from '../brand.ts'
import { withIdempotencyHeader } from './idempotency.ts'

/** OpenAPI generated from the zod schemas of every route: /api/openapi.json and /api/docs. */
export default fp(
  async function docs(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${brand.name} API`,
          version: '1.0.0',
          description: 'Errors always answer {status, message, errors?: {field: code}}.',
        },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: withIdempotencyHeader(jsonSchemaTransform),
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'docs' },
)
