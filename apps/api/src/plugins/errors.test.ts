import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../db/schema.ts'
import { useTestApp } from '../testing/app.ts'

const ctx = useTestApp()
const usersCount = async () => (await ctx.app.db.select({ n: count() }).from(users))[0].n

describe('bad input gets the error shape and changes nothing', () => {
  it('malformed JSON → 400', async () => {
    const before = await usersCount()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ status: 400, message: 'Malformed JSON in request body' })
    expect(await usersCount()).toBe(before)
  })

  it('a 2 MB body → 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cl', password: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ status: 413, message: expect.any(String) })
  })

  it('wrong types, missing and unknown fields → 422 with one code per field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/email/login', payload: { email: 42, admin: true } })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      status: 422,
      message: 'Unprocessable entity',
      errors: { email: 'invalidType', password: 'required', admin: 'unknownField' },
    })
  })

  it('an invalid e-mail → invalidEmail', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/email/login', payload: { email: 'nope', password: 'x' } })
    expect(res.json().errors).toEqual({ email: 'invalidEmail' })
  })

  it('unknown API route → 404 JSON', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ status: 404, message: 'Not found' })
  })

  it('a crash → 500 without internal details, with the request id', async () => {
    // The database fails in the middle of a login.
    const select = ctx.app.db.select
    ctx.app.db.select = (() => {
      throw new Error('secret database detail')
    }) as never
    const res = await ctx.app
      .inject({
        method: 'POST',
        url: '/api/v1/auth/email/login',
        payload: { email: 'a@b.cl', password: 'x' },
        headers: { 'x-request-id': 'req-123' },
      })
      .finally(() => (ctx.app.db.select = select))
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain('secret database detail')
    expect(res.json()).toEqual({ status: 500, message: 'Internal server error (request id req-123)' })
  })
})

describe('plumbing', () => {
  it('GET /api/health checks the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' })
  })

  it('serves the OpenAPI document with the auth routes and their schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/v1/auth/email/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email')
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400)
  })

  it('sends security headers and CORS only for APP_URL', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:3000' } })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    const evil = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } })
    expect(evil.headers['access-control-allow-origin']).toBeUndefined()
  })
})
