import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { checkoutSessions, payoutAccounts, subscriptions, trainers, users, webhookEvents } from '../../db/schema.ts'
import { planCharges, taxDocuments } from '../../db/schema/tax-documents.ts'
import { call, freshIp, useTestApp } from '../../testing/app.ts'
import { signedEvent, startFakeStripe } from '../../testing/fake-stripe.ts'
import { loginAs, registeredMember, startCheckout } from './test-helpers.ts'

const now = () => Math.floor(Date.now() / 1000)
const DAY = 24 * 3600
let remote: { checkout: Record<string, unknown>; subscription: Record<string, unknown>; account: Record<string, unknown> }

function subscriptionObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub_test_1',
    object: 'subscription',
    customer: 'cus_test_1',
    status: 'trialing',
    trial_end: now() + 30 * DAY,
    cancel_at_period_end: false,
    canceled_at: null,
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: now() + 30 * DAY }] },
    metadata: {},
    ...overrides,
  }
}

/** A stand-in for api.stripe.com (testing/fake-stripe.ts): records what the SDK sends and answers canned objects. */
const stripe = await startFakeStripe(({ method, path, form }) => {
  const route = `${method} ${path}`
  if (route === 'POST /v1/checkout/sessions')
    return {
      id: 'cs_test_1',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      status: 'open',
      payment_status: 'unpaid',
    }
  if (route === 'GET /v1/checkout/sessions/cs_test_1') return remote.checkout
  if (route === 'GET /v1/subscriptions/sub_test_1') return remote.subscription
  if (route === 'POST /v1/billing_portal/sessions')
    return { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' }
  if (route === 'POST /v1/accounts') return { id: 'acct_test_1', object: 'account', charges_enabled: false, details_submitted: false }
  if (route === 'GET /v1/accounts/acct_test_1') return remote.account
  if (route === 'POST /v1/account_links') return { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_test_1/abc' }
  // An invoice's payments (API 2025-03-31 on), a payment intent's latest charge, a refund, a cancel.
  if (route === 'GET /v1/invoice_payments' && form.invoice === 'in_clover')
    return {
      object: 'list',
      data: [{ id: 'inpay_1', object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: 'pi_clover' } }],
    }
  if (route === 'GET /v1/payment_intents/pi_clover') return { id: 'pi_clover', object: 'payment_intent', latest_charge: 'ch_clover' }
  if (route === 'POST /v1/refunds') return { id: `re_${form.charge}`, object: 'refund', charge: form.charge, amount: Number(form.amount) }
  if (route === 'DELETE /v1/subscriptions/sub_test_1') return { ...remote.subscription, status: 'canceled', canceled_at: now() }
  return undefined
})
const recorded = stripe.recorded
afterAll(() => stripe.close())

const WEBHOOK_SECRET = 'whsec_test_secret'
const ctx = useTestApp(stripe.config(WEBHOOK_SECRET, { STRIPE_PRICE_STARTER: 'price_starter_test' }))

beforeEach(() => {
  recorded.length = 0
  remote = {
    checkout: { id: 'cs_test_1', object: 'checkout.session', status: 'open', payment_status: 'unpaid', subscription: null },
    subscription: subscriptionObject(),
    account: { id: 'acct_test_1', object: 'account', charges_enabled: false, details_submitted: false },
  }
})

function deliver(type: string, object: Record<string, unknown>, opts: { id?: string; secret?: string; signature?: string } = {}) {
  const { payload, headers } = signedEvent(opts.secret ?? WEBHOOK_SECRET, type, object, opts)
  return ctx.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload, headers, remoteAddress: freshIp() })
}

/** Clean tables of this file's one Stripe customer between lifecycle steps. */
async function freshCheckout() {
  await ctx.app.db.delete(subscriptions).where(eq(subscriptions.providerSubscriptionId, 'sub_test_1'))
  await ctx.app.db.delete(checkoutSessions).where(eq(checkoutSessions.id, 'cs_test_1'))
  await ctx.app.db.delete(payoutAccounts).where(eq(payoutAccounts.providerAccountId, 'acct_test_1'))
  const member = await registeredMember(ctx.app)
  const res = await startCheckout(ctx.app, member)
  expect(res.statusCode).toBe(200)
  return member
}

async function paidViaWebhook() {
  const member = await freshCheckout()
  const res = await deliver('checkout.session.completed', {
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    subscription: 'sub_test_1',
    customer: 'cus_test_1',
  })
  expect(res.statusCode).toBe(200)
  return member
}

const subscriptionRow = async () =>
  (await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, 'sub_test_1')))[0]

describe('Stripe provider: what the SDK sends', () => {
  it('checkout: a subscription-mode session with a 30-day trial, the Starter price and our redirects', async () => {
    const member = await freshCheckout()
    const call0 = recorded.find((r) => r.path === '/v1/checkout/sessions')!
    expect(call0.method).toBe('POST')
    expect(call0.headers.authorization).toBe('Bearer sk_test_local')
    expect(call0.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_starter_test',
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '30',
      customer_email: member.email,
      client_reference_id: member.id,
      success_url: 'http://localhost:3000/auth/checkout/success?sid={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/auth/checkout/cancel',
    })
    const [row] = await ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, 'cs_test_1'))
    expect(row).toMatchObject({ provider: 'stripe', userId: member.id, url: 'https://checkout.stripe.com/c/pay/cs_test_1', status: 'open' })
  })

  it('checkout verify asks Stripe when the redirect beats the webhook, and applies the payment', async () => {
    const member = await freshCheckout()
    const open = await call(ctx.app, 'GET', '/api/v1/platform/checkout/verify/cs_test_1', { token: member.signupToken })
    expect(open.json()).toEqual({ paymentStatus: 'unpaid', status: 'open' })
    // A trial needs no payment today: Stripe says no_payment_required, which the page counts as done.
    remote.checkout = { ...remote.checkout, status: 'complete', payment_status: 'no_payment_required', subscription: 'sub_test_1' }
    const paid = await call(ctx.app, 'GET', '/api/v1/platform/checkout/verify/cs_test_1', { token: member.signupToken })
    expect(paid.json()).toEqual({ paymentStatus: 'no_payment_required', status: 'complete' })
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toContain('GET /v1/subscriptions/sub_test_1')
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, member.id))
    expect(user.role).toBe('trainer')
    expect((await subscriptionRow()).status).toBe('trialing')
  })

  it('billing portal: a session for the Stripe customer with our return URL', async () => {
    const member = await paidViaWebhook()
    const token = await loginAs(ctx.app, member.email)
    const res = await call(ctx.app, 'POST', '/api/v1/payments/stripe/billing-portal-session', {
      token,
      body: { returnUrl: 'http://localhost:3000/dashboard' },
    })
    expect(res.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' })
    const sent = recorded.find((r) => r.path === '/v1/billing_portal/sessions')!
    expect(sent.form).toEqual({ customer: 'cus_test_1', return_url: 'http://localhost:3000/dashboard' })
  })

  it('payouts: an Express account for Chile and an onboarding link back to /auth/stripe/onboarding', async () => {
    const member = await paidViaWebhook()
    const res = await call(ctx.app, 'POST', '/api/v1/connect/onboarding/setup', {
      token: member.signupToken,
      body: { userId: member.id, email: member.email, country: 'CL' },
    })
    expect(res.json()).toEqual({ onboardingUrl: 'https://connect.stripe.com/setup/e/acct_test_1/abc' })
    const account = recorded.find((r) => r.path === '/v1/accounts')!
    expect(account.form).toMatchObject({ type: 'express', country: 'CL', email: member.email, 'metadata[userId]': member.id })
    const link = recorded.find((r) => r.path === '/v1/account_links')!
    expect(link.form).toMatchObject({
      account: 'acct_test_1',
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/auth/stripe/onboarding?volver=1',
      refresh_url: 'http://localhost:3000/auth/stripe/onboarding?refresh=1',
    })

    // The status check asks Stripe until the account is done.
    const before = await call(ctx.app, 'GET', `/api/v1/connect/account/by-user/${member.id}`, { token: member.signupToken })
    expect(before.json()).toEqual({ charges_enabled: false, details_submitted: false, complete: false, setup: 'onboarding' })
    remote.account = { ...remote.account, charges_enabled: true, details_submitted: true }
    const after = await call(ctx.app, 'GET', `/api/v1/connect/account/by-user/${member.id}`, { token: member.signupToken })
    expect(after.json()).toEqual({ charges_enabled: true, details_submitted: true, complete: true, setup: 'onboarding' })
    const onboarding = await call(ctx.app, 'GET', `/api/v1/trainers/by-user/${member.id}/onboarding-status`, { token: member.signupToken })
    expect(onboarding.json()).toEqual({ stripeOnboardingComplete: true })
  })
})

describe('POST /payments/stripe/webhook', () => {
  it('a bad or missing signature is refused with 400 and changes nothing', async () => {
    await freshCheckout()
    const object = {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_test_1',
    }
    const wrongSecret = await deliver('checkout.session.completed', object, { secret: 'whsec_other' })
    expect(wrongSecret.statusCode).toBe(400)
    expect(wrongSecret.json()).toMatchObject({ status: 400, message: 'Invalid webhook signature' })
    const garbage = await deliver('checkout.session.completed', object, { signature: 't=1,v1=deadbeef' })
    expect(garbage.statusCode).toBe(400)
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      payload: JSON.stringify({ id: 'evt_x' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(none.statusCode).toBe(400)
    const [row] = await ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, 'cs_test_1'))
    expect(row.status).toBe('open')
    expect(await subscriptionRow()).toBeUndefined()
  })

  it('checkout.session.completed starts the trial and makes the member a trainer', async () => {
    const member = await paidViaWebhook()
    const [session] = await ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, 'cs_test_1'))
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid' })
    const sub = await subscriptionRow()
    expect(sub).toMatchObject({
      userId: member.id,
      provider: 'stripe',
      status: 'trialing',
      providerCustomerId: 'cus_test_1',
      cancelAtPeriodEnd: false,
    })
    expect(sub.trialEnd!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY * 1000)
    const [trainer] = await ctx.app.db.select().from(trainers).where(eq(trainers.userId, member.id))
    expect(trainer.gymId).toBeNull()
    const token = await loginAs(ctx.app, member.email)
    const status = await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })
    expect(status.json().hasActiveSubscription).toBe(true)
  })

  it('a duplicated event is applied once', async () => {
    await paidViaWebhook()
    const failed = {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1' } },
      lines: { data: [] },
    }
    const first = await deliver('invoice.payment_failed', failed, { id: 'evt_dup_1' })
    expect(first.json()).toEqual({ received: true, duplicate: false })
    expect((await subscriptionRow()).status).toBe('past_due')
    // The retry succeeds...
    await deliver('invoice.paid', { ...failed, lines: { data: [{ period: { end: now() + 30 * DAY } }] } })
    expect((await subscriptionRow()).status).toBe('active')
    // ...and a late second delivery of the failure must not undo it.
    const again = await deliver('invoice.payment_failed', failed, { id: 'evt_dup_1' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ received: true, duplicate: true })
    expect((await subscriptionRow()).status).toBe('active')
    expect(await ctx.app.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_dup_1'))).toHaveLength(1)
  })

  it('renewal: invoice.paid makes the subscription active with the new period end', async () => {
    const member = await paidViaWebhook()
    const periodEnd = now() + 60 * DAY
    await deliver('invoice.paid', {
      id: 'in_2',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1' } },
      lines: { data: [{ period: { end: periodEnd } }] },
    })
    const sub = await subscriptionRow()
    expect(sub.status).toBe('active')
    expect(sub.currentPeriodEnd!.getTime()).toBe(periodEnd * 1000)
    const token = await loginAs(ctx.app, member.email)
    expect((await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })).json()).toMatchObject({
      hasActiveSubscription: true,
      subscription: { status: 'active' },
    })
  })

  it("a paid invoice in today's shape (no charge on it): its charge is asked for, recorded beside it and refunded by a withdrawal (decision 236)", async () => {
    const member = await paidViaWebhook()
    const paid = await deliver('invoice.paid', {
      id: 'in_clover',
      object: 'invoice',
      amount_paid: 19_990,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1' } },
      lines: { data: [{ period: { end: now() + 30 * DAY } }] },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const sub = await subscriptionRow()
    const [charge] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.subscriptionId, sub.id))
    expect(charge).toMatchObject({ providerChargeId: 'in_clover', providerPaymentId: 'ch_clover', amountClp: 19_990 })

    const token = await loginAs(ctx.app, member.email)
    const res = await call(ctx.app, 'POST', '/api/v1/platform/subscriptions/withdrawal', { token })
    expect(res.statusCode, res.body).toBe(200)
    const refunds = stripe.calls('POST', '/v1/refunds')
    expect(refunds.map((r) => [r.form.charge, r.form.amount, r.headers['idempotency-key']])).toEqual([
      ['ch_clover', '19990', `plan-withdrawal:${charge!.id}`],
    ])
    expect(stripe.calls('DELETE', '/v1/subscriptions/sub_test_1')).toHaveLength(1)
    // Stripe's own report of that refund changes nothing more.
    await deliver('charge.refunded', { id: 'ch_clover', object: 'charge', refunds: { data: [{ id: 're_ch_clover', amount: 19_990 }] } })
    const [after] = await ctx.app.db.select().from(planCharges).where(eq(planCharges.id, charge!.id))
    expect(after!.refundedClp).toBe(19_990)
    await ctx.app.db.delete(taxDocuments).where(eq(taxDocuments.recipientUserId, member.id))
    await ctx.app.db.delete(planCharges).where(eq(planCharges.subscriptionId, sub.id))
  })

  it('cancel at period end keeps access until Stripe deletes the subscription', async () => {
    const member = await paidViaWebhook()
    const token = await loginAs(ctx.app, member.email)
    await deliver('customer.subscription.updated', subscriptionObject({ status: 'active', cancel_at_period_end: true, canceled_at: now() }))
    const during = (await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })).json()
    expect(during).toMatchObject({ hasActiveSubscription: true, subscription: { status: 'active', cancelAtPeriodEnd: true } })
    await deliver(
      'customer.subscription.deleted',
      subscriptionObject({ status: 'canceled', cancel_at_period_end: true, canceled_at: now() }),
    )
    const after = (await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })).json()
    expect(after).toMatchObject({ hasActiveSubscription: false, subscription: { status: 'canceled' } })
  })

  it('a failed payment ends access (past_due) until an invoice is paid', async () => {
    const member = await paidViaWebhook()
    const token = await loginAs(ctx.app, member.email)
    // An older invoice shape (subscription on the invoice itself) is understood too.
    await deliver('invoice.payment_failed', { id: 'in_3', object: 'invoice', subscription: 'sub_test_1', lines: { data: [] } })
    expect((await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })).json()).toMatchObject({
      hasActiveSubscription: false,
      subscription: { status: 'past_due' },
    })
  })

  it('account.updated completes the payout onboarding', async () => {
    const member = await paidViaWebhook()
    await call(ctx.app, 'POST', '/api/v1/connect/onboarding/setup', {
      token: member.signupToken,
      body: { userId: member.id, email: member.email, country: 'CL' },
    })
    await deliver('account.updated', { id: 'acct_test_1', object: 'account', charges_enabled: true, details_submitted: true })
    const [account] = await ctx.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, member.id))
    expect(account).toMatchObject({ chargesEnabled: true, detailsSubmitted: true })
    const onboarding = await call(ctx.app, 'GET', `/api/v1/trainers/by-user/${member.id}/onboarding-status`, { token: member.signupToken })
    expect(onboarding.json()).toEqual({ stripeOnboardingComplete: true })
    // Stripe later disables charges (e.g. documents expired): reflected too.
    await deliver('account.updated', { id: 'acct_test_1', object: 'account', charges_enabled: false, details_submitted: true })
    expect(
      (await call(ctx.app, 'GET', `/api/v1/trainers/by-user/${member.id}/onboarding-status`, { token: member.signupToken })).json(),
    ).toEqual({ stripeOnboardingComplete: false })
  })

  it('unknown event types are acknowledged and ignored', async () => {
    const res = await deliver('customer.created', { id: 'cus_x', object: 'customer' })
    expect(res.json()).toEqual({ received: true, duplicate: false })
  })

  it('the sandbox pages are off when Stripe is configured', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_test_1' })).statusCode).toBe(404)
  })
})
