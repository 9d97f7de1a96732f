import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clientPaymentLinks, clientPayments, clientSubscriptions, ledgerEntries } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp } from '../../testing/app.ts'
import { accounts, balanceOf } from '../ledger/service.ts'
import { checkLedger } from '../ledger/check.ts'
import { accessTokenOfProviderUser } from '../payout-links/service.ts'
import { useMercadoPagoTestApp } from '../payout-links/test-helpers.ts'
import { reconcile } from '../reconcile/service.ts'
import { chargeDueCardRenewals } from './card-charges.ts'
import {
  cardCheckout,
  linkAtFake,
  payOnCardForm as payOnCard,
  PLATFORM,
  receivedAt,
  VISA,
  notifyOverHttp,
} from '../../testing/card-payments.ts'
import { createOffer, eligibleTrainer, gymWithTrainer, lastMailTo } from './test-helpers.ts'

// Issue 26, decision 249: a client's payments on Mercado Pago (the fake) are charges of ours on a
// card, split at the source: 95/5 on an independent trainer's own account, 60/35/5 by
// disbursements under a gym's central billing. On PGlite and on PostgreSQL.
const mp = useMercadoPagoTestApp()
const ctx = mp.ctx

notifyOverHttp(mp)

const link = (token: string, owner: 'trainer' | 'gym') => linkAtFake(ctx.app, mp.fake, token, owner)
const checkout = (trainerToken: string, offerId: string) => cardCheckout(ctx.app, trainerToken, offerId)
const payOnCardForm = (formUrl: URL, cardholder: string, cardNumber?: string) =>
  payOnCard(ctx.app, mp.fake, formUrl, cardholder, cardNumber)

const subOf = async (checkoutId: string) =>
  (
    await ctx.app.db
      .select()
      .from(clientSubscriptions)
      .where(eq(clientSubscriptions.providerSubscriptionId, `cardsub_${checkoutId}`))
  )[0]
const paymentsOf = (subscriptionId: string) =>
  ctx.app.db.select().from(clientPayments).where(eq(clientPayments.subscriptionId, subscriptionId))
/** What an account of the fake received from payments, net of refunds and chargebacks (Mercado Pago's own fee apart). */
const received = (account: number) => receivedAt(mp.fake, account)

async function independentClient(price = 25_000) {
  const trainer = await eligibleTrainer(ctx.app)
  const seller = await link(trainer.token, 'trainer')
  const offer = await createOffer(ctx.app, trainer.token, { priceClp: price })
  const started = await checkout(trainer.token, offer.id)
  return { trainer, seller, offer, ...started }
}

describe('client payments on Mercado Pago (decision 249)', () => {
  it("an independent trainer's client pays on the card form: 95 % lands on the trainer's account, 5 % is the platform's fee", async () => {
    const before = received(PLATFORM)
    const c = await independentClient()
    const { location } = await payOnCardForm(c.url, 'APRO')
    expect(location.pathname).toBe('/cliente/pago/exito')
    expect(location.searchParams.get('sid')).toBe(c.checkoutId)
    const sub = (await subOf(c.checkoutId))!
    expect(sub).toMatchObject({ state: 'active', providerAccountId: String(c.seller), priceClp: 25_000 })
    expect(sub.providerCardId).toBeTruthy()
    const [payment] = await paymentsOf(sub.id)
    expect(payment).toMatchObject({ amountClp: 25_000, trainerShareClp: 23_750, gymShareClp: 0, platformShareClp: 1_250 })
    expect(received(c.seller)).toBe(23_750)
    expect(received(PLATFORM) - before).toBe(1_250)
    // The trainer's share left the platform at once (it landed on their account): nothing is held for them.
    expect(await balanceOf(ctx.app.db, accounts.trainer(c.trainer.trainerId))).toBe(0)
    // The notification that follows (twice, as Mercado Pago retries) changes nothing.
    for (let i = 0; i < 2; i++) {
      const sent = await mp.fake.sendNotification({
        type: 'payment',
        action: 'payment.created',
        dataId: payment.providerPaymentId,
        userId: c.seller,
        id: 777,
      })
      expect(sent.status).toBe(200)
    }
    expect(await paymentsOf(sub.id)).toHaveLength(1)
    // The client reloading the return address (the same card token) is not charged again.
    expect(mp.fake.movements.filter((m) => m.paymentId === Number(payment.providerPaymentId) && m.kind === 'payment')).toHaveLength(1)
  })

  it('a declined card goes back to the card form saying why; nothing is booked, another card pays', async () => {
    const c = await independentClient()
    const declined = await payOnCardForm(c.url, 'OTHE')
    expect(declined.location.origin).toBe(mp.fake.url)
    expect(declined.location.searchParams.get('status')).toBe('rejected')
    expect(await subOf(c.checkoutId)).toBeUndefined()
    const paid = await payOnCardForm(declined.location, 'APRO', VISA)
    expect(paid.location.pathname).toBe('/cliente/pago/exito')
    expect((await subOf(c.checkoutId))?.state).toBe('active')
  })

  it("a gym trainer's payment lands 60/35/5 in three accounts; a partial refund takes back each share", async () => {
    const gym = await gymWithTrainer(ctx.app)
    const gymSeller = await link(gym.owner.token, 'gym')
    const trainerSeller = await link(gym.trainer.token, 'trainer')
    const offer = await createOffer(ctx.app, gym.trainer.token, { priceClp: 10_000 })
    const c = await checkout(gym.trainer.token, offer.id)
    const platformBefore = received(PLATFORM)
    await payOnCardForm(c.url, 'APRO')
    const sub = (await subOf(c.checkoutId))!
    expect(sub.gymId).toBe(gym.gymId)
    const [payment] = await paymentsOf(sub.id)
    expect(payment).toMatchObject({ trainerShareClp: 6_000, gymShareClp: 3_500, platformShareClp: 500 })
    expect(received(trainerSeller)).toBe(6_000)
    expect(received(gymSeller)).toBe(3_500)
    expect(received(PLATFORM) - platformBefore).toBe(500)
    expect(await balanceOf(ctx.app.db, accounts.gym(gym.gymId))).toBe(0)

    const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
      token: gym.trainer.token,
      body: { amountClp: 5_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    expect(received(trainerSeller)).toBe(3_000)
    expect(received(gymSeller)).toBe(1_750)
    expect(received(PLATFORM) - platformBefore).toBe(250)
    const [after] = await paymentsOf(sub.id)
    expect(after.refundedClp).toBe(5_000)
    expect(await balanceOf(ctx.app.db, accounts.trainer(gym.trainer.trainerId))).toBe(0)
    expect(await balanceOf(ctx.app.db, accounts.gym(gym.gymId))).toBe(0)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })

  it('central billing is refused with a clear message while the gym has not linked its account', async () => {
    const gym = await gymWithTrainer(ctx.app)
    await link(gym.trainer.token, 'trainer')
    const res = await call(ctx.app, 'POST', '/api/v1/trainer/offers', {
      token: gym.trainer.token,
      body: { title: 'Plan', description: 'x', priceClp: 10_000, sessionsPerMonth: 4 },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().errors).toMatchObject({ payouts: 'gymLinkRequired' })
  })

  it('a lost chargeback takes each share back and the books follow; a duplicate notice changes nothing', async () => {
    const c = await independentClient(20_000)
    await payOnCardForm(c.url, 'APRO')
    const sub = (await subOf(c.checkoutId))!
    const [payment] = await paymentsOf(sub.id)
    const cb = await mp.fake.openChargeback(Number(payment.providerPaymentId))
    // Open: the money is held by Mercado Pago, nothing is booked yet.
    expect((await paymentsOf(sub.id))[0].refundedClp).toBe(0)
    await mp.fake.resolveChargeback(cb.id, 'lost')
    for (let i = 0; i < 2; i++)
      expect(
        (await mp.fake.sendNotification({ type: 'chargebacks', action: 'updated', dataId: String(cb.id), userId: c.seller, id: 888 }))
          .status,
      ).toBe(200)
    const [after] = await paymentsOf(sub.id)
    expect(after.refundedClp).toBe(20_000)
    expect(after.disputedAt).not.toBeNull()
    expect(received(c.seller)).toBe(0)
    expect(await balanceOf(ctx.app.db, accounts.trainer(c.trainer.trainerId))).toBe(0)
    expect((await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, sub.id)))[0].state).toBe('cancelled')
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })

  it('renewals charge the saved card once per period; a decline mails a payment link that works once', async () => {
    const c = await independentClient()
    await payOnCardForm(c.url, 'APRO')
    let sub = (await subOf(c.checkoutId))!
    const end = sub.currentPeriodEnd!
    const now = end.getTime() + 60_000
    // Approved: the next period is paid, once however often the job runs.
    await chargeDueCardRenewals(ctx.app, now)
    await chargeDueCardRenewals(ctx.app, now)
    sub = (await subOf(c.checkoutId))!
    expect(await paymentsOf(sub.id)).toHaveLength(2)
    expect(sub.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime())

    // The card now declines: past due, and one mail with a link for the period.
    mp.fake.setSavedCardholder(sub.providerCardId!, 'OTHE')
    const later = sub.currentPeriodEnd!.getTime() + 60_000
    await chargeDueCardRenewals(ctx.app, later)
    await chargeDueCardRenewals(ctx.app, later)
    sub = (await subOf(c.checkoutId))!
    expect(sub.state).toBe('past_due')
    expect(await paymentsOf(sub.id)).toHaveLength(2)
    const links = await ctx.app.db.select().from(clientPaymentLinks).where(eq(clientPaymentLinks.subscriptionId, sub.id))
    expect(links).toHaveLength(1)
    const mail = await lastMailTo(ctx.app, c.email)
    expect(mail.subject).toBe('No pudimos cobrar Plan mensual: paga en un paso')
    const linkPath = /\/card-payments\/links\/[\w-]+/.exec(mail.text)![0]
    expect(mail.text).toContain('$25.000')

    const open = await ctx.app.inject({ method: 'GET', url: linkPath, remoteAddress: freshIp() })
    expect(open.statusCode).toBe(303)
    const { location } = await payOnCardForm(new URL(open.headers.location as string), 'APRO', VISA)
    expect(location.pathname).toBe('/mi-suscripcion')
    sub = (await subOf(c.checkoutId))!
    expect(sub.state).toBe('active')
    expect(await paymentsOf(sub.id)).toHaveLength(3)
    // Paid: the link leads to the subscription page, and never charges again.
    const again = await ctx.app.inject({ method: 'GET', url: linkPath, remoteAddress: freshIp() })
    expect(new URL(again.headers.location as string).pathname).toBe('/mi-suscripcion')
    expect(await paymentsOf(sub.id)).toHaveLength(3)
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/card-payments/links/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      remoteAddress: freshIp(),
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('an unpaid payment link lapses: the subscription ends; cancelled at period end ends without a charge', async () => {
    const c = await independentClient()
    await payOnCardForm(c.url, 'APRO')
    let sub = (await subOf(c.checkoutId))!
    mp.fake.setSavedCardholder(sub.providerCardId!, 'FUND')
    const due = sub.currentPeriodEnd!.getTime() + 60_000
    await chargeDueCardRenewals(ctx.app, due)
    expect((await subOf(c.checkoutId))!.state).toBe('past_due')
    await chargeDueCardRenewals(ctx.app, due + 8 * 86_400_000)
    sub = (await subOf(c.checkoutId))!
    expect(sub.state).toBe('cancelled')

    const d = await independentClient()
    await payOnCardForm(d.url, 'APRO')
    const dSub = (await subOf(d.checkoutId))!
    const cancel = await call(ctx.app, 'POST', `/api/v1/client/subscriptions/${dSub.id}/cancel`, { token: d.clientToken })
    expect(cancel.statusCode, cancel.body).toBe(200)
    await chargeDueCardRenewals(ctx.app, dSub.currentPeriodEnd!.getTime() + 60_000)
    const ended = (await subOf(d.checkoutId))!
    expect(ended.state).toBe('cancelled')
    expect(await paymentsOf(ended.id)).toHaveLength(1)
  })

  it('two returns of one checkout at once charge once; an outage answers 503, books nothing, and the retry pays once', async () => {
    /** The address the card form sends the browser back to (its single-use card token in it). */
    const cardFormReturn = async (formUrl: URL) => {
      const form = new URLSearchParams(formUrl.searchParams)
      const card = { cardholder_name: 'APRO', card_number: VISA, expiration_month: '11', expiration_year: '2030', security_code: '123' }
      for (const [k, v] of Object.entries(card)) form.set(k, v)
      const posted = await fetch(`${mp.fake.url}/checkout/card_form`, { method: 'POST', body: form, redirect: 'manual' })
      const back = new URL(posted.headers.get('location')!)
      return `${back.pathname}${back.search}`
    }
    const c = await independentClient()
    // Followed twice at the same moment (a double click, two tabs).
    const path = await cardFormReturn(c.url)
    const both = await Promise.all([0, 1].map(() => ctx.app.inject({ method: 'GET', url: path, remoteAddress: freshIp() })))
    expect(both.map((r) => r.statusCode)).toEqual([303, 303])
    expect(await paymentsOf((await subOf(c.checkoutId))!.id)).toHaveLength(1)

    // Mercado Pago down while a second client pays: 503, nothing booked; the same address later pays once.
    const d = await independentClient()
    const path2 = await cardFormReturn(d.url)
    mp.fake.faults.status = 500
    mp.fake.faults.times = 50
    const down = await ctx.app.inject({ method: 'GET', url: path2, remoteAddress: freshIp() })
    mp.fake.faults.times = 0
    mp.fake.faults.status = 0
    expect(down.statusCode).toBe(503)
    expect(down.headers['retry-after']).toBeDefined()
    expect(await subOf(d.checkoutId)).toBeUndefined()
    const again = await ctx.app.inject({ method: 'GET', url: path2, remoteAddress: freshIp() })
    expect(again.statusCode).toBe(303)
    expect(await paymentsOf((await subOf(d.checkoutId))!.id)).toHaveLength(1)
  })

  it('a return address of another checkout, or with a malformed token, charges nothing', async () => {
    const c = await independentClient()
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/card-payments/checkouts/${c.checkoutId}?token=%3Cscript%3E`,
      remoteAddress: freshIp(),
    })
    expect(bad.statusCode).toBe(422)
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/card-payments/checkouts/mpco_nope?token=0123456789abcdef0123',
      remoteAddress: freshIp(),
    })
    expect(unknown.statusCode).toBe(404)
    expect(
      await ctx.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.account, accounts.trainer(c.trainer.trainerId)))),
    ).toHaveLength(0)
  })

  it('the console lists a chargeback with its evidence deadline until it is lost, and replays a payment whose notice never came', async () => {
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const c = await independentClient(30_000)
    await payOnCardForm(c.url, 'APRO')
    const [payment] = await paymentsOf((await subOf(c.checkoutId))!.id)
    const cb = mp.fake.openChargeback(Number(payment.providerPaymentId))
    expect((await mp.fake.sendNotification({ type: 'chargebacks', action: 'created', dataId: cb.id, userId: c.seller })).status).toBe(200)
    const listed = async () =>
      (await call(ctx.app, 'GET', '/api/v1/admin/money/disputes', { token: admin.token }))
        .json()
        .data.find((d: { providerPaymentId: string }) => d.providerPaymentId === payment.providerPaymentId)
    const open = await listed()
    expect(open).toMatchObject({ status: 'open', amountClp: 30_000, providerReference: cb.id, resolvedAt: null })
    // Chile: the evidence is due within 7 days of the opening.
    expect(Math.round((Date.parse(open.evidenceDueAt) - Date.now()) / 86_400_000)).toBe(7)
    expect((await paymentsOf(payment.subscriptionId))[0].refundedClp).toBe(0)
    // Lost, but its notice never arrives: the operator reads the dispute again, and the books follow once.
    mp.fake.resolveChargeback(cb.id, 'lost')
    for (let i = 0; i < 2; i++) {
      const replay = await call(ctx.app, 'POST', '/api/v1/admin/money/replay', { token: admin.token, body: { kind: 'dispute', id: cb.id } })
      expect(replay.statusCode, replay.body).toBe(200)
      expect(replay.json()).toEqual({ event: 'dispute.changed', applied: true })
    }
    expect(await listed()).toMatchObject({ status: 'lost', resolvedAt: expect.any(String) })
    expect((await paymentsOf(payment.subscriptionId))[0].refundedClp).toBe(30_000)
    expect(received(c.seller)).toBe(0)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
    // A trainer or a client may do neither.
    for (const token of [c.trainer.token, c.clientToken]) {
      expect((await call(ctx.app, 'GET', '/api/v1/admin/money/disputes', { token })).statusCode).toBe(403)
      expect((await call(ctx.app, 'POST', '/api/v1/admin/money/replay', { token, body: { kind: 'payment', id: '1' } })).statusCode).toBe(
        403,
      )
    }
  })

  it("ledger:reconcile finds every payment, fee, disbursement, refund and lost chargeback of this file at Mercado Pago, and lists a refund made behind the books' back", async () => {
    const day = 86_400_000
    const range = () => ({ from: new Date(Date.now() - day), to: new Date(Date.now() + day) })
    const clean = await reconcile(ctx.app.db, ctx.app.movementSource(), range(), 'test')
    expect(clean.differences).toEqual([])
    expect(clean.ledgerMovements).toBeGreaterThan(10)
    // Money moved at Mercado Pago that our books do not show: a refund made in the seller's own account.
    const c = await independentClient()
    await payOnCardForm(c.url, 'APRO')
    const [payment] = await paymentsOf((await subOf(c.checkoutId))!.id)
    const sellerToken = await accessTokenOfProviderUser(ctx.app, String(c.seller))
    const outside = await fetch(`${mp.fake.url}/v1/payments/${payment.providerPaymentId}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sellerToken}`, 'content-type': 'application/json', 'x-idempotency-key': 'outside-refund' },
      body: JSON.stringify({ amount: 1_000 }),
    })
    expect(outside.status).toBe(201)
    const found = await reconcile(ctx.app.db, ctx.app.movementSource(), range(), 'test')
    // The refund itself, and what it took from the trainer's account and from the platform's fee (5 % of it).
    const refundId = String(((await outside.json()) as { id: number }).id)
    const id = payment.providerPaymentId
    expect(found.differences).toEqual([
      { kind: 'amount-differs', movement: 'disbursement', providerId: id, ledgerClp: 23_750, providerClp: 22_800 },
      { kind: 'amount-differs', movement: 'fee', providerId: id, ledgerClp: 1_250, providerClp: 1_200 },
      { kind: 'missing-in-ledger', movement: 'refund', providerId: refundId, ledgerClp: null, providerClp: 1_000 },
    ])
  })
})
