import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clientSubscriptions, coachingLinks, offers } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { trainerWithRow, type Coach } from '../exercises/test-helpers.ts'

// GET /trainer/assignable-clients: the people the builder's "Asignar" dialog offers (issue 25).
const ctx = useTestApp()

async function subscribed(trainer: Coach, state: 'active' | 'past_due' | 'cancelled', firstName: string) {
  const login = await createUserAndLogin(ctx.app, { role: 'member', firstName, lastName: 'Cliente' })
  const [offer] = await ctx.app.db.insert(offers).values({ trainerId: trainer.trainerId, title: 'Plan', priceClp: 25_000 }).returning()
  await ctx.app.db.insert(clientSubscriptions).values({
    clientUserId: login.user.id,
    trainerId: trainer.trainerId,
    offerId: offer.id,
    priceClp: 25_000,
    trainerBps: 9500,
    gymBps: 0,
    platformBps: 500,
    state,
    provider: 'sandbox',
    providerSubscriptionId: `sub_test_${randomUUID()}`,
  })
  return login.user
}

async function linked(trainer: Coach, firstName: string) {
  const login = await createUserAndLogin(ctx.app, { role: 'member', firstName, lastName: 'Cliente' })
  await ctx.app.db.insert(coachingLinks).values({ trainerId: trainer.trainerId, clientUserId: login.user.id })
  return login.user
}

const list = (token: string) => call(ctx.app, 'GET', '/api/v1/trainer/assignable-clients', { token })

describe('assignable clients', () => {
  it('lists the trainer’s clients now (active, past due, coaching link) once each, by name, and no one else', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const other = await trainerWithRow(ctx.app)
    const beatriz = await subscribed(trainer, 'past_due', 'Beatriz')
    const andres = await subscribed(trainer, 'active', 'Andrés')
    await subscribed(trainer, 'cancelled', 'Ximena')
    const carla = await linked(trainer, 'Carla')
    // A link ended: no longer theirs.
    const ended = await linked(trainer, 'Diego')
    await ctx.app.db.update(coachingLinks).set({ endedAt: new Date() }).where(eq(coachingLinks.clientUserId, ended.id))
    await subscribed(other, 'active', 'Elena')

    const res = await list(trainer.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual([
      { userId: andres.id, name: 'Andrés Cliente', email: andres.email },
      { userId: beatriz.id, name: 'Beatriz Cliente', email: beatriz.email },
      { userId: carla.id, name: 'Carla Cliente', email: carla.email },
    ])

    // Someone with both a link and a subscription is listed once.
    const [offer] = await ctx.app.db.insert(offers).values({ trainerId: trainer.trainerId, title: 'Otro', priceClp: 20_000 }).returning()
    await ctx.app.db.insert(clientSubscriptions).values({
      clientUserId: carla.id,
      trainerId: trainer.trainerId,
      offerId: offer.id,
      priceClp: 20_000,
      trainerBps: 9500,
      gymBps: 0,
      platformBps: 500,
      state: 'active',
      provider: 'sandbox',
      providerSubscriptionId: `sub_test_${randomUUID()}`,
    })
    expect((await list(trainer.token)).json().data.map((c: { name: string }) => c.name)).toEqual([
      'Andrés Cliente',
      'Beatriz Cliente',
      'Carla Cliente',
    ])
    // Every person listed is accepted by the assignment route's rule: another trainer sees only theirs.
    expect((await list(other.token)).json().data.map((c: { name: string }) => c.name)).toEqual(['Elena Cliente'])
  })

  it('refuses clients and gym owners (403) and anonymous callers (401)', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await list(client.token)).statusCode).toBe(403)
    expect((await list(owner.token)).statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/assignable-clients')).statusCode).toBe(401)
  })
})
