import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clientSubscriptions, mailOutbox, offers, users } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { loginAs, PASSWORD } from '../billing/test-helpers.ts'
import { createOffer, eligibleTrainer, gymWithTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { sendTaxStartReminders } from './reminders.ts'
import { approve, declare, saveRut } from './test-helpers.ts'

// Issue 27 (decision 222): no new charges without an approved tax start; it lapses six months
// after approval (a fake clock here), pausing new charges and losing nothing; a reminder first.
const ctx = useTestApp()
afterEach(() => vi.useRealTimers())

const refusal = async (token: string) => {
  const res = await call(ctx.app, 'POST', '/api/v1/trainer/offers', {
    token,
    body: { title: 'Plan', description: '8 sesiones', priceClp: 25_000, sessionsPerMonth: 8 },
  })
  expect(res.statusCode, res.body).toBe(403)
  return res.json().errors.payouts as string
}

describe('tax start and charging', () => {
  it("the status's chargingAllowed is the charge's own answer, also when an operator turned the check off", async () => {
    const trainer = await eligibleTrainer(ctx.app, { taxStart: false })
    const allowed = async () => (await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: trainer.token })).json().chargingAllowed
    expect(await allowed()).toBe(false)
    expect(await refusal(trainer.token)).toBe('taxStartRequired')
    const config = ctx.app.config as { TAX_START_CHECK: 'on' | 'off' }
    config.TAX_START_CHECK = 'off'
    try {
      expect(await allowed()).toBe(true)
      await createOffer(ctx.app, trainer.token)
    } finally {
      config.TAX_START_CHECK = 'on'
    }
  })

  it('required, pending, the gym’s too; approved charges; lapsed pauses new charges and keeps everything; reminded before', async () => {
    const gym = await gymWithTrainer(ctx.app, { taxStart: false })
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.id, gym.owner.userId))
    const operator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const trainerToken = gym.trainer.token

    expect(await refusal(trainerToken)).toBe('taxStartRequired')
    await saveRut(ctx.app, 'trainer', trainerToken)
    const trainerDeclaration = await declare(ctx.app, 'trainer', trainerToken)
    expect(await refusal(trainerToken)).toBe('taxStartPending')
    const { expiresAt } = await approve(ctx.app, operator.token, trainerDeclaration)
    // Under central billing the payment is split to the gym too: its business needs one as well.
    expect(await refusal(trainerToken)).toBe('gymTaxStartRequired')
    await saveRut(ctx.app, 'business', gym.owner.token)
    await approve(ctx.app, operator.token, await declare(ctx.app, 'business', gym.owner.token))

    const offer = await createOffer(ctx.app, trainerToken)
    const client = await sandboxClient(ctx.app, trainerToken, offer.id)

    // 20 days before the lapse: lapsing soon, still charging; one reminder each, in the reader's language.
    const soon = new Date(Date.parse(expiresAt!) - 20 * 86_400_000)
    expect((await sendTaxStartReminders(ctx.app, soon)).sent).toBe(2)
    expect((await sendTaxStartReminders(ctx.app, soon)).sent).toBe(0)
    const toTrainer = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, gym.trainer.email))
    const reminders = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, gym.owner.email))
    expect(toTrainer.filter((m) => m.subject.startsWith('Tu inicio de actividades debe revisarse antes del'))).toHaveLength(1)
    expect(reminders.filter((m) => m.subject.startsWith('Your tax start must be checked again before'))).toHaveLength(1)

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(soon)
    const soonToken = await loginAs(ctx.app, gym.trainer.email)
    const soonStatus = (await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: soonToken })).json()
    expect(soonStatus).toMatchObject({ state: 'lapsingSoon', chargingAllowed: true })
    await createOffer(ctx.app, soonToken, { title: 'Plan 2' })

    // A minute after the six months: new charges refused with the code; nothing deleted.
    vi.setSystemTime(new Date(Date.parse(expiresAt!) + 60_000))
    const lateToken = await loginAs(ctx.app, gym.trainer.email)
    expect(await refusal(lateToken)).toBe('taxStartLapsed')
    const invite = await call(ctx.app, 'POST', '/api/v1/trainer/invitations', {
      token: lateToken,
      body: { offerId: offer.id, email: 'x@example.com' },
    })
    expect(invite.statusCode).toBe(403)
    expect(invite.json()).toMatchObject({ errors: { payouts: 'taxStartLapsed' } })
    const lapsed = (await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: lateToken })).json()
    expect(lapsed).toMatchObject({ state: 'lapsed', chargingAllowed: false, validUntil: null })
    const [sub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, client.subscriptionId))
    expect(sub).toBeDefined()
    expect(await ctx.app.db.select({ id: offers.id }).from(offers).where(eq(offers.id, offer.id))).toHaveLength(1)
    const listed = await call(ctx.app, 'GET', '/api/v1/trainer/offers', { token: lateToken })
    expect(listed.statusCode).toBe(200)

    // Sending it again and an approval resume charging.
    const lateOperator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    await approve(ctx.app, lateOperator.token, await declare(ctx.app, 'trainer', lateToken))
    // The gym's approval, given the same day, lapsed too.
    expect(await refusal(lateToken)).toBe('gymTaxStartRequired')
    const ownerLogin = await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email: gym.owner.email, password: PASSWORD } })
    await approve(ctx.app, lateOperator.token, await declare(ctx.app, 'business', ownerLogin.json().token))
    await createOffer(ctx.app, lateToken, { title: 'Plan 3' })
  })
})
