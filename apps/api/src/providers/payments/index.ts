import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import type { Config } from '../../config.ts'
import cardPaymentRoutes from '../../modules/client-billing/card-routes.ts'
import sandboxClientRoutes from './sandbox/client-routes.ts'
import { sandboxProvider } from './sandbox/provider.ts'
import sandboxDevRoutes from './sandbox/dev-routes.ts'
import sandboxRoutes from './sandbox/routes.ts'
import { stripeProvider } from './stripe/provider.ts'
import { mercadoPagoLinking } from './mercadopago/linking.ts'
import { mercadoPagoCardCharges } from './mercadopago/card-charges.ts'
import { mercadoPagoProvider } from './mercadopago/provider.ts'
import type { CardCharges, PaymentProvider, PayoutLinking } from './types.ts'

/** The fake's addresses and secrets in sandbox mode (MERCADOPAGO_SANDBOX, never in production). */
interface FakeSettings {
  url: string
  clientId: string
  clientSecret: string
  webhookSecret: string
  platformToken: string
}

/**
 * The one place a provider is chosen (decisions 091, 228): Mercado Pago when PAYMENTS_PROVIDER=mercadopago,
 * else Stripe when its key is configured, else the sandbox.
 */
export function paymentProviderFor(config: Config, db: Tx, fake?: FakeSettings, hooks: ProviderHooks = noHooks): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'mercadopago')
    return mercadoPagoProvider({
      accessToken: () => fake?.platformToken ?? config.MERCADOPAGO_ACCESS_TOKEN!,
      webhookSecret: fake?.webhookSecret ?? config.MERCADOPAGO_WEBHOOK_SECRET!,
      baseUrl: () => fake?.url ?? config.MERCADOPAGO_BASE_URL ?? 'https://api.mercadopago.com',
      timeoutMs: config.MERCADOPAGO_TIMEOUT_MS,
      appUrl: config.APP_URL,
      cardCharges: cardChargesFor(config, fake)!,
      sellerToken: hooks.sellerToken,
    })
  return config.STRIPE_SECRET_KEY ? stripeProvider(config) : sandboxProvider(db, config.APP_URL)
}

/** What a provider asks of this server once it runs: a linked seller's working token (payout-links). */
export interface ProviderHooks {
  sellerToken: (collectorId: string) => Promise<string | null>
}
const noHooks: ProviderHooks = { sellerToken: async () => null }

/**
 * Client payments charged by us on a saved card (decision 249): Mercado Pago, whose subscriptions
 * cannot carry a marketplace fee; null for Stripe and the sandbox, which bill subscriptions themselves.
 */
export function cardChargesFor(config: Config, fake?: FakeSettings): CardCharges | null {
  if (config.PAYMENTS_PROVIDER !== 'mercadopago') return null
  return mercadoPagoCardCharges({
    accessToken: () => fake?.platformToken ?? config.MERCADOPAGO_ACCESS_TOKEN!,
    baseUrl: () => fake?.url ?? config.MERCADOPAGO_BASE_URL ?? 'https://api.mercadopago.com',
    timeoutMs: config.MERCADOPAGO_TIMEOUT_MS,
    // The Card Payment Brick on our own page is not built: production refuses this provider until it is (config.ts).
    cardFormUrl: () => (fake ? `${fake.url}/checkout/card_form` : (config.MERCADOPAGO_CARD_FORM_URL ?? `${config.APP_URL}/pago/tarjeta`)),
    publicKey: () => (fake ? `TEST-${fake.clientId}` : (config.MERCADOPAGO_PUBLIC_KEY ?? '')),
    cardOnFile: fake ? true : config.MERCADOPAGO_CARD_ON_FILE,
    splitPayments: fake ? true : config.MERCADOPAGO_SPLIT_PAYMENTS,
  })
}

/**
 * Payout accounts linked by OAuth (decision 207): Mercado Pago when PAYMENTS_PROVIDER=mercadopago,
 * else none (Stripe and the sandbox onboard payout accounts instead). `fake` overrides the
 * configured addresses and secrets (the fake's, in sandbox mode).
 */
export function payoutLinkingFor(config: Config, fake?: Omit<FakeSettings, 'platformToken'>): PayoutLinking | null {
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
 * The payment provider and payout linking in use, started: in sandbox mode (MERCADOPAGO_SANDBOX,
 * never in production) one fake Mercado Pago runs on a loopback port for both, sends its
 * notifications to our one webhook (`urls.webhook`, mp-connect included, as Mercado Pago's panel
 * takes one URL: decision 240), and `close` stops it.
 */
export async function startPayments(
  config: Config,
  db: Tx,
  urls: { webhook: string },
  hooks: ProviderHooks = noHooks,
): Promise<{
  provider: PaymentProvider
  linking: PayoutLinking | null
  cardCharges: CardCharges | null
  /** The sandbox-mode fake's address and the platform's token on it (ledger:reconcile reads its payments). */
  fake: { url: string; platformToken: string } | null
  close(): Promise<void>
}> {
  if (config.PAYMENTS_PROVIDER !== 'mercadopago' || !config.MERCADOPAGO_SANDBOX)
    return {
      provider: paymentProviderFor(config, db, undefined, hooks),
      linking: payoutLinkingFor(config),
      cardCharges: cardChargesFor(config),
      fake: null,
      close: async () => {},
    }
  const { startFakeMercadoPago } = await import('./mercadopago/fake/server.ts')
  const fake = await startFakeMercadoPago()
  fake.setNotificationUrl(urls.webhook.replace(':provider', 'mercadopago'))
  // Mercado Pago bills on its own: the fake's clock is the wall clock here, and its notifications go out by themselves.
  fake.setAutoNotify(true)
  const billing = setInterval(fake.runBilling, 60_000)
  billing.unref()
  const settings = { url: fake.url, ...fake.app, platformToken: fake.platformToken }
  return {
    provider: paymentProviderFor(config, db, settings, hooks),
    linking: payoutLinkingFor(config, settings),
    cardCharges: cardChargesFor(config, settings),
    fake: { url: fake.url, platformToken: fake.platformToken },
    close: async () => {
      clearInterval(billing)
      await fake.close()
    },
  }
}

/**
 * The providers' own pages on this server (the sandbox's checkout, portal and onboarding); each
 * answers 404 while its provider is not in use. Outside production, the sandbox's dev-only clock
 * for plan charges too (sandbox/dev-routes.ts).
 */
export async function providerPages(app: FastifyInstance) {
  await app.register(sandboxRoutes)
  await app.register(cardPaymentRoutes)
  await app.register(sandboxClientRoutes)
  if (app.config.NODE_ENV !== 'production') await app.register(sandboxDevRoutes)
}
