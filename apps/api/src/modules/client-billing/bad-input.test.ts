import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  clientCheckouts,
  clientInvitations,
  clientPayments,
  clientRefunds,
  clientSubscriptions,
  ledgerEntries,
  mailOutbox,
  offers,
} from '../../db/schema.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { checkLedger } from '../ledger/check.ts'
import {
  confirmClient,
  createOffer,
  eligibleTrainer,
  invite,
  sandboxClient,
  startClientCheckout,
  type TestTrainer,
} from './test-helpers.ts'

// Bad input and abuse (issue 12): a 4xx with a field code, and nothing changes.
const ctx = useTestApp()
let trainer: TestTrainer
let other: TestTrainer
let offerId: string
let otherOfferId: string

async function snapshot() {
  const tables = [offers, clientInvitations, clientCheckouts, clientSubscriptions, clientPayments, clientRefunds, ledgerEntries, mailOutbox]
  const rows = await Promise.all(tables.map((t) => ctx.app.db.select().from(t)))
  return JSON.stringify(rows.map((r) => r.map((x) => JSON.stringify(x)).sort()))
}

/** Calls, expects the status and field codes, and checks that no table changed. */
async function refused(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  opts: { token?: string; body?: unknown },
  status: number,
  errors: Record<string, string>,
) {
  const before = await snapshot()
  const res = await call(ctx.app, method, `/api/v1${url}`, opts)
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({ status, errors })
  expect(await snapshot()).toBe(before)
}

beforeAll(async () => {
  trainer = await eligibleTrainer(ctx.app)
  other = await eligibleTrainer(ctx.app)
  offerId = (await createOffer(ctx.app, trainer.token)).id
  otherOfferId = (await createOffer(ctx.app, other.token)).id
}, 30_000)

describe('offers', () => {
  it.each([
    [999, 'tooSmall'],
    [10_000_001, 'tooBig'],
    [15_000.5, 'invalidType'],
    ['25000', 'invalidType'],
    [-25_000, 'tooSmall'],
  ])('price %s is refused (%s)', async (priceClp, code) => {
    await refused('POST', '/trainer/offers', { token: trainer.token, body: { title: 'Plan', priceClp, sessionsPerMonth: 4 } }, 422, {
      priceClp: code,
    })
    await refused('PATCH', `/trainer/offers/${offerId}`, { token: trainer.token, body: { priceClp } }, 422, { priceClp: code })
  })

  it('the edges of the price range are accepted', async () => {
    expect((await createOffer(ctx.app, trainer.token, { priceClp: 1_000 })).priceClp).toBe(1_000)
    expect((await createOffer(ctx.app, trainer.token, { priceClp: 10_000_000 })).priceClp).toBe(10_000_000)
  })

  it('an empty title, an unknown field or an empty edit is refused', async () => {
    await refused('POST', '/trainer/offers', { token: trainer.token, body: { title: ' ', priceClp: 10_000, sessionsPerMonth: 4 } }, 422, {
      title: 'required',
    })
    await refused(
      'POST',
      '/trainer/offers',
      { token: trainer.token, body: { title: 'X', priceClp: 10_000, sessionsPerMonth: 4, trainerId: other.trainerId } },
      422,
      { trainerId: 'unknownField' },
    )
    await refused('PATCH', `/trainer/offers/${offerId}`, { token: trainer.token, body: {} }, 422, { body: 'nothingToChange' })
  })

  it("another trainer's offer cannot be edited or retired", async () => {
    await refused('PATCH', `/trainer/offers/${otherOfferId}`, { token: trainer.token, body: { title: 'Mine now' } }, 404, {
      id: 'notFound',
    })
    await refused('POST', `/trainer/offers/${otherOfferId}/retire`, { token: trainer.token }, 404, { id: 'notFound' })
  })

  it('a trainer without payout onboarding or without a live subscription cannot sell', async () => {
    const notOnboarded = await eligibleTrainer(ctx.app, { onboarded: false })
    await refused(
      'POST',
      '/trainer/offers',
      { token: notOnboarded.token, body: { title: 'X', priceClp: 10_000, sessionsPerMonth: 4 } },
      403,
      { payouts: 'required' },
    )
  })
})

describe('invitations', () => {
  it("a foreign offer, one's own e-mail, a retired offer or a price sent along are refused", async () => {
    await refused('POST', '/trainer/invitations', { token: trainer.token, body: { offerId: otherOfferId, email: uniqueEmail('c') } }, 404, {
      offerId: 'notFound',
    })
    await refused('POST', '/trainer/invitations', { token: trainer.token, body: { offerId, email: trainer.email.toUpperCase() } }, 422, {
      email: 'invalid',
    })
    await refused('POST', '/trainer/invitations', { token: trainer.token, body: { offerId, email: uniqueEmail('c'), priceClp: 1 } }, 422, {
      priceClp: 'unknownField',
    })
    await refused('POST', '/trainer/invitations', { token: trainer.token, body: { offerId, email: 'not-an-email' } }, 422, {
      email: 'invalidEmail',
    })
    const retired = await createOffer(ctx.app, trainer.token, { title: 'Retired' })
    await call(ctx.app, 'POST', `/api/v1/trainer/offers/${retired.id}/retire`, { token: trainer.token })
    await refused('POST', '/trainer/invitations', { token: trainer.token, body: { offerId: retired.id, email: uniqueEmail('c') } }, 422, {
      offerId: 'notPurchasable',
    })
  })

  it('a repeated invitation, and an invitation of a current client, are refused', async () => {
    const inv = await invite(ctx.app, trainer.token, offerId)
    await refused('POST', '/trainer/invitations', { token: trainer.token, body: { offerId, email: inv.email.toUpperCase() } }, 409, {
      email: 'alreadyExists',
    })
    await call(ctx.app, 'POST', `/api/v1/trainer/invitations/${inv.invitationId}/revoke`, { token: trainer.token })
    const client = await sandboxClient(ctx.app, trainer.token, offerId)
    await refused('POST', '/trainer/invitations', { token: trainer.token, body: { offerId, email: client.email } }, 409, {
      email: 'alreadyExists',
    })
  })
})

describe('client checkout', () => {
  it('a retired offer, a used link, an unknown link and a foreign redirect are refused', async () => {
    const offer = await createOffer(ctx.app, trainer.token, { title: 'Short lived' })
    const inv = await invite(ctx.app, trainer.token, offer.id)
    const clientToken = await confirmClient(ctx.app, inv.link, inv.email)
    await refused(
      'POST',
      `/client-invitations/${inv.link}/checkout`,
      { token: clientToken, body: { successRedirect: 'https://evil.example/ok', cancelRedirect: `${ctx.app.config.APP_URL}/no` } },
      422,
      { successRedirect: 'invalidRedirect' },
    )
    await call(ctx.app, 'POST', `/api/v1/trainer/offers/${offer.id}/retire`, { token: trainer.token })
    const before = await snapshot()
    const res = await startClientCheckout(ctx.app, inv.link, clientToken)
    expect(res.statusCode).toBe(404)
    expect(res.json().errors).toEqual({ token: 'invalidOrExpired' })
    expect(await snapshot()).toBe(before)
    await refused('GET', `/client-invitations/${'x'.repeat(43)}`, {}, 404, { token: 'invalidOrExpired' })
    await refused('POST', `/client-invitations/${'x'.repeat(43)}/code`, {}, 404, { token: 'invalidOrExpired' })
  })

  it('a checkout opened before the offer was retired cannot be paid', async () => {
    const offer = await createOffer(ctx.app, trainer.token, { title: 'Retired mid-checkout' })
    const inv = await invite(ctx.app, trainer.token, offer.id)
    const clientToken = await confirmClient(ctx.app, inv.link, inv.email)
    const res = await startClientCheckout(ctx.app, inv.link, clientToken)
    expect(res.statusCode).toBe(200)
    await call(ctx.app, 'POST', `/api/v1/trainer/offers/${offer.id}/retire`, { token: trainer.token })
    const path = new URL(res.json().url).pathname
    await ctx.app.inject({ method: 'POST', url: `${path}/pay`, remoteAddress: '127.0.0.9' })
    expect(await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.offerId, offer.id))).toEqual([])
    expect((await ctx.app.inject({ method: 'GET', url: path })).body).toMatch(/ya no está disponible/)
  })
})

describe('refunds', () => {
  it("above what remains, zero, or another trainer's payment: refused; two parallel full refunds refund once", async () => {
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 12_345 })
    await sandboxClient(ctx.app, trainer.token, offer.id)
    const payment = (await call(ctx.app, 'GET', '/api/v1/trainer/payments', { token: trainer.token }))
      .json()
      .data.find((p: { amountClp: number }) => p.amountClp === 12_345)
    await refused('POST', `/trainer/payments/${payment.id}/refunds`, { token: trainer.token, body: { amountClp: 12_346 } }, 422, {
      amountClp: 'tooBig',
    })
    await refused('POST', `/trainer/payments/${payment.id}/refunds`, { token: trainer.token, body: { amountClp: 0 } }, 422, {
      amountClp: 'tooSmall',
    })
    await refused('POST', `/trainer/payments/${payment.id}/refunds`, { token: trainer.token, body: { amountClp: 1.5 } }, 422, {
      amountClp: 'invalidType',
    })
    await refused('POST', `/trainer/payments/${payment.id}/refunds`, { token: other.token, body: { amountClp: 1 } }, 404, {
      id: 'notFound',
    })

    const results = await Promise.all(
      [1, 2, 3].map(() => call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, { token: trainer.token, body: {} })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422])
    const [row] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.id, payment.id))
    expect(row.refundedClp).toBe(12_345)
    expect(await ctx.app.db.select().from(clientRefunds).where(eq(clientRefunds.paymentId, payment.id))).toHaveLength(1)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })
})

describe('reports', () => {
  it('bad date ranges are refused', async () => {
    await refused('GET', '/trainer/income?from=2026-13-01', { token: trainer.token }, 422, { from: 'invalid' })
    await refused('GET', '/trainer/payments?from=2026-05-01&to=2026-04-01', { token: trainer.token }, 422, { from: 'invalid' })
    await refused('GET', '/trainer/payments.csv?from=yesterday', { token: trainer.token }, 422, { from: 'invalid' })
  })
})

describe('plan client limit under concurrency (Starter: 5)', () => {
  it('eight parallel invitations on an empty Starter plan: exactly five go through', async () => {
    const fresh = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, fresh.token)
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(ctx.app, 'POST', '/api/v1/trainer/invitations', {
          token: fresh.token,
          body: { offerId: offer.id, email: uniqueEmail('par') },
        }),
      ),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([200, 200, 200, 200, 200, 409, 409, 409])
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().errors).toEqual({ clients: 'limitReached' })
    const stored = await ctx.app.db.select().from(clientInvitations).where(eq(clientInvitations.trainerId, fresh.trainerId))
    expect(stored).toHaveLength(5)
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/clients', { token: fresh.token })).json()).toMatchObject({ limit: 5, used: 5 })
    // Revoking one frees a place.
    await call(ctx.app, 'POST', `/api/v1/trainer/invitations/${stored[0].id}/revoke`, { token: fresh.token })
    expect(
      (
        await call(ctx.app, 'POST', '/api/v1/trainer/invitations', {
          token: fresh.token,
          body: { offerId: offer.id, email: uniqueEmail('par') },
        })
      ).statusCode,
    ).toBe(200)
  })
})

describe('one checkout, one subscription under concurrency (issue 19, finding 2)', () => {
  it("four parallel presses of the sandbox page's Pagar give one subscription and one payment", async () => {
    const fresh = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, fresh.token, { priceClp: 21_000 })
    const inv = await invite(ctx.app, fresh.token, offer.id)
    const clientToken = await confirmClient(ctx.app, inv.link, inv.email)
    const started = await startClientCheckout(ctx.app, inv.link, clientToken)
    const path = new URL(started.json().url).pathname
    const presses = await Promise.all(
      [1, 2, 3, 4].map(() => ctx.app.inject({ method: 'POST', url: `${path}/pay`, remoteAddress: freshIp() })),
    )
    for (const res of presses) expect(res.statusCode).toBe(303)
    const subs = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.trainerId, fresh.trainerId))
    expect(subs).toHaveLength(1)
    expect(await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.subscriptionId, subs[0].id))).toHaveLength(1)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })
})
