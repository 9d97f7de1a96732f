import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { beforeAll, expect } from 'vitest'
import type { FakeMercadoPago } from '../providers/payments/mercadopago/fake/server.ts'
import { call, freshIp } from './app.ts'
import { confirmClient, invite, startClientCheckout } from '../modules/client-billing/test-helpers.ts'

/** Mercado Pago's test cards (decision 249): the first a client saves, and another one. */
export const MASTER = '5031755734530604'
export const VISA = '4168818844447115'
/** The platform's own account at the fake. */
export const PLATFORM = 1_000_001

let nextSeller = 300_000_000 + Math.floor(Math.random() * 1_000_000) * 100

/** Links the caller's payout account at the fake (consent, then our completion): answers the seller id. */
export async function linkAtFake(app: FastifyInstance, fake: FakeMercadoPago, token: string, owner: 'trainer' | 'gym') {
  const sellerId = nextSeller++
  const started = await call(app, 'POST', '/api/v1/payout-links/start', { token, body: { owner } })
  expect(started.statusCode, started.body).toBe(200)
  const form = new URLSearchParams(new URL(started.json().authorizationUrl).searchParams)
  form.set('decision', 'allow')
  form.set('seller_id', String(sellerId))
  const res = await fetch(`${fake.url}/authorization`, { method: 'POST', body: form, redirect: 'manual' })
  const back = new URL(res.headers.get('location')!)
  const done = await call(app, 'POST', '/api/v1/payout-links/complete', {
    token,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  })
  expect(done.statusCode, done.body).toBe(200)
  return sellerId
}

/** Invite → code → checkout: the card form's address, and the client's session. */
export async function cardCheckout(app: FastifyInstance, trainerToken: string, offerId: string) {
  const inv = await invite(app, trainerToken, offerId)
  const clientToken = await confirmClient(app, inv.link, inv.email)
  const res = await startClientCheckout(app, inv.link, clientToken)
  expect(res.statusCode, res.body).toBe(200)
  return { ...inv, clientToken, url: new URL(res.json().url), checkoutId: res.json().checkoutId as string }
}

/** The client on the card form: answers where our return route sent the browser (303). */
export async function payOnCardForm(app: FastifyInstance, fake: FakeMercadoPago, formUrl: URL, cardholder: string, cardNumber = MASTER) {
  expect(formUrl.origin).toBe(fake.url)
  expect(formUrl.pathname).toBe('/checkout/card_form')
  expect((await fetch(formUrl)).status).toBe(200)
  const body = new URLSearchParams(formUrl.searchParams)
  body.set('cardholder_name', cardholder)
  body.set('card_number', cardNumber)
  body.set('expiration_month', '11')
  body.set('expiration_year', '2030')
  body.set('security_code', '123')
  const posted = await fetch(`${fake.url}/checkout/card_form`, { method: 'POST', body, redirect: 'manual' })
  expect(posted.status).toBe(302)
  const back = new URL(posted.headers.get('location')!)
  expect(back.searchParams.get('token')).toMatch(/^\w{16,64}$/)
  const ours = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, remoteAddress: freshIp() })
  expect(ours.statusCode, ours.body).toBe(303)
  return { location: new URL(ours.headers.location as string), returnPath: `${back.pathname}${back.search}` }
}

/** What an account of the fake holds from client payments (optionally one payment's), Mercado Pago's own fee apart. */
export const receivedAt = (fake: FakeMercadoPago, account: number, paymentId?: number) =>
  fake.movements
    .filter((m) => m.account === account && m.kind !== 'mercadopago_fee' && (paymentId === undefined || m.paymentId === paymentId))
    .reduce((sum, m) => sum + m.amount, 0)

/** The fake's notifications reach the test app's webhook over HTTP, as Mercado Pago's do (the app listens for the file). */
export function notifyOverHttp(mp: { ctx: { app: FastifyInstance }; fake: FakeMercadoPago }) {
  beforeAll(async () => {
    await mp.ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = mp.ctx.app.server.address() as AddressInfo
    mp.fake.setNotificationUrl(`http://127.0.0.1:${port}/api/v1/payments/mercadopago/webhook`)
  })
}
