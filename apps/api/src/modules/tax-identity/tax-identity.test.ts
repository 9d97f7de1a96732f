import { rutOfBody } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { auditLog, businesses, trainers } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'

// Issue 27 (decision 214): a trainer's and a business's RUT, checked, normalised and unique per account type.
const ctx = useTestApp()

// A fresh valid RUT per call, so parallel files never collide.
let counter = Math.floor(Math.random() * 1_000_000)
function freshRut() {
  const body = String(20_000_000 + (++counter % 9_000_000))
  return { plain: rutOfBody(body), body }
}
const dotted = (plain: string) => plain.replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3')

async function trainer(app: FastifyInstance) {
  const login = await createUserAndLogin(app, { role: 'trainer' })
  await app.db.insert(trainers).values({ userId: login.user.id, firstName: 'Ana', lastName: 'Pérez', email: login.user.email })
  return login
}

async function owner(app: FastifyInstance) {
  const login = await createUserAndLogin(app, { role: 'gym_owner' })
  await app.db.insert(businesses).values({ ownerId: login.user.id, name: 'Gimnasio Centro', address: 'Moneda 1000' })
  return login
}

const business = (rut: string, over: Record<string, unknown> = {}) => ({
  rut,
  legalName: 'Gimnasio Centro SpA',
  activity: 'Actividades de gimnasios',
  ...over,
})

describe('trainer tax identity', () => {
  it('starts empty; a RUT with dots is stored normalised and read back', async () => {
    const t = await trainer(ctx.app)
    const empty = await call(ctx.app, 'GET', '/api/v1/trainer/tax-identity', { token: t.token })
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual({ rut: null })

    const rut = freshRut()
    const saved = await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: t.token, body: { rut: dotted(rut.plain) } })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ rut: rut.plain })
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-identity', { token: t.token })).json()).toEqual({ rut: rut.plain })
    const [row] = await ctx.app.db.select({ id: trainers.id, rut: trainers.rut }).from(trainers).where(eq(trainers.userId, t.user.id))
    expect(row?.rut).toBe(rut.plain)
    // The change is audited with what it was; saving the same RUT again records nothing new.
    await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: t.token, body: { rut: rut.plain } })
    const audited = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trainer.tax_identity'), eq(auditLog.subjectId, row!.id)))
    expect(audited).toHaveLength(1)
    expect(audited[0]).toMatchObject({ actorId: t.user.id, subjectType: 'trainer', before: { rut: null }, after: { rut: rut.plain } })
  })

  it('two trainers saving the same RUT at once: one gets it, the other 409 rutTaken', async () => {
    const [a, b] = await Promise.all([trainer(ctx.app), trainer(ctx.app)])
    const rut = freshRut()
    const answers = await Promise.all(
      [a, b].map((t) => call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: t.token, body: { rut: rut.plain } })),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ errors: { rut: 'rutTaken' } })
    const holders = await ctx.app.db.select({ id: trainers.id }).from(trainers).where(eq(trainers.rut, rut.plain))
    expect(holders).toHaveLength(1)
  })

  it('an invalid check digit is refused with the field error and nothing changes', async () => {
    const t = await trainer(ctx.app)
    const rut = freshRut()
    await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: t.token, body: { rut: rut.plain } })
    const wrongDigit = rut.plain.endsWith('1') ? `${rut.body}-2` : `${rut.body}-1`
    for (const bad of [wrongDigit, 'hola', '']) {
      const res = await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: t.token, body: { rut: bad } })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ status: 422, message: expect.any(String), errors: { rut: bad ? 'invalidRut' : 'required' } })
    }
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-identity', { token: t.token })).json()).toEqual({ rut: rut.plain })
  })

  it('a RUT another trainer has is refused (409 rut: rutTaken); the same trainer may save it again', async () => {
    const first = await trainer(ctx.app)
    const second = await trainer(ctx.app)
    const rut = freshRut()
    expect((await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: first.token, body: { rut: rut.plain } })).statusCode).toBe(
      200,
    )
    const taken = await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: second.token, body: { rut: dotted(rut.plain) } })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ status: 409, errors: { rut: 'rutTaken' } })
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-identity', { token: second.token })).json()).toEqual({ rut: null })
    expect((await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: first.token, body: { rut: rut.plain } })).statusCode).toBe(
      200,
    )
  })

  it('a business may hold the RUT a trainer has (unique per account type)', async () => {
    const t = await trainer(ctx.app)
    const o = await owner(ctx.app)
    const rut = freshRut()
    expect((await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token: t.token, body: { rut: rut.plain } })).statusCode).toBe(200)
    const res = await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', { token: o.token, body: business(rut.plain) })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('per role: anonymous 401, member and gym owner 403', async () => {
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    const o = await owner(ctx.app)
    const body = { rut: freshRut().plain }
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-identity')).statusCode).toBe(401)
    expect((await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { body })).statusCode).toBe(401)
    for (const token of [member.token, o.token]) {
      expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-identity', { token })).statusCode).toBe(403)
      expect((await call(ctx.app, 'PUT', '/api/v1/trainer/tax-identity', { token, body })).statusCode).toBe(403)
    }
  })
})

describe('business tax identity', () => {
  it('RUT, razón social and giro are saved, normalised and read back; K check digit accepted', async () => {
    const o = await owner(ctx.app)
    expect((await call(ctx.app, 'GET', '/api/v1/business/tax-identity', { token: o.token })).json()).toEqual({
      rut: null,
      legalName: null,
      activity: null,
    })
    let rut = freshRut()
    while (!rut.plain.endsWith('K')) rut = freshRut()
    const saved = await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', {
      token: o.token,
      body: business(dotted(rut.plain).toLowerCase()),
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual(business(rut.plain))
    expect((await call(ctx.app, 'GET', '/api/v1/business/tax-identity', { token: o.token })).json()).toEqual(business(rut.plain))
    const [audited] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'business.tax_identity'), eq(auditLog.actorId, o.user.id)))
    expect(audited).toMatchObject({ subjectType: 'business', before: { rut: null, legalName: null }, after: business(rut.plain) })
  })

  it('invalid RUT or missing razón social/giro refused with field errors; nothing changes', async () => {
    const o = await owner(ctx.app)
    const rut = freshRut()
    await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', { token: o.token, body: business(rut.plain) })
    const bad = await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', {
      token: o.token,
      body: business('12.345.678-9', { legalName: ' ', activity: 'Otra' }),
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({ errors: { rut: 'invalidRut', legalName: 'required' } })
    expect((await call(ctx.app, 'GET', '/api/v1/business/tax-identity', { token: o.token })).json()).toEqual(business(rut.plain))
  })

  it('a RUT another business has is refused (409 rut: rutTaken)', async () => {
    const first = await owner(ctx.app)
    const second = await owner(ctx.app)
    const rut = freshRut()
    expect(
      (await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', { token: first.token, body: business(rut.plain) })).statusCode,
    ).toBe(200)
    const taken = await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', {
      token: second.token,
      body: business(rut.body + rut.plain.slice(-1)),
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ errors: { rut: 'rutTaken' } })
    const [row] = await ctx.app.db.select({ rut: businesses.rut }).from(businesses).where(eq(businesses.ownerId, second.user.id))
    expect(row?.rut).toBeNull()
  })

  it('per role: anonymous 401, member and trainer 403', async () => {
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    const t = await trainer(ctx.app)
    const body = business(freshRut().plain)
    expect((await call(ctx.app, 'GET', '/api/v1/business/tax-identity')).statusCode).toBe(401)
    expect((await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', { body })).statusCode).toBe(401)
    for (const token of [member.token, t.token]) {
      expect((await call(ctx.app, 'GET', '/api/v1/business/tax-identity', { token })).statusCode).toBe(403)
      expect((await call(ctx.app, 'PUT', '/api/v1/business/tax-identity', { token, body })).statusCode).toBe(403)
    }
  })
})
