import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../testing/app.ts'
import { createOffer, gymWithTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { clientMrrQuery } from './money.ts'
import type { Tx } from '../../db/client.ts'

// Decision 246: the MRR's client part is kept as running totals by triggers on
// client_subscriptions. Whatever changes the subscriptions (the app's flows, or a statement that
// changes many rows at once), the totals must say what a sum over the table says.
const ctx = useTestApp()

async function both(db: Tx) {
  const [kept] = await clientMrrQuery(db)
  const direct = (
    (await db.execute(
      sql`select coalesce(sum(price_clp), 0)::text as clp, count(*)::text as n from client_subscriptions where state = 'active'`,
    )) as unknown as { rows: { clp: string; n: string }[] }
  ).rows[0]!
  return { kept: { clp: Number(kept!.clp), n: Number(kept!.n) }, direct: { clp: Number(direct.clp), n: Number(direct.n) } }
}

describe('the MRR totals (decision 246)', () => {
  it('say what the subscriptions say after sign-ups, state and price changes, inserts and deletes of many rows', async () => {
    const db = ctx.app.db
    const gym = await gymWithTrainer(ctx.app)
    const start = await both(db)
    expect(start.kept).toEqual(start.direct)
    await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_000 })).id)
    await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token, { priceClp: 12_345 })).id)
    const paid = await both(db)
    expect(paid.kept).toEqual(paid.direct)
    expect(paid.kept.n - start.kept.n).toBe(2)
    expect(paid.kept.clp - start.kept.clp).toBe(42_345)

    // A renewal touching only updated_at changes nothing (and writes no total).
    await db.execute(sql`update client_subscriptions set updated_at = now()`)
    expect((await both(db)).kept).toEqual(paid.kept)
    // A price change, a cancellation, then every row at once.
    await db.execute(sql`update client_subscriptions set price_clp = price_clp + 1000 where price_clp = 12345`)
    await db.execute(sql`update client_subscriptions set state = 'cancelled' where price_clp = 30000`)
    const changed = await both(db)
    expect(changed.kept).toEqual(changed.direct)
    expect(changed.kept).toEqual({ n: paid.kept.n - 1, clp: paid.kept.clp - 30_000 + 1000 })
    await db.execute(sql`update client_subscriptions set state = 'active'`)
    const all = await both(db)
    expect(all.kept).toEqual(all.direct)

    // Rows inserted and deleted by one statement each, inside a transaction rolled back after.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into client_subscriptions (client_user_id, trainer_id, offer_id, price_clp, trainer_bps, gym_bps, platform_bps, state, provider, provider_subscription_id)
          select client_user_id, trainer_id, offer_id, price_clp * 2, trainer_bps, gym_bps, platform_bps, state, provider, provider_subscription_id || '-copy'
          from client_subscriptions`)
        const doubled = await both(tx)
        expect(doubled.kept).toEqual(doubled.direct)
        expect(doubled.kept.n).toBe(all.kept.n * 2)
        await tx.execute(sql`delete from client_subscriptions where provider_subscription_id like '%-copy'`)
        expect((await both(tx)).kept).toEqual(all.kept)
        throw new Error('rollback')
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'))
    expect((await both(db)).kept).toEqual(all.kept)
  })
})
