import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import type { Config } from '../../config.ts'
import sandboxClientRoutes from './sandbox/client-routes.ts'
import { sandboxProvider } from './sandbox/provider.ts'
import sandboxRoutes from './sandbox/routes.ts'
import { stripeProvider } from './stripe/provider.ts'
import { mercadoPagoLinking } from './mercadopago/linking.ts'
import type { PaymentProvider, PayoutLinking } from './types.ts'

/** The one place a provider is chosen (decision 091): Stripe when its key is configured, else the sandbox. */
export function paymentProviderFor(config: Config, db: Tx): PaymentProvider {
  return config.STRIPE_SECRET_KEY ? stripeProvider(config) : sandboxProvider(db, config.APP_URL)
}

/**
 * Payout accounts linked by OAuth (decision 207): Mercado Pago when PAYMENTS_PROVIDER=mercadopago,
 * else none (Stripe and the sandbox onboard payout accounts instead). `baseUrl`/`authUrl` override
 * the configured addresses (the fake's, in sandbox mode).
 */
export function payoutLinkingFor(
  config: Config,
  fake?: { url: string; clientId: string; clientSecret: string; webhookSecret: string },
): PayoutLinking | null {
  if (config.PAYMENTS_PROVIDER !== 'mercadopago') return null
  return mercadoPagoLinking({
    clientId: fake?.clientId ?? config.MERCADOPAGO_CLIENT_ID!,
    clientSecret: fake?.clientSecret ?? config.MERCADOPAGO_CLIENT_SECRET!,
    webhookSecret: fake?.webhookSecret ?? config.MERCADOPAGO_WEBHOOK_SECRET!,
    baseUrl: () => fake?.url ?? config.MERCADOPAGO_BASE_URL ?? 'https://api.mercadopago.com',
    authUrl: () => fake?.url ?? config.MERCADOPAGO_AUTH_URL ?? 'https://auth.mercadopago.cl',
    timeoutMs: config.MERCADOPAGO_TIMEOUT_MS,
  })
}

/**
 * The payout linking in use, started: in sandbox mode (MERCADOPAGO_SANDBOX, never in production)
 * the fake Mercado Pago runs on a loopback port, sends its notifications to `notificationUrl`, and
 * `close` stops it.
 */
export async function startPayoutLinking(
  config: Config,
  notificationUrl: string,
): Promise<{ linking: PayoutLinking | null; fakeUrl: string | null; close(): Promise<void> }> {
  const linking = payoutLinkingFor(config)
  if (!linking || !config.MERCADOPAGO_SANDBOX) return { linking, fakeUrl: null, close: async () => {} }
  const { startFakeMercadoPago } = await import('./mercadopago/fake/server.ts')
  const fake = await startFakeMercadoPago()
  fake.setNotificationUrl(notificationUrl)
  return { linking: payoutLinkingFor(config, { url: fake.url, ...fake.app }), fakeUrl: fake.url, close: fake.close }
}

/** The providers' own pages on this server (the sandbox's checkout, portal and onboarding); each answers 404 while its provider is not in use. */
export async function providerPages(app: FastifyInstance) {
  await app.register(sandboxRoutes)
  await app.register(sandboxClientRoutes)
}
