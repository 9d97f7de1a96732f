import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { coachingLinks, exercises } from '../../db/schema.ts'
import { call, useTestApp } from '../../testing/app.ts'
import { dayFromNow } from '../bookings/test-helpers.ts'
import { clientOf, gymOwnerWithTrainer } from '../progress/test-helpers.ts'
import { trainerWithRow } from '../exercises/test-helpers.ts'

// GET /trainer/clients/{clientUserId}/assignments: the trainer's client page shows what the client follows (issue 25, decision 220).
const ctx = useTestApp()

const item = (exerciseId: string) => ({ exerciseId, sets: 3, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 } })

async function programFor(token: string, title: string) {
  const [a, b] = await ctx.app.db
    .select({ id: exercises.id })
    .from(exercises)
    .where(eq(exercises.source, 'library'))
    .orderBy(asc(exercises.slug))
    .limit(2)
  const week = {
    days: [
      { day: 1, title: 'Tren inferior', items: [item(a.id), item(b.id)] },
      { day: 4, title: 'Tren superior', items: [item(b.id)] },
    ],
  }
  const res = await call(ctx.app, 'POST', '/api/v1/trainer/programs', { token, body: { title, content: { weeks: [week, week, week] } } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function assign(token: string, programId: string, clientUserId: string, startDate: string) {
  const res = await call(ctx.app, 'POST', `/api/v1/trainer/programs/${programId}/assignments`, {
    token,
    body: { clientUserIds: [clientUserId], startDate },
  })
  expect(res.statusCode, res.body).toBe(201)
}

const list = (clientUserId: string, token?: string) =>
  call(ctx.app, 'GET', `/api/v1/trainer/clients/${clientUserId}/assignments`, token ? { token } : {})

describe('a client’s assignments, seen by their trainer', () => {
  it('lists the trainer’s assignments to the client, latest start first, with title, weeks and first-week days', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const other = await trainerWithRow(ctx.app)
    const client = await clientOf(ctx.app, trainer)
    await ctx.app.db.insert(coachingLinks).values({ trainerId: other.trainerId, clientUserId: client.userId })
    const first = await programFor(trainer.token, 'Base 3 semanas')
    const second = await programFor(trainer.token, 'Fuerza 3 semanas')
    await assign(trainer.token, first, client.userId, dayFromNow(-3))
    await assign(trainer.token, second, client.userId, dayFromNow(4))
    // Another trainer's program for the same client is not this trainer's business.
    await assign(other.token, await programFor(other.token, 'Programa de otro'), client.userId, dayFromNow(0))

    const res = await list(client.userId, trainer.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject([
      { programId: second, programTitle: 'Fuerza 3 semanas', version: 1, weeks: 3, startDate: dayFromNow(4), clientName: 'Carla Soto' },
      {
        programId: first,
        programTitle: 'Base 3 semanas',
        weeks: 3,
        startDate: dayFromNow(-3),
        days: [
          { day: 1, title: 'Tren inferior', exercises: 2 },
          { day: 4, title: 'Tren superior', exercises: 1 },
        ],
      },
    ])
    expect((await list(client.userId, other.token)).json().data.map((a: { programTitle: string }) => a.programTitle)).toEqual([
      'Programa de otro',
    ])
  })

  it('refuses a trainer who does not coach the person now (404), clients and gym owners (403) and anonymous callers (401)', async () => {
    const { owner, trainer } = await gymOwnerWithTrainer(ctx.app)
    const client = await clientOf(ctx.app, trainer)
    const stranger = await trainerWithRow(ctx.app)
    expect((await list(client.userId, trainer.token)).statusCode).toBe(200)
    const refused = await list(client.userId, stranger.token)
    expect(refused.statusCode).toBe(404)
    expect(refused.json().errors).toEqual({ clientUserId: 'notFound' })
    expect((await list(client.userId, client.token)).statusCode).toBe(403)
    expect((await list(client.userId, owner.token)).statusCode).toBe(403)
    expect((await list(client.userId)).statusCode).toBe(401)
    expect((await list('not-a-uuid', trainer.token)).statusCode).toBe(422)
    // A past client: the coaching link ended, the page is closed.
    await ctx.app.db.update(coachingLinks).set({ endedAt: new Date() }).where(eq(coachingLinks.clientUserId, client.userId))
    expect((await list(client.userId, trainer.token)).statusCode).toBe(404)
  })
})
