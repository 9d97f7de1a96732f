import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { paymentProviderFor } from '../providers/payments/index.ts'
import type { PaymentProvider } from '../providers/payments/types.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider
  }
}

export default fp(
  async function payments(app: FastifyInstance) {
    const provider = paymentProviderFor(app.config, app.db)
    app.decorate('payments', provider)
    app.log.debug({ provider: provider.name }, 'payment provider')
  },
  { name: 'payments', dependencies: ['db', 'mailer'] },
)
