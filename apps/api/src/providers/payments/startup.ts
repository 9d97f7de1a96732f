import type { Config } from '../../config.ts'
import { SANDBOX_IN_PRODUCTION_WARNING } from './sandbox/routes.ts'

/** What start-up must warn about the configured provider, if anything (printed by server.ts). */
export function providerStartupWarning(config: Config): string | undefined {
  if (config.NODE_ENV === 'production' && !config.STRIPE_SECRET_KEY) return SANDBOX_IN_PRODUCTION_WARNING
  return undefined
}
