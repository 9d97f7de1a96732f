// Issue 23, point 4: a gym's trainer is not told to buy a plan. The subscription status names the
// gym that created them and says whether its central billing covers their plan (decision 195).
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businesses, users } from '../../db/schema.ts'
import { call, useTestApp } from '../../testing/app.ts'
import { gymWithTrainer } from '../client-billing/test-helpers.ts'
import { loginAs, paidTrainer } from './test-helpers.ts'

const ctx = useTestApp()

const status = async (token: string) => {
  const res = await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const setup = (token: string, userId: string, email: string) =>
  call(ctx.app, 'POST', '/api/v1/connect/onboarding/setup', { token, body: { userId, email, country: 'CL' } })

describe('GET /payments/subscription-status of a gym trainer', () => {
  it('covered by an approved central billing: the gym by name, coversPlan, and no plan of their own', async () => {
    const gym = await gymWithTrainer(ctx.app)
    expect(await status(gym.trainer.token)).toEqual({
      hasActiveSubscription: false,
      subscription: null,
      gym: { name: 'Gym Central', coversPlan: true },
    })
    // The one payout button works for them: onboarding needs no plan of their own.
    const res = await setup(gym.trainer.token, gym.trainer.userId, gym.trainer.email)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().onboardingUrl).toMatch(/\/sandbox\/connect\/acl_sbx_/)
  })

  it('the same decision as client billing: not approved, owner not verified or central billing off → not covered', async () => {
    const gym = await gymWithTrainer(ctx.app)
    const [business] = await ctx.app.db.select().from(businesses).where(eq(businesses.ownerId, gym.owner.userId))
    await ctx.app.db.update(businesses).set({ centralBillingApprovedAt: null }).where(eq(businesses.id, business!.id))
    expect((await status(gym.trainer.token)).gym).toEqual({ name: 'Gym Central', coversPlan: false })
    await ctx.app.db.update(businesses).set({ centralBillingApprovedAt: new Date() }).where(eq(businesses.id, business!.id))
    await ctx.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, gym.owner.userId))
    expect((await status(gym.trainer.token)).gym).toEqual({ name: 'Gym Central', coversPlan: false })
    await ctx.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, gym.owner.userId))
    expect((await status(gym.trainer.token)).gym).toEqual({ name: 'Gym Central', coversPlan: true })
    await ctx.app.db.update(businesses).set({ centralBilling: false }).where(eq(businesses.id, business!.id))
    expect((await status(gym.trainer.token)).gym).toEqual({ name: 'Gym Central', coversPlan: false })
    // Client billing agrees: the plan limit is 0 when the gym does not cover, Pro's when it does.
    const clients = await call(ctx.app, 'GET', '/api/v1/trainer/clients', { token: gym.trainer.token })
    expect(clients.json().limit).toBe(0)
  })

  it('an independent trainer has no gym', async () => {
    const trainer = await paidTrainer(ctx.app)
    const body = await status(await loginAs(ctx.app, trainer.email))
    expect(body).toMatchObject({ hasActiveSubscription: true, gym: null })
  })
})
