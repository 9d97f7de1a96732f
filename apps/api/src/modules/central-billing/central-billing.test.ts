import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, businesses, users } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { createOffer, gymWithTrainer, type TestGym } from '../client-billing/test-helpers.ts'

// Issue 19: a gym's trainers charge clients through central billing only after an operator
// approved it in the console (audited), and only while the owner's e-mail is verified.
const ctx = useTestApp()
let admin: string
let gym: TestGym
let businessId: string

const offer = () =>
  call(ctx.app, 'POST', '/api/v1/trainer/offers', {
    token: gym.trainer.token,
    body: { title: 'Plan', description: '8 sesiones', priceClp: 25_000, sessionsPerMonth: 8 },
  })
const approve = (approved: boolean, token = admin, reason: unknown = 'contract signed') =>
  call(ctx.app, 'PUT', `/api/v1/admin/businesses/${businessId}/central-billing`, { token, body: { approved, reason } })
const rows = () =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'business.central_billing'), eq(auditLog.subjectId, businessId)))

beforeAll(async () => {
  admin = (await createUserAndLogin(ctx.app, { role: 'platform_admin' })).token
  gym = await gymWithTrainer(ctx.app)
  const [business] = await ctx.app.db.select().from(businesses).where(eq(businesses.ownerId, gym.owner.userId))
  businessId = business!.id
  // Start as every new gym does: not approved.
  await ctx.app.db.update(businesses).set({ centralBillingApprovedAt: null }).where(eq(businesses.id, businessId))
})

describe('central billing approval', () => {
  it('a new business starts off: registered through the API, not approved', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/business/register', {
      body: {
        email: `new-${Date.now()}@example.com`,
        password: 'secret1',
        firstName: 'N',
        lastName: 'G',
        businessName: 'Nuevo',
        businessAddress: 'C 1',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await ctx.app.db.select().from(businesses).where(eq(businesses.id, res.json().business.id))
    expect(row!.centralBillingApprovedAt).toBeNull()
  })

  it('off: the gym trainer cannot create an offer (so no invitation or checkout either)', async () => {
    const res = await offer()
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json()).toMatchObject({ status: 403, message: expect.any(String) })
  })

  it('an operator approves it with a reason, audited once; the trainer then charges', async () => {
    const bad = await approve(true, admin, '')
    expect(bad.statusCode).toBe(422)
    expect(await rows()).toHaveLength(0)

    const res = await approve(true)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().centralBillingApproval).toEqual({ approvedAt: expect.any(String), ownerEmailVerified: true, allowed: true })
    expect((await approve(true)).statusCode).toBe(200)
    const audit = await rows()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actorRole: 'platform_admin',
      reason: 'contract signed',
      before: { approved: false },
      after: { approved: true },
    })
    expect((await offer()).statusCode).toBe(200)
  })

  it('an owner whose address is not verified: the approval stays but nobody charges until it is', async () => {
    await ctx.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, gym.owner.userId))
    expect((await offer()).statusCode).toBe(403)
    const detail = await call(ctx.app, 'GET', `/api/v1/admin/businesses/${businessId}`, { token: admin })
    expect(detail.json().centralBillingApproval).toMatchObject({ ownerEmailVerified: false, allowed: false })
    await ctx.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, gym.owner.userId))
    expect((await offer()).statusCode).toBe(200)
  })

  it('stopped again by an operator (audited): new offers are refused', async () => {
    expect((await approve(false, admin, 'chargebacks')).statusCode).toBe(200)
    expect((await rows()).map((r) => r.after)).toContainEqual({ approved: false })
    expect((await offer()).statusCode).toBe(403)
    // Reading stays possible: the trainer's offers list.
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/offers', { token: gym.trainer.token })).statusCode).toBe(200)
  })

  it('only an operator: the owner and the trainer get 403, anonymous 401, an unknown business 404', async () => {
    expect((await approve(true, gym.owner.token)).statusCode).toBe(403)
    expect((await approve(true, gym.trainer.token)).statusCode).toBe(403)
    expect(
      (await call(ctx.app, 'PUT', `/api/v1/admin/businesses/${businessId}/central-billing`, { body: { approved: true, reason: 'x' } }))
        .statusCode,
    ).toBe(401)
    const unknown = await call(ctx.app, 'PUT', `/api/v1/admin/businesses/00000000-0000-4000-8000-000000000000/central-billing`, {
      token: admin,
      body: { approved: true, reason: 'x' },
    })
    expect(unknown.statusCode).toBe(404)
    const [row] = await ctx.app.db.select().from(businesses).where(eq(businesses.id, businessId))
    expect(row!.centralBillingApprovedAt).toBeNull()
  })

  it('an independent trainer is not affected', async () => {
    const { eligibleTrainer } = await import('../client-billing/test-helpers.ts')
    const trainer = await eligibleTrainer(ctx.app)
    await createOffer(ctx.app, trainer.token)
  })
})
