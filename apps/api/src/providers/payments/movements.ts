import { sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { MovementSource } from './movement-types.ts'
import { rowsOf, sandboxMovements } from './sandbox/movements.ts'
import { stripeMovements } from './stripe/movements.ts'

export type { MoneyMovement, MovementRange, MovementSource } from './movement-types.ts'

/** The movement source of the configured provider (the same choice as paymentProviderFor). */
export function movementSourceFor(config: Config, db: Db): MovementSource {
  if (!config.STRIPE_SECRET_KEY) return sandboxMovements(db)
  return stripeMovements(config, async () =>
    rowsOf<{ account: string }>(
      await db.execute(sql`select distinct provider_account_id as account from client_subscriptions
        where provider = 'stripe' and provider_account_id is not null order by 1`),
    ).map((r) => r.account),
  )
}
