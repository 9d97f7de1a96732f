import type { InjectOptions } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { bearer, call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../testing/app.ts'
import { routes } from './route-table.ts'

vi.mock('fastify', async (importOriginal) =>
  (await import('./route-table.ts')).withRouteTable(await importOriginal<typeof import('fastify')>()),
)

const ctx = useTestApp()

/** What generic JSON clients send on a call without payload: the JSON content type and no bytes. */
const emptyJson = (method: InjectOptions['method'], url: string, token?: string, payload = ''): InjectOptions => ({
  method,
  url,
  payload,
  headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
  remoteAddress: freshIp(),
})

async function createGym(token: string) {
  const body = {
    name: 'Gym Vacío',
    email: uniqueEmail('gym'),
    address: 'Calle 1',
    city: 'Santiago',
    state: 'RM',
    zipCode: '8320000',
    phone: '+56 2 1234 5678',
  }
  const res = await call(ctx.app, 'POST', '/api/v1/gyms', { body, token })
  expect(res.statusCode).toBe(201)
  return res.json().id as string
}

describe('an empty body sent as JSON (issue 9, item 16)', () => {
  it('POST /auth/refresh rotates the session', async () => {
    const session = await createUserAndLogin(ctx.app)
    const res = await ctx.app.inject(emptyJson('POST', '/api/v1/auth/refresh', session.refreshToken))
    expect(res.statusCode).toBe(200)
    expect(res.json().token).toEqual(expect.any(String))
  })

  it('POST /auth/logout ends the session', async () => {
    const session = await createUserAndLogin(ctx.app)
    expect((await ctx.app.inject(emptyJson('POST', '/api/v1/auth/logout', session.token))).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: session.token })).statusCode).toBe(401)
  })

  it('DELETE /gyms/:id deletes the gym, with or without chunked transfer', async () => {
    const { token } = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const id = await createGym(token)
    const chunked = emptyJson('DELETE', `/api/v1/gyms/${id}`, token)
    chunked.headers = { ...chunked.headers, 'transfer-encoding': 'chunked' }
    const res = await ctx.app.inject(chunked)
    expect(res.statusCode, res.body).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token })).statusCode).toBe(404)
  })

  it('DELETE /trainers/:id deletes the trainer', async () => {
    const { token } = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    await createGym(token)
    const trainer = await call(ctx.app, 'POST', '/api/v1/trainers', {
      token,
      body: {
        firstName: 'Tomás',
        lastName: 'Soto',
        email: uniqueEmail('tr'),
        phone: '+56 9 1234 5678',
        specialization: 'Fuerza',
        experience: 3,
      },
    })
    expect(trainer.statusCode).toBe(201)
    const res = await ctx.app.inject(emptyJson('DELETE', `/api/v1/trainers/${trainer.json().id}`, token))
    expect(res.statusCode, res.body).toBe(200)
  })

  it('every POST, PUT, PATCH and DELETE without a payload accepts an empty JSON body: never 400, never 5xx', async () => {
    const session = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const bodyless = routes.filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method as string) &&
        !(r.schema as { body?: unknown } | undefined)?.body &&
        !r.url.endsWith('/stripe/webhook'),
    )
    expect(bodyless.length).toBeGreaterThan(5)
    const failures: string[] = []
    for (const route of bodyless) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')
      for (const [token, payload] of [
        [undefined, ''],
        [session.token, ''],
        [session.token, ' \r\n'],
      ] as const) {
        for (const chunked of [false, true]) {
          const options = emptyJson(route.method as InjectOptions['method'], url, token, payload)
          if (chunked) options.headers = { ...options.headers, 'transfer-encoding': 'chunked' }
          const res = await ctx.app.inject(options)
          if (res.statusCode === 400 || res.statusCode >= 500)
            failures.push(
              `${route.method} ${route.url} (${token ? 'token' : 'no token'}, ${JSON.stringify(payload)}${chunked ? ', chunked' : ''}): ${res.statusCode} ${res.body.slice(0, 120)}`,
            )
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('a route that needs a payload answers 422 on body (as with no body at all), and bad JSON is still refused', async () => {
    const empty = await ctx.app.inject(emptyJson('POST', '/api/v1/forms'))
    const none = await call(ctx.app, 'POST', '/api/v1/forms')
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toEqual({ status: 422, message: 'Unprocessable entity', errors: { body: expect.any(String) } })
    expect(empty.json()).toEqual(none.json())
    const malformed = await ctx.app.inject(emptyJson('POST', '/api/v1/forms', undefined, '{"title":'))
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ status: 400, message: 'Malformed JSON in request body' })
    // Prototype poisoning is refused as by Fastify's own parser.
    const poisoned = await ctx.app.inject(emptyJson('POST', '/api/v1/forms', undefined, '{"__proto__":{"admin":true},"title":"x"}'))
    expect(poisoned.statusCode).toBe(400)
  })
})
