import { eq } from 'drizzle-orm'
import { createServer } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { subscriptions } from '../../../db/schema.ts'
import { cancelPlatformSubscription } from '../../../modules/billing/cancel.ts'
import { registeredMember, startCheckout } from '../../../modules/billing/test-helpers.ts'
import { useTestApp } from '../../../testing/app.ts'
import { commands } from '../../../cli/commands.ts'

// Decision 228: `npm start` with PAYMENTS_PROVIDER=mercadopago and MERCADOPAGO_SANDBOX=true. One fake
// serves payments and payout linking, and sends its own signed notifications to our webhook; the
// subscription row follows them without the person coming back to our page.
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number }
    probe.close(() => resolve(port))
  })
})
const ctx = useTestApp({
  PAYMENTS_PROVIDER: 'mercadopago',
  MERCADOPAGO_SANDBOX: true,
  MERCADOPAGO_TIMEOUT_MS: 3_000,
  APP_URL: `http://127.0.0.1:${port}`,
})
beforeAll(async () => {
  await ctx.app.listen({ port, host: '127.0.0.1' })
})

const subOf = async (userId: string) => (await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > until) return value
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('sandbox mode (npm start)', () => {
  it("the trial starts from the fake's own notification, and cancelling in our page ends it the same way", async () => {
    expect(ctx.app.payments.name).toBe('mercadopago')
    expect(ctx.app.payoutLinking).not.toBeNull()
    const member = await registeredMember(ctx.app)
    const page = new URL((await startCheckout(ctx.app, member)).json().url)
    expect(page.hostname).toBe('127.0.0.1')
    expect(page.port).not.toBe(String(port))
    const back = await fetch(`${page.origin}/subscriptions/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ preapproval_id: page.searchParams.get('preapproval_id')!, cardholder_name: 'APRO' }),
      redirect: 'manual',
    })
    expect(back.status).toBe(302)
    expect(new URL(back.headers.get('location')!).origin).toBe(ctx.config.APP_URL)

    // Nobody opens our success page: the signed notification alone starts the trial.
    const trialing = await eventually(
      () => subOf(member.id),
      (s) => s?.status === 'trialing',
    )
    expect(trialing).toMatchObject({ provider: 'mercadopago', status: 'trialing' })

    expect(await cancelPlatformSubscription(ctx.app, member.id)).toBe(true)
    const canceled = await eventually(
      () => subOf(member.id),
      (s) => s?.status === 'canceled',
    )
    expect(canceled!.status).toBe('canceled')
  })

  it("ledger:reconcile run by the server reads the sandbox's Mercado Pago; a separate process is told it cannot (decision 239)", async () => {
    const base = { db: ctx.app.db, kind: ctx.app.database.kind, appUrl: ctx.config.APP_URL, config: ctx.config }
    const inServer = await commands['ledger:reconcile']!.run({ ...base, movementSource: ctx.app.movementSource }, {})
    expect(inServer.stdout[0]).toMatch(/^ledger:reconcile on mercadopago, /)
    expect(inServer.exitCode).toBe(0)
    await expect(commands['ledger:reconcile']!.run(base, {})).rejects.toThrow(/run ledger:reconcile while the server runs/)
  })
})
