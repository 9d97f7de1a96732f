import { eq } from 'drizzle-orm'
import { afterAll, expect } from 'vitest'
import { payoutAccounts, plans, subscriptions, trainers, users } from '../db/schema.ts'
import { freshIp, uniqueEmail, useTestApp } from './app.ts'
import { signedEvent, startFakeStripe, stripeMoney } from './fake-stripe.ts'
import { loginAs, PASSWORD } from '../modules/billing/test-helpers.ts'
import { insertUser } from '../modules/users/service.ts'
import { approvedTaxStart } from '../modules/tax-start/test-helpers.ts'
import { confirmClient, createOffer, invite, startClientCheckout, type TestTrainer } from '../modules/client-billing/test-helpers.ts'

/** A Stripe subscription object in `status`, as its webhooks carry it. */
export const subscriptionObject = (id: string, status: string) => ({
  id,
  object: 'subscription',
  customer: `cus_${id}`,
  status,
  cancel_at_period_end: false,
  canceled_at: status === 'canceled' ? Math.floor(Date.now() / 1000) : null,
  items: {
    object: 'list',
    data: [{ id: 'si', object: 'subscription_item', current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 }],
  },
  metadata: {},
})

/**
 * Client billing against the local recording Stripe server (testing/fake-stripe.ts): the app,
 * signed webhook deliveries, trainers on Stripe, checkouts and invoices. Call once per test file,
 * at its top level.
 */
export async function stripeClientBilling(secret: string) {
  let sessions = 0
  const money = stripeMoney()
  const stripe = await startFakeStripe((call) => {
    const { method, path, form } = call
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_client_${++sessions}`
      return { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open', payment_status: 'unpaid' }
    }
    if (path.startsWith('/v1/subscriptions/')) {
      const id = path.split('/').pop()
      return {
        id,
        object: 'subscription',
        customer: `cus_${id}`,
        status: method === 'DELETE' ? 'canceled' : 'active',
        cancel_at_period_end: form.cancel_at_period_end === 'true',
        canceled_at: null,
        items: {
          object: 'list',
          data: [{ id: 'si', object: 'subscription_item', current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 }],
        },
        metadata: {},
      }
    }
    return money.route(call)
  })
  afterAll(() => stripe.close())

  const ctx = useTestApp(stripe.config(secret))
  const deliver = (
    type: string,
    object: Record<string, unknown>,
    opts: { id?: string; account?: string; signature?: string; created?: number } = {},
  ) => {
    const { payload, headers } = signedEvent(secret, type, object, opts)
    return ctx.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload, headers, remoteAddress: freshIp() })
  }

  /** A trainer on Stripe: a live Starter subscription, a completed Express account and an approved tax start (decision 235). */
  async function stripeTrainer(accountId: string): Promise<TestTrainer> {
    const email = uniqueEmail('stripe-trainer')
    const user = (await insertUser(ctx.app.db, { email, password: PASSWORD, firstName: 'Tomás', lastName: 'Stripe', role: 'trainer' }))!
    const [trainer] = await ctx.app.db
      .insert(trainers)
      .values({ userId: user.id, firstName: 'Tomás', lastName: 'Stripe', email, stripeOnboardingComplete: true })
      .returning()
    const [starter] = await ctx.app.db.select().from(plans).where(eq(plans.key, 'starter'))
    await ctx.app.db.insert(subscriptions).values({
      userId: user.id,
      planId: starter.id,
      provider: 'stripe',
      providerSubscriptionId: `sub_plat_${user.id}`,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    })
    await ctx.app.db
      .insert(payoutAccounts)
      .values({ userId: user.id, provider: 'stripe', providerAccountId: accountId, chargesEnabled: true, detailsSubmitted: true })
    await approvedTaxStart(ctx.app, 'trainer', user.id)
    return { userId: user.id, trainerId: trainer.id, email, token: await loginAs(ctx.app, email) }
  }

  async function checkout(trainer: TestTrainer, priceClp: number) {
    const offer = await createOffer(ctx.app, trainer.token, { priceClp })
    const inv = await invite(ctx.app, trainer.token, offer.id)
    const clientToken = await confirmClient(ctx.app, inv.link, inv.email)
    const res = await startClientCheckout(ctx.app, inv.link, clientToken)
    expect(res.statusCode, res.body).toBe(200)
    const client = (await ctx.app.db.select().from(users).where(eq(users.email, inv.email)))[0]
    return { ...inv, offerId: offer.id as string, clientToken, clientId: client.id, checkoutId: res.json().checkoutId as string }
  }

  const invoice = (sub: string, charge: string, amount: number, metadata: Record<string, string> = {}) => ({
    id: `in_${charge}`,
    object: 'invoice',
    subscription: sub,
    charge,
    amount_paid: amount,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata } },
    lines: { object: 'list', data: [{ period: { end: Math.floor(Date.now() / 1000) + 30 * 86400 } }] },
  })

  return { ctx, stripe, money, deliver, stripeTrainer, checkout, invoice }
}
