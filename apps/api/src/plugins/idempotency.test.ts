import { count, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { accessRequests, idempotencyKeys } from '../db/schema.ts'
import { createUserAndLogin, freshIp, useTestApp, bearer } from '../testing/app.ts'

const ctx = useTestApp({ RATE_LIMIT_MULTIPLIER: 1000 })

const form = (email: string, title = 'Solicitud') => ({
  title,
  content: 'Nombre: Ana\nCiudad: Santiago',
  email,
  subject: 'Acceso gratuito',
})
const submit = (body: unknown, key?: string, ip = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/forms',
    payload: body as object,
    headers: key ? { 'idempotency-key': key } : {},
    remoteAddress: ip,
  })
const rowsFor = async (email: string) =>
  (await ctx.app.db.select({ n: count() }).from(accessRequests).where(eq(accessRequests.email, email)))[0]!.n

describe('Idempotency-Key', () => {
  it('a retry with the same key answers the first answer and stores nothing twice', async () => {
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`
    const key = randomUUID()
    const first = await submit(form(email), key)
    expect(first.statusCode).toBe(201)
    const again = await submit(form(email), key)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await rowsFor(email)).toBe(1)
    // Without a key, each request is its own.
    expect((await submit(form(email))).statusCode).toBe(201)
    expect(await rowsFor(email)).toBe(2)
  })

  it('the same key with a different request → 422 idempotencyKeyReused, nothing stored', async () => {
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`
    const key = randomUUID()
    expect((await submit(form(email), key)).statusCode).toBe(201)
    const other = await submit(form(email, 'Otra'), key)
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ status: 422, code: 'idempotencyKeyReused' })
    expect(await rowsFor(email)).toBe(1)
  })

  it('concurrent duplicates meet in the database: one write, the others replay or wait (409 + Retry-After)', async () => {
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(form(email), key)))
    for (const a of answers) {
      expect([201, 409]).toContain(a.statusCode)
      if (a.statusCode === 409) {
        expect(a.json()).toMatchObject({ code: 'idempotencyKeyInProgress' })
        expect(a.headers['retry-after']).toBe('1')
      }
    }
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1)
    expect(await rowsFor(email)).toBe(1)
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id))
    expect(ids.size).toBe(1)
  })

  it('a failed answer frees the key: the corrected request with the same key is carried out', async () => {
    const key = randomUUID()
    const bad = await submit({ ...form('no-es-correo'), email: 'no-es-correo' }, key)
    expect(bad.statusCode).toBe(422)
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`
    // Validation failed before the key was claimed, so the key is free for any request.
    expect((await submit(form(email), key)).statusCode).toBe(201)
    expect(await rowsFor(email)).toBe(1)
  })

  it('keys are per caller: the same key from two signed-in owners creates two gyms', async () => {
    const key = randomUUID()
    const gym = {
      name: 'Gym',
      address: 'Av. 1',
      city: 'Santiago',
      state: 'RM',
      zipCode: '7500000',
      phone: '+56911111111',
      email: 'g@example.com',
    }
    for (const role of ['gym_owner', 'gym_owner'] as const) {
      const owner = await createUserAndLogin(ctx.app, { role })
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/gyms',
        payload: gym,
        headers: { ...bearer(owner.token), 'idempotency-key': key },
      })
      expect(res.statusCode).toBe(201)
      const replay = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/gyms',
        payload: gym,
        headers: { ...bearer(owner.token), 'idempotency-key': key },
      })
      expect(replay.statusCode).toBe(201)
      expect(replay.json()).toEqual(res.json())
    }
  })

  it('the stored answer is encrypted, not readable in the database', async () => {
    const email = `idem-secret-${randomUUID().slice(0, 8)}@example.com`
    const key = randomUUID()
    const res = await submit(form(email), key)
    const rows = await ctx.app.db.select().from(idempotencyKeys)
    const stored = rows.map((r) => r.response ?? '').join('\n')
    expect(stored).not.toContain(res.json().id)
    expect(rows.map((r) => r.id).join()).not.toContain(key)
  })

  it('rejects a malformed key with 422', async () => {
    const res = await submit(form(`x-${randomUUID().slice(0, 6)}@example.com`), 'x'.repeat(300))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ errors: { 'idempotency-key': 'invalid' } })
  })

  it('is documented in the OpenAPI document as a header parameter of write routes', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json()
    const params = (path: string, method: string) => (doc.paths[path][method].parameters ?? []) as Array<{ in: string; name: string }>
    for (const [path, method] of [
      ['/api/v1/forms', 'post'],
      ['/api/v1/gyms', 'post'],
      ['/api/v1/trainers/with-user', 'post'],
      ['/api/v1/trainer/payments/{id}/refunds', 'post'],
      ['/api/v1/platform/subscriptions/checkout', 'post'],
    ]) {
      expect(
        params(path!, method!).some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        path,
      ).toBe(true)
    }
    expect(params('/api/v1/gyms', 'get').some((p) => p.name === 'idempotency-key')).toBe(false)
  })
})
