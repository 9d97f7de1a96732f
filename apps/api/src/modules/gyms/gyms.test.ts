import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { gyms } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'

const ctx = useTestApp()

const gymBody = (over: Record<string, unknown> = {}) => ({
  name: 'Gimnasio Centro',
  email: 'contacto@centro.example.com',
  address: 'Moneda 1000',
  city: 'Santiago',
  state: 'Región Metropolitana',
  zipCode: '8320000',
  phone: '+56 2 2345 6789',
  description: 'Pesas y cardio',
  ...over,
})

describe('gyms of the signed-in owner', () => {
  it('no gym yet: GET /gyms is empty and GET /gyms/my-gym is 404', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const list = await call(ctx.app, 'GET', '/api/v1/gyms', { token: owner.token })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual([])
    const mine = await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token: owner.token })
    expect(mine.statusCode).toBe(404)
    expect(mine.json()).toMatchObject({ status: 404, message: expect.any(String) })
  })

  it('create, read, update, delete', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const created = await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody() })
    expect(created.statusCode).toBe(201)
    const gym = created.json()
    expect(gym).toMatchObject({ ...gymBody(), id: expect.any(String), isActive: true })

    expect((await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token: owner.token })).json()).toMatchObject({
      id: gym.id,
      name: 'Gimnasio Centro',
    })
    expect((await call(ctx.app, 'GET', '/api/v1/gyms', { token: owner.token })).json()).toEqual([expect.objectContaining({ id: gym.id })])

    const updated = await call(ctx.app, 'PUT', `/api/v1/gyms/${gym.id}`, {
      token: owner.token,
      body: gymBody({ name: 'Centro Fit', description: '', isActive: false }),
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ id: gym.id, name: 'Centro Fit', description: null, isActive: false })
    // isActive left out keeps the current value.
    const again = await call(ctx.app, 'PUT', `/api/v1/gyms/${gym.id}`, { token: owner.token, body: gymBody({ name: 'Centro Fit 2' }) })
    expect(again.json()).toMatchObject({ name: 'Centro Fit 2', isActive: false })

    const deleted = await call(ctx.app, 'DELETE', `/api/v1/gyms/${gym.id}`, { token: owner.token })
    expect(deleted.statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token: owner.token })).statusCode).toBe(404)
  })

  it('description is optional', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const body = gymBody()
    delete (body as Record<string, unknown>).description
    const res = await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body })
    expect(res.statusCode).toBe(201)
    expect(res.json().description).toBeNull()
  })

  it('an owner has one gym: a second create → 409 and nothing is added', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody() })).statusCode).toBe(201)
    const second = await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody({ name: 'Otro' }) })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ status: 409, errors: { gym: 'alreadyExists' }, message: expect.stringMatching(/one gym/) })
    expect(await ctx.app.db.select().from(gyms).where(eq(gyms.ownerId, owner.user.id))).toHaveLength(1)
  })

  it.each(['name', 'email', 'address', 'city', 'state', 'zipCode', 'phone'])(
    '%s is required on create and update → 422 required',
    async (field) => {
      const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
      const body = gymBody({ [field]: '  ' })
      const res = await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ [field]: 'required' })
      const gym = (await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody() })).json()
      const missing = gymBody()
      delete (missing as Record<string, unknown>)[field]
      const put = await call(ctx.app, 'PUT', `/api/v1/gyms/${gym.id}`, { token: owner.token, body: missing })
      expect(put.statusCode).toBe(422)
      expect(put.json().errors).toEqual({ [field]: 'required' })
    },
  )

  it('e-mail and phone are validated; unknown fields refused', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ email: 'nope' }, { email: 'invalidEmail' }],
      [{ phone: 'call me' }, { phone: 'invalidPhone' }],
      [{ phone: '123' }, { phone: 'invalidPhone' }],
      [{ ownerId: 'x' }, { ownerId: 'unknownField' }],
    ]
    for (const [over, errors] of cases) {
      const res = await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody(over) })
      expect(res.statusCode, JSON.stringify(over)).toBe(422)
      expect(res.json().errors).toEqual(errors)
    }
  })

  it('deleting a gym that still has trainers → 409; the gym and trainers stay', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const gym = (await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody() })).json()
    const trainer = await call(ctx.app, 'POST', '/api/v1/trainers', {
      token: owner.token,
      body: {
        firstName: 'Tomás',
        lastName: 'Soto',
        email: 'tomas@example.com',
        phone: '+56911112222',
        specialization: 'Yoga',
        experience: 3,
      },
    })
    expect(trainer.statusCode).toBe(201)
    const res = await call(ctx.app, 'DELETE', `/api/v1/gyms/${gym.id}`, { token: owner.token })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ errors: { gym: 'hasTrainers' }, message: expect.stringMatching(/still has 1 trainer\b/) })
    expect((await call(ctx.app, 'GET', `/api/v1/gyms/${gym.id}/trainers`, { token: owner.token })).json()).toHaveLength(1)
    // Once the trainers are gone the gym can go.
    expect((await call(ctx.app, 'DELETE', `/api/v1/trainers/${trainer.json().id}`, { token: owner.token })).statusCode).toBe(200)
    expect((await call(ctx.app, 'DELETE', `/api/v1/gyms/${gym.id}`, { token: owner.token })).statusCode).toBe(200)
  })
})

describe('authorization: only the owner reads or changes their gym', () => {
  let ownerA: Awaited<ReturnType<typeof createUserAndLogin>>
  let gymA: { id: string }
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    ownerA = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    gymA = (await call(ctx.app, 'POST', '/api/v1/gyms', { token: ownerA.token, body: gymBody({ name: 'Gym A' }) })).json()
    const ownerB = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    await call(ctx.app, 'POST', '/api/v1/gyms', { token: ownerB.token, body: gymBody({ name: 'Gym B' }) })
    tokens.secondOwner = ownerB.token
    // A trainer with a login account in A's own gym: still not an owner.
    const created = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', {
      token: ownerA.token,
      body: {
        firstName: 'Tere',
        lastName: 'Lagos',
        email: 'tere.gyms@example.com',
        phone: '+56933334444',
        specialization: 'Cardio',
        experience: 2,
        password: 'Trainer123!',
      },
    })
    const trainerLogin = await call(ctx.app, 'POST', '/api/v1/auth/email/login', {
      body: { email: 'tere.gyms@example.com', password: 'Trainer123!' },
    })
    expect(created.statusCode).toBe(201)
    tokens.trainer = trainerLogin.json().token
    tokens.member = (await createUserAndLogin(ctx.app, { role: 'member' })).token
  })

  const gymRow = async () => (await ctx.app.db.select().from(gyms).where(eq(gyms.id, gymA.id)))[0]

  it('without a token every gym endpoint is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/gyms'],
      ['GET', '/api/v1/gyms/my-gym'],
      ['POST', '/api/v1/gyms'],
      ['PUT', `/api/v1/gyms/${gymA.id}`],
      ['DELETE', `/api/v1/gyms/${gymA.id}`],
    ] as const) {
      expect(
        (await call(ctx.app, method, url, { body: method === 'POST' || method === 'PUT' ? gymBody() : undefined })).statusCode,
        `${method} ${url}`,
      ).toBe(401)
    }
  })

  it('GET /gyms and GET /gyms/my-gym never show A’s gym to anyone else', async () => {
    const list = await call(ctx.app, 'GET', '/api/v1/gyms', { token: tokens.secondOwner })
    expect(list.statusCode).toBe(200)
    expect(list.json().map((g: { name: string }) => g.name)).toEqual(['Gym B'])
    expect((await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token: tokens.secondOwner })).json().name).toBe('Gym B')
    for (const who of ['trainer', 'member']) {
      expect((await call(ctx.app, 'GET', '/api/v1/gyms', { token: tokens[who] })).statusCode, who).toBe(403)
      expect((await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token: tokens[who] })).statusCode, who).toBe(403)
    }
  })

  it('POST /gyms: a trainer or member cannot create a gym', async () => {
    const before = (await ctx.app.db.select().from(gyms)).length
    for (const who of ['trainer', 'member']) {
      expect((await call(ctx.app, 'POST', '/api/v1/gyms', { token: tokens[who], body: gymBody() })).statusCode, who).toBe(403)
    }
    expect((await ctx.app.db.select().from(gyms)).length).toBe(before)
  })

  it('PUT /gyms/{A}: second owner 404, trainer 403, member 403; the gym is unchanged', async () => {
    const before = await gymRow()
    const expected: Record<string, number> = { secondOwner: 404, trainer: 403, member: 403 }
    for (const [who, status] of Object.entries(expected)) {
      const res = await call(ctx.app, 'PUT', `/api/v1/gyms/${gymA.id}`, { token: tokens[who], body: gymBody({ name: 'Hijacked' }) })
      expect(res.statusCode, who).toBe(status)
    }
    expect(await gymRow()).toEqual(before)
  })

  it('DELETE /gyms/{A}: second owner 404, trainer 403, member 403; the gym is still there', async () => {
    const expected: Record<string, number> = { secondOwner: 404, trainer: 403, member: 403 }
    for (const [who, status] of Object.entries(expected)) {
      expect((await call(ctx.app, 'DELETE', `/api/v1/gyms/${gymA.id}`, { token: tokens[who] })).statusCode, who).toBe(status)
    }
    expect(await gymRow()).toBeDefined()
    expect((await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token: ownerA.token })).json().name).toBe('Gym A')
  })

  it('an unknown or malformed gym id → 404 / 422', async () => {
    expect(
      (await call(ctx.app, 'PUT', '/api/v1/gyms/00000000-0000-4000-8000-000000000000', { token: ownerA.token, body: gymBody() }))
        .statusCode,
    ).toBe(404)
    expect((await call(ctx.app, 'DELETE', '/api/v1/gyms/not-a-uuid', { token: ownerA.token })).statusCode).toBe(422)
  })
})
