import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { brand } from '../brand.ts'
import { API_ERROR_COMPONENT, API_TAGS, SECURITY_SCHEMES, contractTransform } from './contract.ts'
import { withIdempotencyHeader } from './idempotency.ts'

/** The contract's version: a breaking change bumps the major (npm run api:diff, docs/api.md). */
export const API_VERSION = '3.2.0'

const DESCRIPTION = `The API of ${brand.name}: the web app and the mobile app are both built on it.

Every error answers \`{ "status": 422, "message": "…", "errors": { "field": "code" } }\`: \`message\` is always
there and readable, \`errors\` (on 422 and some 404/409) holds one code per field. A 401 on a signed-in
call means: refresh the tokens once (POST /api/v1/auth/refresh with the refresh token), then retry.
Rate-limited calls answer 429 with Retry-After. Every answer carries X-Request-Id.`

/** OpenAPI generated from the zod schemas of every route: /api/openapi.json and /api/docs. */
export default fp(
  async function docs(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${brand.name} API`,
          version: API_VERSION,
          description: DESCRIPTION,
          contact: { name: `${brand.name} developers`, email: 'developers@entrenapp.cl' },
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // The same document for every deployment: a client sets the origin (APP_URL of the server).
        servers: [
          {
            url: '{origin}',
            description: 'The server (its APP_URL)',
            variables: { origin: { default: 'http://localhost:3000', description: 'Scheme, host and port of the server' } },
          },
        ],
        tags: [...API_TAGS],
        components: { securitySchemes: SECURITY_SCHEMES, schemas: { ApiError: API_ERROR_COMPONENT } },
      },
      transform: withIdempotencyHeader(contractTransform) as never,
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  },
  { name: 'docs' },
)
