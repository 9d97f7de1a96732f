import { PlanListSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../../testing/app.ts'

const ctx = useTestApp()

describe('GET /plans', () => {
  it('answers the seeded catalogue without auth, in order, matching the contract', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/plans')
    expect(res.statusCode).toBe(200)
    const body = PlanListSchema.parse(res.json())
    expect(body.data.map((p) => p.key)).toEqual(['starter', 'growth', 'pro', 'business'])
    for (const plan of body.data) {
      expect(plan.id).toEqual(expect.any(String))
      expect(plan.title.length).toBeGreaterThan(0)
      expect(plan.description.length).toBeGreaterThan(0)
      expect(plan.benefits.length).toBeGreaterThan(0)
      expect(plan.benefits.length).toBeLessThanOrEqual(6)
      expect(plan.period).toBe('month')
    }
  })

  it('carries the prices charged (decision 003), client limits and flags', async () => {
    const { data } = (await call(ctx.app, 'GET', '/api/v1/plans')).json() as { data: Array<Record<string, unknown>> }
    const pick = ({ key, priceUsd, priceClp, clientLimit, popular, purchasable }: Record<string, unknown>) => ({
      key,
      priceUsd,
      priceClp,
      clientLimit,
      popular,
      purchasable,
    })
    expect(data.map(pick)).toEqual([
      { key: 'starter', priceUsd: 20, priceClp: 19000, clientLimit: 5, popular: true, purchasable: true },
      { key: 'growth', priceUsd: 50, priceClp: 48000, clientLimit: 20, popular: false, purchasable: false },
      { key: 'pro', priceUsd: 80, priceClp: 75000, clientLimit: 50, popular: false, purchasable: false },
      { key: 'business', priceUsd: null, priceClp: null, clientLimit: null, popular: false, purchasable: false },
    ])
  })

  it('exposes no internal columns and may be cached briefly', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/plans')
    expect(res.headers['cache-control']).toBe('public, max-age=60')
    const [plan] = res.json().data
    expect(Object.keys(plan).sort()).toEqual(
      [
        'benefits',
        'clientLimit',
        'description',
        'id',
        'key',
        'period',
        'popular',
        'priceClp',
        'priceUsd',
        'purchasable',
        'target',
        'title',
      ].sort(),
    )
  })
})
