import { describe, expect, it } from 'vitest'
import { call, createUserAndLogin, useTestApp } from '../testing/app.ts'

describe('GET /metrics with METRICS=on and a token', () => {
  const ctx = useTestApp({ METRICS: 'on', METRICS_TOKEN: 'metrics-token-0123456789' })

  it('answers Prometheus text with per-route counts, latency, outbox, refusals; only with the token', async () => {
    const { token } = await createUserAndLogin(ctx.app)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token })).statusCode).toBe(200)
    const ip = '10.200.0.1'
    for (let i = 0; i < 35; i++)
      await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: 'nobody@example.com', password: 'x' }, ip })

    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401)
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    expect(res.body).toMatch(/http_requests_total\{[^}]*method="GET",route="\/api\/v1\/auth\/me",status="200"[^}]*\} 1/)
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/v1\/auth\/me"/)
    expect(res.body).toMatch(/rate_limit_refusals_total\{[^}]*route="\/api\/v1\/auth\/email\/login"[^}]*\} [1-9]/)
    expect(res.body).toContain('mail_outbox_pending')
    expect(res.body).toContain('mail_outbox_oldest_pending_seconds')
    expect(res.body).toContain('session_cache_lookups')
  })

  it('GET /api/ready answers ready with the database up', async () => {
    const res = await ctx.app.inject({ url: '/api/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', database: 'up', redis: 'not-configured' })
  })
})

describe('GET /metrics by default', () => {
  const ctx = useTestApp()
  it('is not there', async () => {
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(404)
  })
})
