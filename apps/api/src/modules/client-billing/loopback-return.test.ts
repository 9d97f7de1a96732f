import { describe, expect, it } from 'vitest'
import { call, freshIp, useTestApp } from '../../testing/app.ts'
import { loginAs, paidTrainer, registeredMember, startCheckout } from '../billing/test-helpers.ts'
import { confirmClient, createOffer, eligibleTrainer, invite } from './test-helpers.ts'

// Decision 199 (issue 23 point 10): the site opened at 127.0.0.1 instead of localhost (APP_URL)
// could not start a checkout: "La dirección de retorno no es válida". Loopback aliases of a
// loopback APP_URL are accepted (the test server is NODE_ENV=test on PGlite); other hosts are not.
const ctx = useTestApp()

describe('return URLs on a loopback alias of APP_URL (http://localhost:3000)', () => {
  it("a client's checkout from http://127.0.0.1:3000 starts, and the payment returns there; other hosts are refused", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token)
    const inv = await invite(ctx.app, trainer.token, offer.id)
    const token = await confirmClient(ctx.app, inv.link, inv.email)
    const checkout = (origin: string) =>
      call(ctx.app, 'POST', `/api/v1/client-invitations/${inv.link}/checkout`, {
        token,
        body: { successRedirect: `${origin}/invitacion/pagada`, cancelRedirect: `${origin}/invitacion/${inv.link}` },
      })

    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example:3000',
      'http://127.0.0.1:4000',
      'https://127.0.0.1:3000',
    ]) {
      const refused = await checkout(origin)
      expect(refused.statusCode, origin).toBe(422)
      expect(refused.json().errors).toMatchObject({ successRedirect: 'invalidRedirect' })
    }

    const res = await checkout('http://127.0.0.1:3000')
    expect(res.statusCode, res.body).toBe(200)
    const pay = await ctx.app.inject({ method: 'POST', url: `${new URL(res.json().url).pathname}/pay`, remoteAddress: freshIp() })
    expect(pay.statusCode, pay.body).toBe(303)
    expect(pay.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/invitacion\/pagada\?/)

    const subs = (await call(ctx.app, 'GET', '/api/v1/client/subscriptions', { token })).json().data
    const portal = (returnUrl: string) =>
      call(ctx.app, 'POST', `/api/v1/client/subscriptions/${subs[0].id}/portal`, { token, body: { returnUrl } })
    expect((await portal('http://[::1]:3000/cliente')).statusCode).toBe(200)
    expect((await portal('http://evil.example/cliente')).json().errors).toEqual({ returnUrl: 'invalidRedirect' })
  })

  it("a trainer's plan checkout and billing portal from http://127.0.0.1:3000 too; other hosts refused", async () => {
    const member = await registeredMember(ctx.app)
    const refused = await startCheckout(ctx.app, member, { successRedirect: 'http://127.0.0.2:3000/auth/checkout/success' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({ successRedirect: 'invalidRedirect' })
    const res = await startCheckout(ctx.app, member, {
      successRedirect: 'http://127.0.0.1:3000/auth/checkout/success',
      cancelRedirect: 'http://127.0.0.1:3000/auth/checkout/cancel',
    })
    expect(res.statusCode, res.body).toBe(200)

    const trainer = await paidTrainer(ctx.app)
    const session = await loginAs(ctx.app, trainer.email)
    const portal = (returnUrl: string) =>
      call(ctx.app, 'POST', '/api/v1/payments/stripe/billing-portal-session', { token: session, body: { returnUrl } })
    expect((await portal('http://127.0.0.1:3000/dashboard')).statusCode).toBe(200)
    expect((await portal('https://evil.example/dashboard')).json().errors).toEqual({ returnUrl: 'invalidRedirect' })
  })
})
