import { sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { MovementSource } from './movement-types.ts'
import { mercadoPagoMovements } from './mercadopago/movements.ts'
import { rowsOf, sandboxMovements } from './sandbox/movements.ts'
import { stripeMovements } from './stripe/movements.ts'

export type { MoneyMovement, MovementRange, MovementSource } from './movement-types.ts'

/**
 * The movement source of the configured provider (the same choice as paymentProviderFor). `fake`:
 * the sandbox-mode Mercado Pago of the server process (startPayments), which only it can reach.
 */
export function movementSourceFor(
  config: Config,
  db: Db,
  fake?: { url: string; platformToken: string },
  sellerTokens?: () => Promise<string[]>,
): MovementSource {
  if (config.PAYMENTS_PROVIDER === 'mercadopago') {
    if (config.MERCADOPAGO_SANDBOX && !fake)
      throw new Error("the sandbox's Mercado Pago lives in the server's process: run ledger:reconcile while the server runs (npm start)")
    return mercadoPagoMovements({
      baseUrl: () => fake?.url ?? config.MERCADOPAGO_BASE_URL ?? 'https://api.mercadopago.com',
      accessToken: () => fake?.platformToken ?? config.MERCADOPAGO_ACCESS_TOKEN!,
      timeoutMs: config.MERCADOPAGO_TIMEOUT_MS,
      sellerTokens,
    })
  }
  if (!config.STRIPE_SECRET_KEY) return sandboxMovements(db)
  return stripeMovements(config, async () =>
    rowsOf<{ account: string }>(
      await db.execute(sql`select distinct provider_account_id as account from client_subscriptions
        where provider = 'stripe' and provider_account_id is not null order by 1`),
    ).map((r) => r.account),
  )
}
