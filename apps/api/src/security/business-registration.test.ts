import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businesses, users } from '../db/schema.ts'
import { call, uniqueEmail, useTestApp } from '../testing/app.ts'

// Issue 9, item 5: a caller must not choose its plan (trainer limit) or commission split.
const ctx = useTestApp()
const URL = '/api/v1/auth/business/register'

const valid = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('owner'),
  password: 'secret1',
  firstName: 'Carla',
  lastName: 'Rojas',
  businessName: 'Gimnasio Norte',
  businessAddress: 'Av. Siempre Viva 123',
  ...over,
})

const accountsWith = async (email: string) =>
  (
    await ctx.app.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  ).length

describe('business registration: the server decides plan and split', () => {
  it.each([
    ['subscriptionPlan', { subscriptionPlan: 'enterprise' }],
    [
      'centralBilling',
      { centralBilling: { enabled: true, paymentAccountId: 'acct_attacker', commissionRates: { trainer: 0, gym: 1, platform: 0 } } },
    ],
    ['commissionRates', { commissionRates: { trainer: 0, gym: 1, platform: 0 } }],
    ['role', { role: 'platform_admin' }],
  ])('sending %s → 422 unknownField and no account is created', async (field, extra) => {
    const body = valid(extra)
    const res = await call(ctx.app, 'POST', URL, { body })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ [field]: 'unknownField' })
    expect(await accountsWith(body.email)).toBe(0)
  })

  it('a registered business is on the Business plan with the 60/35/5 split, central billing on and no payout account', async () => {
    const res = await call(ctx.app, 'POST', URL, { body: valid() })
    expect(res.statusCode).toBe(200)
    expect(res.json().business).toMatchObject({
      subscriptionPlan: 'business',
      centralBilling: { enabled: true, paymentAccountId: null, commissionRates: { trainer: 0.6, gym: 0.35, platform: 0.05 } },
    })
    const [row] = await ctx.app.db
      .select()
      .from(businesses)
      .where(sql`${businesses.ownerId} = ${res.json().user.id}`)
    expect(row).toMatchObject({
      subscriptionPlan: 'business',
      centralBilling: true,
      paymentAccountId: null,
      commissionTrainerBps: 6000,
      commissionGymBps: 3500,
      commissionPlatformBps: 500,
    })
  })

  it('no request body or query of any non-admin route can carry a plan, price, limit, split or role', async () => {
    const doc = ctx.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: unknown }> }
            parameters?: { name: string; in: string; schema?: { maximum?: number } }[]
          }
        >
      >
    }
    const forbidden =
      /^(subscriptionPlan|plan|commission\w*|centralBilling|paymentAccountId|price\w*|amount|trialDays|trial\w*|limit|\w*Limit|role|isAdmin|userType)$/i
    // userType is in the spec's member registration, fixed to the literal 'member' (checked below).
    const allowed = new Set(['userType'])
    // A trainer prices their OWN offer (1.000–10.000.000 CLP, contracts); clients never send a price.
    const trainerPrices = new Set(['POST /api/v1/trainer/offers body: priceClp', 'PATCH /api/v1/trainer/offers/{id} body: priceClp'])
    // A search filter: the highest price the visitor wants to see, not a price anyone pays (issue 21).
    const searchFilters = new Set(['GET /api/v1/trainers query: priceMax'])
    // A page size the server caps (`maximum`): cursor pages of bookings, reviews, search (issue 21).
    const isPageSize = (p: { name: string; in: string; schema?: { maximum?: number } }) =>
      p.name === 'limit' && p.in === 'query' && typeof p.schema?.maximum === 'number' && p.schema.maximum <= 100
    const found: string[] = []
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return
      const s = schema as Record<string, unknown>
      for (const [key, value] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
        if (forbidden.test(key) && !allowed.has(key) && !trainerPrices.has(`${where}: ${key}`)) found.push(`${where}: ${key}`)
        walk(value, `${where}.${key}`)
      }
      for (const k of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
        const v = s[k]
        if (Array.isArray(v)) v.forEach((x) => walk(x, where))
        else walk(v, where)
      }
    }
    let routes = 0
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/v1/admin/')) continue
      for (const [method, op] of Object.entries(methods)) {
        routes++
        for (const content of Object.values(op.requestBody?.content ?? {})) walk(content.schema, `${method.toUpperCase()} ${path} body`)
        for (const p of op.parameters ?? []) {
          const name = `${method.toUpperCase()} ${path} ${p.in}: ${p.name}`
          if (forbidden.test(p.name) && !allowed.has(p.name) && !searchFilters.has(name) && !isPageSize(p)) found.push(name)
        }
      }
    }
    expect(routes).toBeGreaterThan(20)
    expect(found).toEqual([])
    // The one allowed name is pinned to a single value: a caller cannot pick another role with it.
    const register = await call(ctx.app, 'POST', '/api/v1/auth/email/register', {
      body: { email: uniqueEmail(), password: 'Segura123!', firstName: 'A', lastName: 'B', userType: 'trainer' },
    })
    expect(register.statusCode).toBe(422)
    expect(register.json().errors.userType).toBeDefined()
  })
})
