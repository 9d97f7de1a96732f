import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { subscriptions, trialClaims, users } from '../db/schema.ts'
import { registeredMember, startCheckout } from '../modules/billing/test-helpers.ts'
import { trialKeys } from '../modules/billing/service.ts'
import { insertUser } from '../modules/users/service.ts'
import { signSignupToken } from '../modules/auth/signup-tokens.ts'
import { call, freshIp, useTestApp } from '../testing/app.ts'
import { signedEvent, startFakeStripe } from '../testing/fake-stripe.ts'

const now = () => Math.floor(Date.now() / 1000)
let sessionCounter = 0
let remote: { subscription: Record<string, unknown> }

/** A stand-in for api.stripe.com (testing/fake-stripe.ts): records what the SDK sends. */
const stripe = await startFakeStripe(({ method, path }) => {
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const id = `cs_trial_${++sessionCounter}`
    return { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open', payment_status: 'unpaid' }
  }
  if (method === 'GET' && path.startsWith('/v1/subscriptions/')) return { ...remote.subscription, id: path.split('/').pop() }
  if (method === 'POST' && path.startsWith('/v1/subscriptions/'))
    return { ...remote.subscription, id: path.split('/').pop(), status: 'active', trial_end: now() }
  return undefined
})
const recorded = stripe.recorded
afterAll(() => stripe.close())

// Issue 9, item 6: one free trial per person (user, e-mail, payment customer); a later checkout starts paid.
const DAY = 24 * 3600 * 1000

/** Ends a subscription as if its cancelled period had run out. */
async function endSubscription(app: FastifyInstance, userId: string) {
  await app.db
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: true, cancelledAt: new Date(), currentPeriodEnd: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.userId, userId))
}
const subsOf = (app: FastifyInstance, userId: string) =>
  app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(subscriptions.createdAt)

describe('sandbox provider', () => {
  const ctx = useTestApp()
  const page = (path: string) => ctx.app.inject({ method: 'GET', url: path, remoteAddress: freshIp() })
  const pay = (path: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
  const checkoutPath = async (member: { id: string; email: string; signupToken: string }) => {
    const res = await startCheckout(ctx.app, member)
    expect(res.statusCode, res.body).toBe(200)
    return new URL(res.json().url).pathname
  }

  it('cancel, let the period end, check out again: no second trial — the page says what is paid today and the subscription starts active', async () => {
    const member = await registeredMember(ctx.app)
    const first = await checkoutPath(member)
    const firstPage = await page(first)
    expect(firstPage.body).toMatch(/<dt>Hoy pagas<\/dt>\s*<dd>\$0 CLP<\/dd>/)
    expect(firstPage.body).toMatch(/30 días son gratis/)
    expect((await pay(first)).statusCode).toBe(303)
    expect((await subsOf(ctx.app, member.id))[0].status).toBe('trialing')
    const claims = await ctx.app.db.select().from(trialClaims)
    expect(claims.map((c) => c.key)).toEqual(expect.arrayContaining(trialKeys({ userId: member.id, email: member.email })))

    await endSubscription(ctx.app, member.id)
    const second = await checkoutPath(member)
    const secondPage = await page(second)
    expect(secondPage.body).toMatch(/<dt>Hoy pagas<\/dt>\s*<dd>\$19\.000 CLP<\/dd>/)
    expect(secondPage.body).not.toMatch(/días son gratis/)
    expect(secondPage.body).toMatch(/Ya usaste tu prueba gratuita/)
    const started = Date.now()
    expect((await pay(second)).statusCode).toBe(303)
    const [, next] = await subsOf(ctx.app, member.id)
    expect(next).toMatchObject({ status: 'active', trialEnd: null })
    expect(Math.abs(next.currentPeriodEnd!.getTime() - (started + 30 * DAY))).toBeLessThan(60_000)
    // Same person, same payment customer.
    expect(next.providerCustomerId).toBe((await subsOf(ctx.app, member.id))[0].providerCustomerId)
  })

  it('a new account with the same e-mail (any case) gets no second trial', async () => {
    const member = await registeredMember(ctx.app)
    const path = await checkoutPath(member)
    await pay(path)
    // The account goes (e.g. its trainer record was deleted) and the person registers again.
    await ctx.app.db.delete(users).where(eq(users.id, member.id))
    const again = await insertUser(ctx.app.db, {
      email: member.email.toUpperCase(),
      password: 'Segura123!',
      firstName: 'C',
      lastName: 'R',
      role: 'member',
    })
    const { token } = await signSignupToken(ctx.app, again!.id)
    const second = await checkoutPath({ id: again!.id, email: member.email, signupToken: token })
    expect((await page(second)).body).toMatch(/Hoy pagas<\/dt>\s*<dd>\$19\.000 CLP/)
    await pay(second)
    expect((await subsOf(ctx.app, again!.id))[0]).toMatchObject({ status: 'active', trialEnd: null })
  })

  it('two checkouts opened before paying either: only the first payment gets the trial', async () => {
    const member = await registeredMember(ctx.app)
    const a = await checkoutPath(member)
    const b = await checkoutPath(member)
    const [ra, rb] = await Promise.all([pay(a), pay(b)])
    expect([ra.statusCode, rb.statusCode]).toEqual([303, 303])
    const subs = await subsOf(ctx.app, member.id)
    expect(subs.map((s) => s.status).sort()).toEqual(['active', 'trialing'])
  })
})

describe('Stripe provider', () => {
  const WEBHOOK_SECRET = 'whsec_trial_secret'
  const ctx = useTestApp(stripe.config(WEBHOOK_SECRET))
  beforeEach(() => {
    recorded.length = 0
  })

  const deliver = (type: string, object: Record<string, unknown>) => {
    const { payload, headers } = signedEvent(WEBHOOK_SECRET, type, object)
    return ctx.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload, headers, remoteAddress: freshIp() })
  }
  const subscriptionObject = (id: string, customer: string, over: Record<string, unknown> = {}) => ({
    id,
    object: 'subscription',
    customer,
    status: 'trialing',
    trial_end: now() + 30 * 24 * 3600,
    cancel_at_period_end: false,
    canceled_at: null,
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: now() + 30 * 24 * 3600 }] },
    metadata: {},
    ...over,
  })
  const sessionForm = () => recorded.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form
  const complete = async (sessionId: string, subId: string, customer: string, status = 'trialing') => {
    remote = { subscription: subscriptionObject(subId, customer, status === 'active' ? { status: 'active', trial_end: null } : {}) }
    const res = await deliver('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: status === 'active' ? 'paid' : 'no_payment_required',
      subscription: subId,
      customer,
    })
    expect(res.statusCode).toBe(200)
  }
  const lastSessionId = async (userId: string) => {
    const res = recorded.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!
    expect(res.form.client_reference_id).toBe(userId)
    return `cs_trial_${sessionCounter}`
  }

  it('the first checkout asks Stripe for a 30-day trial; after the subscription ended, the next one omits trial_period_days and reuses the customer', async () => {
    const member = await registeredMember(ctx.app)
    expect((await startCheckout(ctx.app, member)).statusCode).toBe(200)
    expect(sessionForm()).toMatchObject({ 'subscription_data[trial_period_days]': '30', customer_email: member.email })
    await complete(await lastSessionId(member.id), `sub_t_${member.id}`, `cus_t_${member.id}`)
    expect((await subsOf(ctx.app, member.id))[0].status).toBe('trialing')

    await deliver(
      'customer.subscription.deleted',
      subscriptionObject(`sub_t_${member.id}`, `cus_t_${member.id}`, { status: 'canceled', canceled_at: now() }),
    )
    expect((await startCheckout(ctx.app, member)).statusCode).toBe(200)
    const form = sessionForm()
    expect(form['subscription_data[trial_period_days]']).toBeUndefined()
    expect(form.customer).toBe(`cus_t_${member.id}`)
    expect(form.customer_email).toBeUndefined()
    await complete(await lastSessionId(member.id), `sub_t2_${member.id}`, `cus_t_${member.id}`, 'active')
    expect(recorded.some((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'))).toBe(false)
    const subs = await subsOf(ctx.app, member.id)
    expect(subs[1]).toMatchObject({ status: 'active', trialEnd: null })
  })

  it('a trial Stripe granted to someone who already had one (a known payment customer) is ended at once', async () => {
    const first = await registeredMember(ctx.app)
    await startCheckout(ctx.app, first)
    await complete(await lastSessionId(first.id), `sub_a_${first.id}`, `cus_shared_${first.id}`)

    // Another account, another e-mail, but Stripe reports the same customer and a new trial.
    const second = await registeredMember(ctx.app)
    await startCheckout(ctx.app, second)
    expect(sessionForm()['subscription_data[trial_period_days]']).toBe('30')
    recorded.length = 0
    await complete(`cs_trial_${sessionCounter}`, `sub_b_${second.id}`, `cus_shared_${first.id}`)
    const end = recorded.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/sub_b_${second.id}`)
    expect(end?.form).toMatchObject({ trial_end: 'now' })
    // A trial the person did not have before is left alone.
    const third = await registeredMember(ctx.app)
    await startCheckout(ctx.app, third)
    recorded.length = 0
    await complete(`cs_trial_${sessionCounter}`, `sub_c_${third.id}`, `cus_c_${third.id}`)
    expect(recorded.some((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'))).toBe(false)
  })

  it('the sandbox pages stay off with Stripe configured', async () => {
    expect((await call(ctx.app, 'GET', '/sandbox/checkout/cs_trial_1')).statusCode).toBe(404)
  })
})
