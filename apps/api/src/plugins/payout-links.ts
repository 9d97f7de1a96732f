import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { secretBox, secretBoxKey, type SecretBox } from '../lib/secret-box.ts'
import { startPayoutLinking } from '../providers/payments/index.ts'
import type { PayoutLinking } from '../providers/payments/types.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Payout accounts linked by OAuth; null when the provider in use onboards them instead (decision 207). */
    payoutLinking: PayoutLinking | null
    /** Seals secrets stored at rest (payout tokens). */
    secrets: SecretBox
  }
}

export default fp(
  async function payoutLinks(app: FastifyInstance) {
    app.decorate('secrets', secretBox(secretBoxKey(app.config)))
    const { linking, fakeUrl, close } = await startPayoutLinking(app.config, `${app.config.APP_URL}/api/v1/payout-links/notifications`)
    app.addHook('onClose', close)
    if (fakeUrl) app.log.info({ url: fakeUrl }, "payout linking against the provider's fake (local test mode)")
    app.decorate('payoutLinking', linking)
  },
  { name: 'payout-links', dependencies: ['db'] },
)
