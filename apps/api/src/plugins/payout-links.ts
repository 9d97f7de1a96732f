import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { secretBox, secretBoxKey, type SecretBox } from '../lib/secret-box.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals secrets stored at rest (payout tokens). */
    secrets: SecretBox
  }
}

export default fp(
  async function payoutLinks(app: FastifyInstance) {
    app.decorate('secrets', secretBox(secretBoxKey(app.config)))
  },
  { name: 'payout-links', dependencies: ['db', 'payments'] },
)
