import { describe, expect, it } from 'vitest'
import { offers } from '../../db/schema.ts'
import { call, createUserAndLogin, uniqueEmail } from '../../testing/app.ts'
import { paidTrainer } from '../billing/test-helpers.ts'
import { eligibleTrainer, gymWithTrainer } from '../client-billing/test-helpers.ts'
import { approvedTaxStart } from '../tax-start/test-helpers.ts'
import { useMercadoPagoTestApp } from './test-helpers.ts'
import { payoutAccessToken } from './service.ts'

// Issue 26 (decision 213): with linked payout accounts, a trainer publishes offers, invites and
// charges clients only with their own account linked (and, under central billing, the gym's).
const mp = useMercadoPagoTestApp()
const ctx = mp.ctx

let nextSeller = 700_000_100
/** Start, consent on the fake's page, complete: the account is linked. */
async function link(token: string, owner: 'trainer' | 'gym') {
  const sellerId = nextSeller++
  const started = await call(ctx.app, 'POST', '/api/v1/payout-links/start', { token, body: { owner } })
  expect(started.statusCode, started.body).toBe(200)
  const url = new URL(started.json().authorizationUrl)
  const form = new URLSearchParams(url.searchParams)
  form.set('decision', 'allow')
  form.set('seller_id', String(sellerId))
  const res = await fetch(`${mp.fake.url}/authorization`, { method: 'POST', body: form, redirect: 'manual' })
  const back = new URL(res.headers.get('location')!)
  const done = await call(ctx.app, 'POST', '/api/v1/payout-links/complete', {
    token,
    body: { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
  })
  expect(done.statusCode, done.body).toBe(200)
  return sellerId
}

const offerBody = { title: 'Plan mensual', description: '8 sesiones', priceClp: 25_000, sessionsPerMonth: 8 }
const publish = (token: string) => call(ctx.app, 'POST', '/api/v1/trainer/offers', { token, body: offerBody })
const inviteTo = (token: string, offerId: string) =>
  call(ctx.app, 'POST', '/api/v1/trainer/invitations', { token, body: { offerId, email: uniqueEmail('client') } })
const payoutStatus = (token: string, userId: string) => call(ctx.app, 'GET', `/api/v1/connect/account/by-user/${userId}`, { token })

/** An offer put in place directly (as if published before the link was lost). */
async function storedOffer(trainerId: string) {
  const [row] = await ctx.app.db
    .insert(offers)
    .values({ trainerId, ...offerBody })
    .returning()
  return row!.id
}

describe('payout readiness with linked payout accounts', () => {
  it('an independent trainer without a linked account is refused offers and invitations, and told why', async () => {
    // Onboarding finished elsewhere does not count: the provider in use links accounts.
    const trainer = await eligibleTrainer(ctx.app, { onboarded: true })
    const refused = await publish(trainer.token)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors).toEqual({ payouts: 'linkRequired' })
    const invited = await inviteTo(trainer.token, await storedOffer(trainer.trainerId))
    expect(invited.statusCode).toBe(403)
    expect(invited.json().errors).toEqual({ payouts: 'linkRequired' })
    const status = await payoutStatus(trainer.token, trainer.userId)
    expect(status.json()).toMatchObject({ complete: false, setup: 'link' })
    // Reading stays open: the offers list answers.
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/offers', { token: trainer.token })).statusCode).toBe(200)
  })

  it('once linked the same trainer publishes and invites; unlinking or a revoked link refuses again', async () => {
    const trainer = await eligibleTrainer(ctx.app, { onboarded: false })
    const sellerId = await link(trainer.token, 'trainer')
    expect((await payoutStatus(trainer.token, trainer.userId)).json()).toMatchObject({ complete: true, setup: 'link' })
    const offer = await publish(trainer.token)
    expect(offer.statusCode, offer.body).toBe(200)
    expect((await inviteTo(trainer.token, offer.json().id)).statusCode).toBe(200)

    // Unlinked by the trainer.
    expect((await call(ctx.app, 'DELETE', '/api/v1/payout-links/trainer', { token: trainer.token })).statusCode).toBe(200)
    expect((await publish(trainer.token)).json().errors).toEqual({ payouts: 'linkRequired' })

    // Linked again, then revoked at the provider: the refresh is refused and the link marked revoked.
    await link(trainer.token, 'trainer')
    expect((await publish(trainer.token)).statusCode).toBe(200)
    await mp.fake.deauthorize(sellerId + 1)
    expect(await payoutAccessToken(ctx.app, 'trainer', trainer.userId, Date.now() + 200 * 24 * 3600_000)).toBeNull()
    const revoked = await inviteTo(trainer.token, offer.json().id)
    expect(revoked.statusCode).toBe(403)
    expect(revoked.json().errors).toEqual({ payouts: 'linkRequired' })
    expect((await payoutStatus(trainer.token, trainer.userId)).json().complete).toBe(false)
  })

  it("a gym trainer under central billing needs their own link and the gym's", async () => {
    const { owner, trainer } = await gymWithTrainer(ctx.app)
    expect((await publish(trainer.token)).json().errors).toEqual({ payouts: 'linkRequired' })
    await link(trainer.token, 'trainer')
    const noGym = await publish(trainer.token)
    expect(noGym.statusCode).toBe(403)
    expect(noGym.json().errors).toEqual({ payouts: 'gymLinkRequired' })
    expect((await payoutStatus(trainer.token, trainer.userId)).json().complete).toBe(false)
    await link(owner.token, 'gym')
    const published = await publish(trainer.token)
    expect(published.statusCode, published.body).toBe(200)
    expect((await inviteTo(trainer.token, published.json().id)).statusCode).toBe(200)
    expect((await payoutStatus(trainer.token, trainer.userId)).json().complete).toBe(true)
    // The owner unlinks the gym: the gym's trainer cannot charge until it is linked again.
    expect((await call(ctx.app, 'DELETE', '/api/v1/payout-links/gym', { token: owner.token })).statusCode).toBe(200)
    expect((await publish(trainer.token)).json().errors).toEqual({ payouts: 'gymLinkRequired' })
  })

  it('a trainer still in the sign-up flow links with the signup token, and the status says so', async () => {
    const trainer = await paidTrainer(ctx.app)
    // `complete` is the trainer's readiness to charge, tax start included (decision 222): approved
    // here (decision 235), so what is left is the link.
    await approvedTaxStart(ctx.app, 'trainer', trainer.id)
    expect((await payoutStatus(trainer.signupToken, trainer.id)).json()).toMatchObject({ complete: false, setup: 'link' })
    await link(trainer.signupToken, 'trainer')
    expect((await call(ctx.app, 'GET', '/api/v1/payout-links/trainer', { token: trainer.signupToken })).json().status).toBe('linked')
    expect((await payoutStatus(trainer.signupToken, trainer.id)).json()).toMatchObject({ complete: true, setup: 'link' })
  })

  it('other roles cannot publish or invite, linked or not', async () => {
    const { owner } = await gymWithTrainer(ctx.app)
    await link(owner.token, 'gym')
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    const operator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    for (const token of [owner.token, member.token, operator.token]) {
      const res = await publish(token)
      expect(res.statusCode).toBe(403)
      expect(res.json().errors?.payouts).toBeUndefined()
    }
    // A gym owner has no trainer payouts: the status says not ready, in the linking mode.
    expect((await payoutStatus(owner.token, owner.userId)).json()).toMatchObject({ complete: false, setup: 'link' })
  })
})
