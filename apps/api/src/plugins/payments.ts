import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

// The payment provider (sandbox or Stripe) behind one interface, added by the billing issue.
export default fp(async function payments(_app: FastifyInstance) {}, { name: 'payments', dependencies: ['db', 'mailer'] })
