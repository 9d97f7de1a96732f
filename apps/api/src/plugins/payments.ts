import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { startPayments } from '../providers/payments/index.ts'
import { movementSourceFor, type MovementSource } from '../providers/payments/movements.ts'
import type { CardCharges, PaymentProvider, PayoutLinking } from '../providers/payments/types.ts'
import { accessTokenOfProviderUser, linkedSellerTokens } from '../modules/payout-links/service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider
    /** Payout accounts linked by OAuth; null when the provider in use onboards them instead (decision 207). */
    payoutLinking: PayoutLinking | null
    /** Client payments charged by us on a saved card, split at the source; null when the provider bills them itself (decision 249). */
    cardCharges: CardCharges | null
    /** The provider's records for ledger:reconcile, as this process reaches them (its local test-mode provider included). */
    movementSource: () => MovementSource
  }
}

export default fp(
  async function payments(app: FastifyInstance) {
    // One start for both: in local test mode they share one fake of the provider (decision 228).
    const api = `${app.config.APP_URL}/api/v1`
    const { provider, linking, cardCharges, fake, close } = await startPayments(
      app.config,
      app.db,
      { webhook: `${api}/payments/:provider/webhook` },
      { sellerToken: (collectorId) => accessTokenOfProviderUser(app, collectorId) },
    )
    app.addHook('onClose', close)
    if (fake) app.log.info({ url: fake.url }, "payments against the provider's fake (local test mode)")
    app.decorate('payments', provider)
    app.decorate('payoutLinking', linking)
    app.decorate('cardCharges', cardCharges)
    app.decorate('movementSource', () => movementSourceFor(app.config, app.db, fake ?? undefined, () => linkedSellerTokens(app)))
    app.log.debug({ provider: provider.name }, 'payment provider')
  },
  { name: 'payments', dependencies: ['db', 'mailer'] },
)
