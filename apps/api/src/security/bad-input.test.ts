import type { RouteOptions } from 'fastify'
import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { badCharacterPaths } from '../plugins/input-hygiene.ts'
import { bearer, call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../testing/app.ts'
import { routes } from './route-table.ts'

// Every route the app registers, with its schema: the table below covers routes added later too.
vi.mock('fastify', async (importOriginal) =>
  (await import('./route-table.ts')).withRouteTable(await importOriginal<typeof import('fastify')>()),
)

const ctx = useTestApp()

type JsonSchema = {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  minLength?: number
  maxLength?: number
  minimum?: number
  format?: string
  pattern?: string
  default?: unknown
  items?: JsonSchema
  minItems?: number
}

/** A value the schema accepts, chosen by the field's name where its type says too little. */
function sample(schema: JsonSchema, key: string): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, key)
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k]) => schema.required?.includes(k))
          .map(([k, s]) => [k, sample(s, k)]),
      )
    case 'array':
      // As many items as the schema asks for (an exercise needs equipment and muscles).
      return Array.from({ length: schema.minItems ?? 0 }, () => (schema.items ? sample(schema.items, key) : 'x'))
    case 'boolean':
      return true
    case 'integer':
    case 'number':
      return schema.minimum ?? 1
    case 'string': {
      if (schema.format === 'uuid') return randomUUID()
      if (schema.pattern === '^\\d{6}$') return '123456'
      if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2030-01-07'
      // A birth date (issue 20): a valid one of someone over 16.
      if (schema.format === 'date') return '1990-04-02'
      if (/email/i.test(key)) return uniqueEmail('nul')
      if (/password/i.test(key)) return 'Segura123!'
      if (/url|redirect/i.test(key)) return 'http://localhost:3000/vuelta'
      if (/phone/i.test(key)) return '+56 9 1234 5678'
      // A moment (the dev clock's `at`, issue 20).
      if (schema.format === 'date-time' || key === 'at') return new Date().toISOString()
      // A Chilean RUT with a right check digit (issue 27).
      if (key === 'rut') return '12.345.678-5'
      return 'Texto válido'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100)
    }
    default:
      return 'x'
  }
}

const jsonSchemaOf = (schema: unknown) => z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
const withNul = (value: string) => `${value.slice(0, 3)}\u0000${value.slice(3)}`
const pathOf = (route: RouteOptions) => route.url.replace(/:(\w+)/g, () => randomUUID())

/** Signed-in users of every role, tried in turn so that each route is reached past its role check. */
async function tokens() {
  const roles = ['gym_owner', 'trainer', 'member'] as const
  return Promise.all(roles.map(async (role) => (await createUserAndLogin(ctx.app, { role })).token))
}

async function send(route: RouteOptions, url: string, payload: unknown, tokenList: string[]) {
  let res
  for (const token of tokenList) {
    res = await ctx.app.inject({
      method: route.method as 'POST',
      url,
      payload: payload as object,
      headers: bearer(token),
      // The dev-only routes answer loopback callers only (plugins/dev-only.ts): they are reached from this machine.
      remoteAddress: url.startsWith('/dev/') ? '127.0.0.1' : freshIp(),
    })
    if (res.statusCode !== 401 && res.statusCode !== 403) break
  }
  return res!
}

describe('NUL and unpaired surrogates in input (issue 9, item 13)', () => {
  it('a NUL in lastName at business registration answers 422 lastName: invalidCharacters', async () => {
    const body = {
      email: uniqueEmail('nul'),
      password: 'Segura123!',
      firstName: 'Ana',
      lastName: 'Pé\u0000rez',
      businessName: 'Gym',
      businessAddress: 'Calle 1',
    }
    const res = await call(ctx.app, 'POST', '/api/v1/auth/business/register', { body })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ status: 422, errors: { lastName: 'invalidCharacters' } })
  })

  it('a NUL in the city of a gym answers 422 city: invalidCharacters', async () => {
    const { token } = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const body = {
      name: 'Gym',
      email: uniqueEmail('gym'),
      address: 'Calle 1',
      city: 'San\u0000tiago',
      state: 'RM',
      zipCode: '8320000',
      phone: '+56 2 1234 5678',
    }
    const res = await call(ctx.app, 'POST', '/api/v1/gyms', { body, token })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ city: 'invalidCharacters' })
  })

  it('an unpaired surrogate written as a JSON escape answers 422 for that field', async () => {
    const raw = `{"email":"${uniqueEmail('sur')}","password":"Segura123!","firstName":"Ana\\ud800","lastName":"Rojas","businessName":"Gym","businessAddress":"Calle 1"}`
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/business/register',
      headers: { 'content-type': 'application/json' },
      payload: raw,
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ firstName: 'invalidCharacters' })
  })

  it('a NUL in a path parameter answers 404', async () => {
    const { token } = await createUserAndLogin(ctx.app, { role: 'trainer' })
    const verify = await call(ctx.app, 'GET', '/api/v1/platform/checkout/verify/%00', { token })
    expect(verify.statusCode).toBe(404)
    expect(verify.json()).toMatchObject({ status: 404 })
    for (const url of ['/sandbox/checkout/%00', '/sandbox/portal/a%00b', '/sandbox/connect/%00'])
      expect((await call(ctx.app, 'GET', url)).statusCode, url).toBe(404)
    expect((await call(ctx.app, 'POST', '/sandbox/checkout/%00/pay')).statusCode).toBe(404)
  })

  it('a NUL in a query field answers 422 for that field', async () => {
    // The built-in mailbox answers loopback callers only.
    const res = await call(ctx.app, 'GET', `/dev/mailbox.json?to=${encodeURIComponent(withNul(uniqueEmail()))}`, { ip: '127.0.0.1' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ to: 'invalidCharacters' })
    const byEmail = await call(ctx.app, 'GET', `/api/v1/users/by-email?email=${encodeURIComponent(withNul(uniqueEmail()))}`)
    expect(byEmail.statusCode).toBe(422)
  })

  it('every route with a JSON body answers 422 for a NUL in each top-level string field, never 5xx', async () => {
    const tokenList = await tokens()
    const failures: string[] = []
    const reached = new Set<string>()
    const withBody = routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && (r.schema as { body?: unknown } | undefined)?.body)
    expect(withBody.length).toBeGreaterThan(10)
    for (const route of withBody) {
      const schema = jsonSchemaOf((route.schema as { body: unknown }).body)
      const strings = Object.entries(schema.properties ?? {}).filter(
        ([k, s]) => typeof sample(s, k) === 'string' && s.enum === undefined && s.const === undefined && s.format !== 'uuid' && !s.pattern,
      )
      for (const [field, fieldSchema] of strings) {
        const body = { ...(sample(schema, '') as object), [field]: withNul(sample(fieldSchema, field) as string) }
        const res = await send(route, pathOf(route), body, tokenList)
        const label = `${route.method} ${route.url} ${field}: ${res.statusCode} ${res.body.slice(0, 200)}`
        // 422 with that field's code: invalidCharacters, or the field's own (invalidEmail, invalidPhone…).
        const code = res.statusCode === 422 ? res.json().errors?.[field] : undefined
        if (code === 'invalidCharacters') reached.add(`${route.method} ${route.url}`)
        else if (!code && res.statusCode !== 401 && res.statusCode !== 403) failures.push(label)
      }
    }
    expect(failures).toEqual([])
    // The table reaches the check on the routes whose NUL answered 500 before (a vacuous table fails here).
    const expected = [
      'POST /api/v1/auth/business/register',
      'POST /api/v1/gyms',
      'PUT /api/v1/gyms/:id',
      'POST /api/v1/trainers',
      'POST /api/v1/trainers/with-user',
      'PUT /api/v1/trainers/:id',
      'POST /api/v1/forms',
      'POST /api/v1/auth/email/register',
      'POST /api/v1/auth/reset/password',
      'POST /api/v1/auth/email/login',
      'POST /api/v1/auth/business/login',
    ]
    expect(expected.filter((r) => !reached.has(r))).toEqual([])
  })

  it('every route with path parameters answers 4xx, never 5xx, for a NUL in each of them', async () => {
    const tokenList = await tokens()
    const failures: string[] = []
    for (const route of routes.filter((r) => r.url.includes(':') && r.method !== 'HEAD')) {
      for (const param of route.url.match(/:(\w+)/g) ?? []) {
        const url = pathOf({ ...route, url: route.url.replace(param, '%00') })
        const res = await send(route, url, undefined, tokenList)
        if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${route.method} ${url}: ${res.statusCode}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('finds forbidden characters in nested fields, arrays and keys', () => {
    expect(badCharacterPaths({ a: 'ok', b: { c: ['x', 'y\u0000'] }, 'k\u0000': 1, d: '\udc00x', e: '😀' })).toEqual(
      expect.arrayContaining(['b.c.1', 'body', 'd']),
    )
    expect(badCharacterPaths({ e: '😀', f: ['ñ', { g: 'ü' }] })).toEqual([])
    expect(badCharacterPaths('\u0000')).toEqual(['body'])
    // Deeper than the call stack would allow with recursion.
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(badCharacterPaths(deep)).toHaveLength(1)
  })
})
