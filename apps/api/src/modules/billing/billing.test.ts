import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { subscriptions, trainers, users } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { loginAs, paidTrainer, planByKey, registeredMember, startCheckout } from './test-helpers.ts'

const ctx = useTestApp()
const DAY = 24 * 3600 * 1000

afterEach(() => vi.useRealTimers())

const page = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: freshIp() })
const post = (url: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  })

describe('POST /platform/subscriptions/checkout (sandbox)', () => {
  it('answers the sandbox checkout page for Starter', async () => {
    const member = await registeredMember(ctx.app)
    const res = await startCheckout(ctx.app, member)
    expect(res.statusCode).toBe(200)
    expect(res.json().url).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sbx_[\w-]{20,}$/)
  })

  it('needs a signup token or a session', async () => {
    const member = await registeredMember(ctx.app)
    const res = await startCheckout(ctx.app, { ...member, signupToken: '' })
    expect(res.statusCode).toBe(401)
    const forged = await startCheckout(ctx.app, { ...member, signupToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abc' })
    expect(forged.statusCode).toBe(401)
  })

  it("refuses to start another person's checkout", async () => {
    const alice = await registeredMember(ctx.app)
    const bob = await registeredMember(ctx.app)
    const res = await startCheckout(ctx.app, { ...bob, signupToken: alice.signupToken })
    expect(res.statusCode).toBe(403)
  })

  it('a signed-in member (who registered earlier) may check out with the session token', async () => {
    const member = await createUserAndLogin(ctx.app)
    const res = await startCheckout(ctx.app, { id: member.user.id, email: member.user.email, signupToken: member.token })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a plan that cannot be bought yet, an unknown plan and a mismatched key', async () => {
    const member = await registeredMember(ctx.app)
    const growth = await planByKey(ctx.app, 'growth')
    const notForSale = await startCheckout(ctx.app, member, { planId: growth.id, planKey: 'growth' })
    expect(notForSale.statusCode).toBe(422)
    expect(notForSale.json().errors).toEqual({ planId: 'notPurchasable' })
    const unknown = await startCheckout(ctx.app, member, { planId: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.json().errors).toEqual({ planId: 'notExists' })
    const garbage = await startCheckout(ctx.app, member, { planId: 'x' })
    expect(garbage.json().errors).toEqual({ planId: 'notExists' })
    const mismatch = await startCheckout(ctx.app, member, { planKey: 'pro' })
    expect(mismatch.json().errors).toEqual({ planKey: 'invalid' })
  })

  it('refuses redirects that leave APP_URL', async () => {
    const member = await registeredMember(ctx.app)
    for (const [field, value] of [
      ['successRedirect', 'https://evil.example/auth/checkout/success'],
      ['cancelRedirect', 'http://localhost:3000.evil.example/x'],
      ['successRedirect', '//evil.example/x'],
      ['successRedirect', 'javascript:alert(1)'],
    ]) {
      const res = await startCheckout(ctx.app, member, { [field]: value })
      expect(res.statusCode, value).toBe(422)
      expect(res.json().errors).toEqual({ [field]: 'invalidRedirect' })
    }
  })

  it('customerEmail must be the account e-mail', async () => {
    const member = await registeredMember(ctx.app)
    const res = await startCheckout(ctx.app, member, { customerEmail: uniqueEmail() })
    expect(res.json().errors).toEqual({ customerEmail: 'invalid' })
  })
})

describe('sandbox checkout page and GET /platform/checkout/verify/{sessionId}', () => {
  it('Pagar: the session is paid, a 30-day trial starts and the member becomes a trainer', async () => {
    const member = await registeredMember(ctx.app)
    const { url } = (await startCheckout(ctx.app, member)).json()
    const path = new URL(url).pathname
    const sessionId = path.split('/').pop()!

    const before = await call(ctx.app, 'GET', `/api/v1/platform/checkout/verify/${sessionId}`, { token: member.signupToken })
    expect(before.json()).toEqual({ paymentStatus: 'unpaid', status: 'open' })

    const html = await page(path)
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toMatch(/text\/html/)
    expect(html.body).toContain('Plan Starter')
    expect(html.body).toMatch(/19\.000 CLP/)
    expect(html.body).toMatch(/>Pagar</)
    expect(html.body).toMatch(/>Cancelar</)
    expect(html.body).not.toMatch(/<script/i)
    expect(html.headers['content-security-policy']).toMatch(/script-src 'self'/)

    const started = Date.now()
    const pay = await post(`${path}/pay`)
    expect(pay.statusCode).toBe(303)
    expect(pay.headers.location).toBe(`http://localhost:3000/auth/checkout/success?sid=${sessionId}`)

    const after = await call(ctx.app, 'GET', `/api/v1/platform/checkout/verify/${sessionId}`, { token: member.signupToken })
    expect(after.json()).toEqual({ paymentStatus: 'paid', status: 'complete' })

    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, member.id))
    expect(user.role).toBe('trainer')
    const [trainer] = await ctx.app.db.select().from(trainers).where(eq(trainers.userId, member.id))
    expect(trainer).toMatchObject({ gymId: null, email: member.email, firstName: 'Camila', stripeOnboardingComplete: false })
    const [sub] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))
    expect(sub.status).toBe('trialing')
    expect(Math.abs(sub.trialEnd!.getTime() - (started + 30 * DAY))).toBeLessThan(60_000)

    // Paying twice (a double submit) changes nothing.
    expect((await post(`${path}/pay`)).statusCode).toBe(303)
    expect(await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toHaveLength(1)
    // A second checkout is refused while the trial runs.
    const again = await startCheckout(ctx.app, member)
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ userId: 'alreadySubscribed' })
  })

  it('Cancelar goes back to cancelRedirect and leaves the session unpaid', async () => {
    const member = await registeredMember(ctx.app)
    const path = new URL((await startCheckout(ctx.app, member)).json().url).pathname
    const res = await post(`${path}/cancel`)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('http://localhost:3000/auth/checkout/cancel')
    const verify = await call(ctx.app, 'GET', `/api/v1/platform/checkout/verify/${path.split('/').pop()}`, { token: member.signupToken })
    expect(verify.json()).toEqual({ paymentStatus: 'unpaid', status: 'open' })
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, member.id))
    expect(user.role).toBe('member')
  })

  it("another person's checkout cannot be read (404), an unknown page is 404", async () => {
    const alice = await paidTrainer(ctx.app)
    const bob = await registeredMember(ctx.app)
    const res = await call(ctx.app, 'GET', `/api/v1/platform/checkout/verify/${alice.sessionId}`, { token: bob.signupToken })
    expect(res.statusCode).toBe(404)
    expect((await call(ctx.app, 'GET', `/api/v1/platform/checkout/verify/${alice.sessionId}`)).statusCode).toBe(401)
    expect((await page('/sandbox/checkout/cs_sbx_nope')).statusCode).toBe(404)
  })
})

describe('GET /payments/subscription-status', () => {
  it('is false before paying and true during the trial', async () => {
    const member = await createUserAndLogin(ctx.app)
    const none = await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token: member.token })
    expect(none.json()).toEqual({ hasActiveSubscription: false, subscription: null, gym: null })
    const trainer = await paidTrainer(ctx.app)
    const token = await loginAs(ctx.app, trainer.email)
    const res = await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })
    expect(res.json()).toMatchObject({
      hasActiveSubscription: true,
      subscription: { planKey: 'starter', planTitle: 'Starter', status: 'trialing', cancelAtPeriodEnd: false },
    })
    expect(res.json().subscription.trialEnd).toEqual(expect.any(String))
    expect((await call(ctx.app, 'GET', '/api/v1/payments/subscription-status')).statusCode).toBe(401)
  })

  it('sandbox renewal: at the end of the trial the subscription turns active for another period', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date())
    const trainer = await paidTrainer(ctx.app)
    const token = await loginAs(ctx.app, trainer.email)
    vi.setSystemTime(new Date(Date.now() + 31 * DAY))
    // Access tokens last 15 minutes: sign in again a month later.
    const later = await loginAs(ctx.app, trainer.email)
    const res = (await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token: later })).json()
    expect(res.hasActiveSubscription).toBe(true)
    expect(token).not.toBe(later)
    expect(res.subscription.status).toBe('active')
    expect(new Date(res.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now())
  })
})

describe('POST /payments/stripe/billing-portal-session (sandbox portal)', () => {
  it('needs a signed-in session; a signup token is not enough', async () => {
    const trainer = await paidTrainer(ctx.app)
    const res = await call(ctx.app, 'POST', '/api/v1/payments/stripe/billing-portal-session', {
      token: trainer.signupToken,
      body: { returnUrl: 'http://localhost:3000/dashboard' },
    })
    expect(res.statusCode).toBe(401)
  })

  it('refuses a foreign returnUrl and an account without subscription', async () => {
    const trainer = await paidTrainer(ctx.app)
    const token = await loginAs(ctx.app, trainer.email)
    const foreign = await call(ctx.app, 'POST', '/api/v1/payments/stripe/billing-portal-session', {
      token,
      body: { returnUrl: 'https://evil.example/' },
    })
    expect(foreign.json().errors).toEqual({ returnUrl: 'invalidRedirect' })
    const member = await createUserAndLogin(ctx.app)
    const none = await call(ctx.app, 'POST', '/api/v1/payments/stripe/billing-portal-session', {
      token: member.token,
      body: { returnUrl: 'http://localhost:3000/dashboard' },
    })
    expect(none.statusCode).toBe(404)
  })

  it('shows plan, status and trial end; "Cancelar suscripción" cancels at period end; "Volver" returns', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date())
    const trainer = await paidTrainer(ctx.app)
    const token = await loginAs(ctx.app, trainer.email)
    const res = await call(ctx.app, 'POST', '/api/v1/payments/stripe/billing-portal-session', {
      token,
      body: { returnUrl: 'http://localhost:3000/dashboard' },
    })
    expect(res.statusCode).toBe(200)
    const path = new URL(res.json().url).pathname
    expect(path).toMatch(/^\/sandbox\/portal\/bps_sbx_/)

    const html = await page(path)
    expect(html.body).toContain('Starter')
    expect(html.body).toContain('En periodo de prueba')
    expect(html.body).toContain('Fin de la prueba')
    expect(html.body).toMatch(/>Cancelar suscripción</)
    expect(html.body).toMatch(/href="http:\/\/localhost:3000\/dashboard">Volver</)

    const cancel = await post(`${path}/cancel`)
    expect(cancel.statusCode).toBe(303)
    const after = await page(cancel.headers.location as string)
    expect(after.body).toContain('Suscripción cancelada')
    expect(after.body).not.toMatch(/>Cancelar suscripción</)

    // Cancelled at period end: still active until the trial ends, then over.
    const status = (await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })).json()
    expect(status).toMatchObject({ hasActiveSubscription: true, subscription: { cancelAtPeriodEnd: true } })
    vi.setSystemTime(new Date(Date.now() + 31 * DAY))
    const ended = (
      await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token: await loginAs(ctx.app, trainer.email) })
    ).json()
    expect(ended).toMatchObject({ hasActiveSubscription: false, subscription: { status: 'canceled' } })
  })

  it('portal links expire after an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date())
    const trainer = await paidTrainer(ctx.app)
    const token = await loginAs(ctx.app, trainer.email)
    const res = await call(ctx.app, 'POST', '/api/v1/payments/stripe/billing-portal-session', {
      token,
      body: { returnUrl: 'http://localhost:3000/dashboard' },
    })
    vi.setSystemTime(new Date(Date.now() + 61 * 60_000))
    expect((await page(new URL(res.json().url).pathname)).statusCode).toBe(404)
  })
})

describe('POST /payments/stripe/webhook without Stripe', () => {
  it('is not available on the sandbox provider', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload: { id: 'evt_1' } })
    expect(res.statusCode).toBe(404)
    // The one dispatcher: the sandbox in use sends no webhooks, and an unknown provider is not one.
    for (const name of ['sandbox', 'paypal']) {
      const other = await ctx.app.inject({ method: 'POST', url: `/api/v1/payments/${name}/webhook`, payload: { id: 'evt_1' } })
      expect(other.statusCode).toBe(404)
      expect(other.json()).toMatchObject({ status: 404 })
    }
  })
})
