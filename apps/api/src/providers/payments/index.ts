import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import type { Config } from '../../config.ts'
import sandboxClientRoutes from './sandbox/client-routes.ts'
import { sandboxProvider } from './sandbox/provider.ts'
import sandboxRoutes from './sandbox/routes.ts'
import { stripeProvider } from './stripe/provider.ts'
import type { PaymentProvider } from './types.ts'

/** The one place a provider is chosen (decision 091): Stripe when its key is configured, else the sandbox. */
export function paymentProviderFor(config: Config, db: Tx): PaymentProvider {
  return config.STRIPE_SECRET_KEY ? stripeProvider(config) : sandboxProvider(db, config.APP_URL)
}

/** The providers' own pages on this server (the sandbox's checkout, portal and onboarding); each answers 404 while its provider is not in use. */
export async function providerPages(app: FastifyInstance) {
  await app.register(sandboxRoutes)
  await app.register(sandboxClientRoutes)
}

export { SANDBOX_IN_PRODUCTION_WARNING } from './sandbox/routes.ts'
