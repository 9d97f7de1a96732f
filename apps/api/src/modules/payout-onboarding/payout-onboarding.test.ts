import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { payoutAccounts } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp, useTestApp } from '../../testing/app.ts'
import { loginAs, paidTrainer, registeredMember } from '../billing/test-helpers.ts'

const ctx = useTestApp()

const setup = (token: string, userId: string, email: string, extra: Record<string, unknown> = {}) =>
  call(ctx.app, 'POST', '/api/v1/connect/onboarding/setup', { token, body: { userId, email, country: 'CL', ...extra } })
const status = (token: string | undefined, userId: string) => call(ctx.app, 'GET', `/api/v1/connect/account/by-user/${userId}`, { token })
const onboarding = (token: string | undefined, userId: string) =>
  call(ctx.app, 'GET', `/api/v1/trainers/by-user/${userId}/onboarding-status`, { token })
const form = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}),
  })

describe('POST /connect/onboarding/setup (sandbox)', () => {
  it('creates the payout account once, links to the sandbox page; completing it enables charges', async () => {
    const trainer = await paidTrainer(ctx.app)
    expect((await status(trainer.signupToken, trainer.id)).json()).toEqual({
      charges_enabled: false,
      details_submitted: false,
      complete: false,
      setup: 'onboarding',
    })
    expect((await onboarding(trainer.signupToken, trainer.id)).json()).toEqual({ stripeOnboardingComplete: false })

    const res = await setup(trainer.signupToken, trainer.id, trainer.email)
    expect(res.statusCode).toBe(200)
    const { onboardingUrl } = res.json()
    expect(onboardingUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/connect\/acl_sbx_/)
    // Asked again (the trainer clicked twice): a new link, the same account.
    const again = await setup(trainer.signupToken, trainer.id, trainer.email)
    expect(again.json().onboardingUrl).not.toBe(onboardingUrl)
    const accounts = await ctx.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, trainer.id))
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({ country: 'CL', provider: 'sandbox', chargesEnabled: false })

    const path = new URL(onboardingUrl).pathname
    const html = await form('GET', path)
    expect(html.statusCode).toBe(200)
    expect(html.body).toMatch(/>Completar configuración</)
    expect(html.body).toContain('Chile')
    expect(html.body).not.toMatch(/<script/i)

    const done = await form('POST', `${path}/complete`)
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe('http://localhost:3000/auth/stripe/onboarding?volver=1')
    expect((await status(trainer.signupToken, trainer.id)).json()).toEqual({
      charges_enabled: true,
      details_submitted: true,
      complete: true,
      setup: 'onboarding',
    })
    expect((await onboarding(trainer.signupToken, trainer.id)).json()).toEqual({ stripeOnboardingComplete: true })
    // The same link cannot be used twice.
    expect((await form('GET', path)).statusCode).toBe(404)
    expect((await form('POST', `${path}/complete`)).statusCode).toBe(404)
  })

  it('the signed-in trainer reaches the same calls with the session token', async () => {
    const trainer = await paidTrainer(ctx.app)
    const token = await loginAs(ctx.app, trainer.email)
    expect((await setup(token, trainer.id, trainer.email)).statusCode).toBe(200)
    expect((await status(token, trainer.id)).statusCode).toBe(200)
    expect((await onboarding(token, trainer.id)).statusCode).toBe(200)
  })

  it("refuses another user's payout onboarding and status", async () => {
    const alice = await paidTrainer(ctx.app)
    const bob = await paidTrainer(ctx.app)
    const start = await setup(bob.signupToken, alice.id, alice.email)
    expect(start.statusCode).toBe(403)
    expect((await status(bob.signupToken, alice.id)).statusCode).toBe(403)
    expect((await onboarding(bob.signupToken, alice.id)).statusCode).toBe(403)
    const signedIn = await createUserAndLogin(ctx.app)
    expect((await setup(signedIn.token, alice.id, alice.email)).statusCode).toBe(403)
    expect(await ctx.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, alice.id))).toHaveLength(0)
  })

  it('needs a token', async () => {
    const trainer = await paidTrainer(ctx.app)
    expect(
      (
        await call(ctx.app, 'POST', '/api/v1/connect/onboarding/setup', {
          body: { userId: trainer.id, email: trainer.email, country: 'CL' },
        })
      ).statusCode,
    ).toBe(401)
    expect((await status(undefined, trainer.id)).statusCode).toBe(401)
    expect((await onboarding(undefined, trainer.id)).statusCode).toBe(401)
  })

  it('refuses before a paid subscription, another e-mail and a country other than CL', async () => {
    const member = await registeredMember(ctx.app)
    expect((await setup(member.signupToken, member.id, member.email)).statusCode).toBe(403)
    const trainer = await paidTrainer(ctx.app)
    const wrongEmail = await setup(trainer.signupToken, trainer.id, 'otra@example.com')
    expect(wrongEmail.json().errors).toEqual({ email: 'invalid' })
    const peru = await setup(trainer.signupToken, trainer.id, trainer.email, { country: 'PE' })
    expect(peru.statusCode).toBe(422)
    expect(peru.json().errors).toHaveProperty('country')
  })
})
