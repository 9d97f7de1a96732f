import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businesses, sessions, users } from '../../db/schema.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'

const ctx = useTestApp()
const URL = '/api/v1/auth/business/register'

const valid = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('owner'),
  password: 'secret1',
  firstName: 'Carla',
  lastName: 'Rojas',
  businessName: 'Gimnasio Norte',
  businessAddress: 'Av. Siempre Viva 123, Santiago',
  businessPhone: '+56 9 1234 5678',
  businessWebsite: 'https://norte.example.com',
  ...over,
})

describe('POST /auth/business/register', () => {
  it('creates a gym owner and its business in one go and answers a working session', async () => {
    const body = valid()
    const res = await call(ctx.app, 'POST', URL, { body })
    expect(res.statusCode).toBe(200)
    const json = res.json()
    expect(json.token).toEqual(expect.any(String))
    expect(json.refreshToken).toEqual(expect.any(String))
    expect(json.user).toMatchObject({
      email: body.email,
      firstName: 'Carla',
      lastName: 'Rojas',
      role: 'gym_owner',
      isActive: true,
      emailVerified: false,
    })
    expect(json.business).toMatchObject({
      name: 'Gimnasio Norte',
      subscriptionPlan: 'business',
      centralBilling: { enabled: true, paymentAccountId: null, commissionRates: { trainer: 0.6, gym: 0.35, platform: 0.05 } },
    })
    expect(res.body).not.toMatch(/argon2|passwordHash/)

    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { token: json.token })
    expect(me.statusCode).toBe(200)
    expect(me.json().role).toBe('gym_owner')

    const [row] = await ctx.app.db.select().from(businesses).where(eq(businesses.ownerId, json.user.id))
    expect(row).toMatchObject({
      name: 'Gimnasio Norte',
      address: 'Av. Siempre Viva 123, Santiago',
      phone: '+56 9 1234 5678',
      website: 'https://norte.example.com',
      centralBilling: true,
    })
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, json.user.id))
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('the new account signs in with POST /auth/business/login', async () => {
    const body = valid()
    await call(ctx.app, 'POST', URL, { body })
    const res = await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email: body.email, password: body.password } })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.role).toBe('gym_owner')
  })

  it('defaults: Business plan, central billing on with the 60/35/5 split; empty optional fields are stored as null', async () => {
    const res = await call(ctx.app, 'POST', URL, { body: valid({ businessPhone: '', businessWebsite: '' }) })
    expect(res.statusCode).toBe(200)
    const [row] = await ctx.app.db.select().from(businesses).where(eq(businesses.ownerId, res.json().user.id))
    expect(row).toMatchObject({
      subscriptionPlan: 'business',
      centralBilling: true,
      phone: null,
      website: null,
      commissionTrainerBps: 6000,
      commissionGymBps: 3500,
      commissionPlatformBps: 500,
    })
  })

  it.each(['email', 'password', 'firstName', 'lastName', 'businessName', 'businessAddress'])(
    '%s is required (missing or blank) → 422 required',
    async (field) => {
      const missing = valid()
      delete (missing as Record<string, unknown>)[field]
      const res = await call(ctx.app, 'POST', URL, { body: missing })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors[field]).toBe('required')
      const blank = await call(ctx.app, 'POST', URL, { body: valid({ [field]: field === 'password' ? '' : '   ' }) })
      expect(blank.statusCode).toBe(422)
      expect(blank.json().errors[field]).toBe('required')
    },
  )

  it('password shorter than 6 → 422 tooShort; 6 is enough', async () => {
    const short = await call(ctx.app, 'POST', URL, { body: valid({ password: '12345' }) })
    expect(short.statusCode).toBe(422)
    expect(short.json().errors).toEqual({ password: 'tooShort' })
    const six = await call(ctx.app, 'POST', URL, { body: valid({ password: '123456' }) })
    expect(six.statusCode).toBe(200)
  })

  it('rejects a malformed e-mail, website, and unknown fields (a plan or a split is not the caller’s to send)', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ email: 'not-an-email' }, { email: 'invalidEmail' }],
      [{ businessWebsite: 'not a url' }, { businessWebsite: 'invalid' }],
      [{ businessWebsite: 'javascript:alert(1)' }, { businessWebsite: 'invalid' }],
      [{ subscriptionPlan: 'enterprise' }, { subscriptionPlan: 'unknownField' }],
      [{ centralBilling: { enabled: true } }, { centralBilling: 'unknownField' }],
      [{ isAdmin: true }, { isAdmin: 'unknownField' }],
    ]
    for (const [over, errors] of cases) {
      const res = await call(ctx.app, 'POST', URL, { body: valid(over) })
      expect(res.statusCode, JSON.stringify(over)).toBe(422)
      expect(res.json().errors).toEqual(errors)
    }
  })

  it('an e-mail already in use (any case) → 422 emailAlreadyExists and nothing is created', async () => {
    const body = valid()
    expect((await call(ctx.app, 'POST', URL, { body })).statusCode).toBe(200)
    const before = (await ctx.app.db.select().from(businesses)).length
    const res = await call(ctx.app, 'POST', URL, { body: valid({ email: body.email.toUpperCase(), businessName: 'Otro' }) })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ status: 422, errors: { email: 'emailAlreadyExists' } })
    expect((await ctx.app.db.select().from(businesses)).length).toBe(before)
  })

  it('two simultaneous registrations of one e-mail: exactly one wins, the other gets emailAlreadyExists', async () => {
    const body = valid()
    const [a, b] = await Promise.all([call(ctx.app, 'POST', URL, { body }), call(ctx.app, 'POST', URL, { body })])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422])
    const loser = a.statusCode === 422 ? a : b
    expect(loser.json().errors).toEqual({ email: 'emailAlreadyExists' })
    const rows = await ctx.app.db.select().from(users).where(eq(users.email, body.email))
    expect(rows).toHaveLength(1)
    // The loser's transaction left no session behind.
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, rows[0].id))).toHaveLength(1)
  })

  it('user, business and session are one transaction: a failing business insert leaves no account behind', async () => {
    await ctx.app.db.execute(
      sql`CREATE FUNCTION fail_business() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'business insert failed'; END $$`,
    )
    await ctx.app.db.execute(sql`CREATE TRIGGER fail_business BEFORE INSERT ON businesses FOR EACH ROW EXECUTE FUNCTION fail_business()`)
    try {
      const body = valid()
      const res = await call(ctx.app, 'POST', URL, { body })
      expect(res.statusCode).toBe(500)
      expect(await ctx.app.db.select().from(users).where(eq(users.email, body.email))).toEqual([])
    } finally {
      await ctx.app.db.execute(sql`DROP TRIGGER fail_business ON businesses`)
      await ctx.app.db.execute(sql`DROP FUNCTION fail_business()`)
    }
  })

  it('is rate-limited per IP', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    const body = valid()
    for (let i = 0; i < 11; i++) statuses.push((await call(ctx.app, 'POST', URL, { body, ip })).statusCode)
    expect(statuses[0]).toBe(200)
    expect(statuses.slice(1, 10).every((s) => s === 422)).toBe(true)
    expect(statuses[10]).toBe(429)
    // Another IP is not affected.
    expect((await call(ctx.app, 'POST', URL, { body: valid() })).statusCode).toBe(200)
  })
})
