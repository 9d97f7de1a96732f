import { TRIAL_DAYS } from '@app/contracts/constants'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../app.ts'
import { testConfig } from '../../../config.ts'
import { planCharges, subscriptions, taxDocuments } from '../../../db/schema.ts'
import { openTestDatabase, useTestApp } from '../../../testing/app.ts'
import { paidTrainer, planByKey } from '../../../modules/billing/test-helpers.ts'

// The E2E's clock for plan charges (decision 223; the journey is apps/web/e2e/plan-boleta.spec.ts).

const DAY_MS = 24 * 3600 * 1000
const ctx = useTestApp()

const age = (body: { email: string; days: number }, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/dev/subscriptions/age', payload: body, remoteAddress, headers })

const subscriptionOf = async (userId: string) =>
  (await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0]

describe('POST /dev/subscriptions/age (decision 223)', () => {
  it('dates a trial back past its end: the sandbox charges the first paid month at the plan’s price once, with its boleta queued', async () => {
    const trainer = await paidTrainer(ctx.app)
    const before = await subscriptionOf(trainer.id)
    expect(before).toMatchObject({ provider: 'sandbox', status: 'trialing' })
    const days = TRIAL_DAYS + 1

    // The e-mail as typed: trimmed and lowercased like everywhere else.
    const res = await age({ email: `  ${trainer.email.toUpperCase()} `, days })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ subscriptions: 1, charges: 1 })

    const after = await subscriptionOf(trainer.id)
    expect(after.createdAt.getTime()).toBe(before.createdAt.getTime() - days * DAY_MS)
    expect(after.trialEnd!.getTime()).toBe(before.trialEnd!.getTime() - days * DAY_MS)
    expect(after.trialEnd!.getTime()).toBeLessThan(Date.now())
    // Renewed for the next calendar month, which has not ended.
    expect(after.status).toBe('active')
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now())
    expect(after.currentPeriodEnd!.getTime()).toBeLessThan(after.trialEnd!.getTime() + 32 * DAY_MS)

    const starter = await planByKey(ctx.app, 'starter')
    expect(starter.priceClp).toBeGreaterThan(0)
    const charges = await ctx.app.db.select().from(planCharges).where(eq(planCharges.userId, trainer.id))
    expect(charges).toEqual([
      expect.objectContaining({
        subscriptionId: after.id,
        planTitle: 'Starter',
        amountClp: starter.priceClp,
        paidAt: after.trialEnd,
        providerChargeId: `${after.providerSubscriptionId}:${after.trialEnd!.toISOString()}`,
      }),
    ])
    const documents = await ctx.app.db.select().from(taxDocuments).where(eq(taxDocuments.recipientUserId, trainer.id))
    expect(documents).toEqual([
      expect.objectContaining({
        sourceKind: 'plan_charge',
        sourceId: charges[0]!.id,
        dteType: 39,
        status: 'pending',
        totalClp: starter.priceClp,
      }),
    ])
    expect(documents[0]!.netClp + documents[0]!.ivaClp).toBe(starter.priceClp)

    // No days, no new period: nothing more is charged.
    expect((await age({ email: trainer.email, days: 0 })).json()).toEqual({ subscriptions: 1, charges: 0 })
    expect(await ctx.app.db.select().from(planCharges).where(eq(planCharges.userId, trainer.id))).toHaveLength(1)
  })

  it('a trial that has not ended yet is moved and not charged; an unknown e-mail moves nothing', async () => {
    const trainer = await paidTrainer(ctx.app)
    const res = await age({ email: trainer.email, days: TRIAL_DAYS - 2 })
    expect(res.json()).toEqual({ subscriptions: 1, charges: 0 })
    expect((await subscriptionOf(trainer.id)).status).toBe('trialing')
    expect((await age({ email: 'nobody-at-all@example.com', days: 40 })).json()).toEqual({ subscriptions: 0, charges: 0 })
  })

  it('refuses a bad body (422, as every validation error)', async () => {
    expect((await age({ email: 'a@example.com', days: -1 })).statusCode).toBe(422)
    expect((await age({ email: 'a@example.com', days: 401 })).statusCode).toBe(422)
    expect((await age({ email: 'a@example.com', days: 1.5 })).statusCode).toBe(422)
  })

  it('answers a caller off this machine, or one behind a proxy, exactly as an unknown route', async () => {
    const trainer = await paidTrainer(ctx.app)
    const unknown = await ctx.app.inject({ method: 'POST', url: '/dev/no-such-route', payload: {}, remoteAddress: '127.0.0.1' })
    expect(unknown.statusCode).toBe(404)
    for (const res of [
      await age({ email: trainer.email, days: 40 }, '10.1.2.3'),
      await age({ email: trainer.email, days: 40 }, '127.0.0.1', { 'x-forwarded-for': '198.51.100.4' }),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.body).toBe(unknown.body)
    }
    expect((await subscriptionOf(trainer.id)).status).toBe('trialing')
    expect(await ctx.app.db.select().from(planCharges).where(eq(planCharges.userId, trainer.id))).toEqual([])
  })

  it('exists here, hidden from the OpenAPI document', () => {
    expect(ctx.app.hasRoute({ method: 'POST', url: '/dev/subscriptions/age' })).toBe(true)
    const paths = Object.keys((ctx.app.swagger() as { paths: Record<string, unknown> }).paths)
    expect(paths).toContain('/api/v1/tax-documents')
    expect(paths.filter((p) => p.includes('subscriptions/age'))).toEqual([])
  })
})

describe('POST /dev/subscriptions/age in production', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
    await database.close().catch(() => {})
  })

  it('does not exist, even for a loopback caller', async () => {
    const app = await buildApp({
      config: testConfig({ NODE_ENV: 'production', MAIL_TRANSPORT: 'log' }),
      database,
      serveWeb: false,
      mailAutoDeliver: false,
    })
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/dev/subscriptions/age',
        payload: { email: 'a@example.com', days: 40 },
        remoteAddress: '127.0.0.1',
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ status: 404, message: 'Not found' })
      expect(app.hasRoute({ method: 'POST', url: '/dev/subscriptions/age' })).toBe(false)
    } finally {
      await app.close()
    }
  })
})
