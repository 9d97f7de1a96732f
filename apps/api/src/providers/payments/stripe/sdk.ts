import Stripe from 'stripe'
import { brand } from '../../../brand.ts'
import type { Config } from '../../../config.ts'

/** The Stripe SDK as every Stripe call here uses it: the configured host, a timeout, two retries. */
export const stripeSdk = (config: Config) =>
  new Stripe(config.STRIPE_SECRET_KEY!, {
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: brand.slug },
  })
