import { and, asc, count, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { clientSubscriptions, coachingLinks, exercises, offers, programAssignments, setLogs } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { dayFromNow } from '../bookings/test-helpers.ts'
import { gymWithTrainer } from '../client-billing/test-helpers.ts'
import { trainerWithRow, type Coach } from '../exercises/test-helpers.ts'
import { epley } from './records.ts'

const ctx = useTestApp()

async function libraryIds(n: number) {
  const rows = await ctx.app.db
    .select({ id: exercises.id })
    .from(exercises)
    .where(eq(exercises.source, 'library'))
    .orderBy(asc(exercises.slug))
    .limit(n)
  return rows.map((r) => r.id)
}

/** A member account linked to the trainer by an active coaching link (pays outside the platform). */
async function linkedClient(trainer: Coach) {
  const login = await createUserAndLogin(ctx.app, { role: 'member', firstName: 'Carla', lastName: 'Cliente' })
  await ctx.app.db.insert(coachingLinks).values({ trainerId: trainer.trainerId, clientUserId: login.user.id })
  return { userId: login.user.id, token: login.token }
}

/** A member with a subscription to the trainer in the given state, written straight to the database. */
async function subscribedClient(trainer: Coach, state: 'active' | 'past_due' | 'cancelled') {
  const login = await createUserAndLogin(ctx.app, { role: 'member' })
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
  return { userId: login.user.id, token: login.token }
}

const item = (exerciseId: string, extra: Record<string, unknown> = {}) => ({
  exerciseId,
  sets: 3,
  reps: { min: 8, max: 10 },
  load: { kind: 'kg', value: 40 },
  restSeconds: 90,
  ...extra,
})

/** Two weeks: day 1 (a superset then a timed plank) and day 3 each week. */
function twoWeeks([a, b, c]: string[]) {
  const week = {
    days: [
      {
        day: 1,
        title: 'Tren inferior',
        items: [
          item(a, { group: { label: 'A', kind: 'superset' }, tempo: '3010', load: { kind: 'percent1rm', value: 75 } }),
          item(b, { group: { label: 'A', kind: 'superset' }, load: { kind: 'rpe', value: 8.5 } }),
          item(c, { reps: null, seconds: 45, load: null, notes: 'Sin arquear la espalda' }),
        ],
      },
      { day: 3, title: 'Tren superior', items: [item(b, { load: { kind: 'rir', value: 2 } })] },
    ],
  }
  return { weeks: [week, week] }
}

async function createProgram(token: string, body: Record<string, unknown>) {
  const res = await call(ctx.app, 'POST', '/api/v1/trainer/programs', { token, body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function assign(token: string, programId: string, clientUserIds: string[], startDate = dayFromNow(0)) {
  const res = await call(ctx.app, 'POST', `/api/v1/trainer/programs/${programId}/assignments`, {
    token,
    body: { clientUserIds, startDate },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data as { id: string; version: number; endDate: string }[]
}

const logSet = (token: string, body: Record<string, unknown>) => call(ctx.app, 'POST', '/api/v1/client/set-logs', { token, body })

async function setLogCount(clientUserId: string) {
  const [row] = await ctx.app.db.select({ n: count() }).from(setLogs).where(eq(setLogs.clientUserId, clientUserId))
  return row.n
}

describe('programs', () => {
  it('a trainer creates, lists, edits into a new version, duplicates and marks a template', async () => {
    const ids = await libraryIds(3)
    const trainer = await trainerWithRow(ctx.app)
    const privateEx = await call(ctx.app, 'POST', '/api/v1/exercises', {
      token: trainer.token,
      body: { nameEs: 'Remo de la casa', category: 'strength', equipment: ['cable'], primaryMuscles: ['lats'] },
    })
    expect(privateEx.statusCode).toBe(201)
    const content = twoWeeks([ids[0], ids[1], privateEx.json().id])
    const created = await createProgram(trainer.token, { title: 'Fuerza 2 semanas', content })
    expect(created).toMatchObject({ title: 'Fuerza 2 semanas', version: 1, currentVersion: 1, weeks: 2, isTemplate: false })
    const day1 = created.content.weeks[0].days[0]
    expect(day1.items.map((i: { key: string }) => i.key)).toEqual(['w1d1e1', 'w1d1e2', 'w1d1e3'])
    expect(day1.items[0]).toMatchObject({ group: { label: 'A', kind: 'superset' }, tempo: '3010', load: { kind: 'percent1rm', value: 75 } })
    expect(day1.items[2]).toMatchObject({ reps: null, seconds: 45, notes: 'Sin arquear la espalda' })
    expect(created.exercises.map((e: { id: string }) => e.id).sort()).toEqual([ids[0], ids[1], privateEx.json().id].sort())

    // An edit with new content is version 2; version 1 reads exactly as before.
    const edited = structuredClone(content)
    edited.weeks[1].days[1].items[0].sets = 5
    const put = await call(ctx.app, 'PUT', `/api/v1/trainer/programs/${created.id}`, {
      token: trainer.token,
      body: { title: 'Fuerza 2 semanas (v2)', content: edited },
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toMatchObject({ version: 2, currentVersion: 2, title: 'Fuerza 2 semanas (v2)' })
    expect(put.json().content.weeks[1].days[1].items[0].sets).toBe(5)
    const v1 = await call(ctx.app, 'GET', `/api/v1/trainer/programs/${created.id}/versions/1`, { token: trainer.token })
    expect(v1.statusCode).toBe(200)
    expect(v1.json().content).toEqual(created.content)
    expect(v1.json()).toMatchObject({ version: 1, currentVersion: 2 })

    // Marking it a template with the same content makes no new version.
    const template = await call(ctx.app, 'PUT', `/api/v1/trainer/programs/${created.id}`, {
      token: trainer.token,
      body: { title: 'Fuerza 2 semanas (v2)', isTemplate: true, content: edited },
    })
    expect(template.json()).toMatchObject({ version: 2, isTemplate: true })
    expect((await call(ctx.app, 'GET', `/api/v1/trainer/programs/${created.id}/versions/3`, { token: trainer.token })).statusCode).toBe(404)

    const copy = await call(ctx.app, 'POST', `/api/v1/trainer/programs/${created.id}/duplicate`, {
      token: trainer.token,
      body: { title: 'Copia', isTemplate: false },
    })
    expect(copy.statusCode, copy.body).toBe(201)
    expect(copy.json()).toMatchObject({ title: 'Copia', version: 1, isTemplate: false })
    expect(copy.json().content).toEqual(put.json().content)

    const list = await call(ctx.app, 'GET', '/api/v1/trainer/programs', { token: trainer.token })
    expect(list.json().data.map((p: { title: string }) => p.title)).toEqual(['Copia', 'Fuerza 2 semanas (v2)'])
    const templates = await call(ctx.app, 'GET', '/api/v1/trainer/programs?template=true', { token: trainer.token })
    expect(templates.json().data.map((p: { id: string }) => p.id)).toEqual([created.id])
  })

  it('refuses bad content with the spec’s error shape and stores nothing', async () => {
    const ids = await libraryIds(2)
    const trainer = await trainerWithRow(ctx.app)
    const other = await trainerWithRow(ctx.app)
    const theirs = await call(ctx.app, 'POST', '/api/v1/exercises', {
      token: other.token,
      body: { nameEs: 'Secreto de otro', category: 'strength', equipment: ['cable'], primaryMuscles: ['lats'] },
    })
    const week = (items: unknown[]) => ({ weeks: [{ days: [{ day: 1, items }] }] })
    const cases: [unknown, Record<string, string>][] = [
      [week([item(ids[0], { reps: null })]), { 'content.weeks.0.days.0.items.0.reps': 'required' }],
      [week([item(ids[0], { reps: { min: 12, max: 8 } })]), { 'content.weeks.0.days.0.items.0.reps.max': 'invalid' }],
      [week([item(ids[0], { tempo: 'slow' })]), { 'content.weeks.0.days.0.items.0.tempo': 'invalid' }],
      [week([item(ids[0], { load: { kind: 'rpe', value: 11 } })]), { 'content.weeks.0.days.0.items.0.load.value': 'tooBig' }],
      [week([item(ids[0], { sets: 0 })]), { 'content.weeks.0.days.0.items.0.sets': 'tooSmall' }],
      [week([item(ids[0], { colour: 'red' })]), { 'content.weeks.0.days.0.items.0.colour': 'unknownField' }],
      [
        // One label, two runs: not a superset.
        week([
          item(ids[0], { group: { label: 'A', kind: 'superset' } }),
          item(ids[1]),
          item(ids[0], { group: { label: 'A', kind: 'superset' } }),
        ]),
        { 'content.weeks.0.days.0.items.2.group': 'invalid' },
      ],
      [
        {
          weeks: [
            {
              days: [
                { day: 2, items: [item(ids[0])] },
                { day: 2, items: [item(ids[1])] },
              ],
            },
          ],
        },
        { 'content.weeks.0.days.1.day': 'alreadyExists' },
      ],
      [week([item(ids[0]), item(theirs.json().id)]), { 'content.weeks.0.days.0.items.1.exerciseId': 'notFound' }],
      [week([item(randomUUID())]), { 'content.weeks.0.days.0.items.0.exerciseId': 'notFound' }],
    ]
    for (const [content, errors] of cases) {
      const res = await call(ctx.app, 'POST', '/api/v1/trainer/programs', { token: trainer.token, body: { title: 'Mala', content } })
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json()).toMatchObject({ status: 422, message: expect.any(String), errors })
    }
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/programs', { token: trainer.token })).json().data).toEqual([])

    // A bad edit leaves the program at its version.
    const program = await createProgram(trainer.token, { title: 'Buena', content: week([item(ids[0])]) })
    const bad = await call(ctx.app, 'PUT', `/api/v1/trainer/programs/${program.id}`, {
      token: trainer.token,
      body: { title: 'Buena', content: week([item(theirs.json().id)]) },
    })
    expect(bad.statusCode).toBe(422)
    const after = await call(ctx.app, 'GET', `/api/v1/trainer/programs/${program.id}`, { token: trainer.token })
    expect(after.json()).toMatchObject({ currentVersion: 1, content: program.content })
  })
})

describe('who may do what', () => {
  it('anonymous 401; clients and gym owners cannot touch programs; another trainer gets 404; trainers cannot use the client routes', async () => {
    const ids = await libraryIds(3)
    const trainer = await trainerWithRow(ctx.app)
    const client = await linkedClient(trainer)
    const program = await createProgram(trainer.token, { title: 'Privado', content: twoWeeks(ids) })
    const [assignment] = await assign(trainer.token, program.id, [client.userId])
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/v1/trainer/programs', { title: 'Otro', content: twoWeeks(ids) }],
      ['GET', '/api/v1/trainer/programs'],
      ['GET', `/api/v1/trainer/programs/${program.id}`],
      ['PUT', `/api/v1/trainer/programs/${program.id}`, { title: 'Otro', content: twoWeeks(ids) }],
      ['POST', `/api/v1/trainer/programs/${program.id}/duplicate`, {}],
      ['POST', `/api/v1/trainer/programs/${program.id}/assignments`, { clientUserIds: [client.userId], startDate: dayFromNow(0) }],
      ['GET', `/api/v1/trainer/clients/${client.userId}/workouts`],
      ['GET', `/api/v1/trainer/clients/${client.userId}/records`],
    ]
    const gym = await gymWithTrainer(ctx.app)
    for (const [method, url, body] of routes) {
      expect((await call(ctx.app, method as 'GET', url, { body })).statusCode, url).toBe(401)
      expect((await call(ctx.app, method as 'GET', url, { token: client.token, body })).statusCode, url).toBe(403)
      expect((await call(ctx.app, method as 'GET', url, { token: gym.owner.token, body })).statusCode, url).toBe(403)
    }
    // Another trainer (here: a gym's trainer) sees none of it.
    for (const [method, url, body] of routes.slice(2)) {
      const res = await call(ctx.app, method as 'GET', url, { token: gym.trainer.token, body })
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ status: 404, message: expect.any(String) })
    }
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/programs', { token: gym.trainer.token })).json().data).toEqual([])

    const clientRoutes: [string, string, unknown?][] = [
      ['GET', '/api/v1/client/today'],
      ['GET', '/api/v1/client/records'],
      [
        'POST',
        '/api/v1/client/set-logs',
        { idempotencyKey: randomUUID(), assignmentId: assignment.id, week: 1, day: 1, itemKey: 'w1d1e1', setNumber: 1, reps: 8 },
      ],
      ['POST', '/api/v1/client/workouts/done', { assignmentId: assignment.id, week: 1, day: 1 }],
    ]
    for (const [method, url, body] of clientRoutes) {
      expect((await call(ctx.app, method as 'GET', url, { body })).statusCode, url).toBe(401)
      expect((await call(ctx.app, method as 'GET', url, { token: trainer.token, body })).statusCode, url).toBe(403)
      expect((await call(ctx.app, method as 'GET', url, { token: gym.owner.token, body })).statusCode, url).toBe(403)
    }
    // Another client cannot log on this client's assignment.
    const stranger = await createUserAndLogin(ctx.app, { role: 'member' })
    const foreign = await logSet(stranger.token, clientRoutes[2][2] as Record<string, unknown>)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ status: 404, errors: { assignmentId: 'notFound' } })
    expect((await call(ctx.app, 'GET', '/api/v1/client/today', { token: stranger.token })).json().data).toEqual([])
    expect(await setLogCount(stranger.user.id)).toBe(0)
  })

  it('assigns only to the trainer’s clients now, all or nothing', async () => {
    const ids = await libraryIds(3)
    const trainer = await trainerWithRow(ctx.app)
    const other = await trainerWithRow(ctx.app)
    const program = await createProgram(trainer.token, { title: 'Plan', content: twoWeeks(ids) })
    const linked = await linkedClient(trainer)
    const active = await subscribedClient(trainer, 'active')
    const pastDue = await subscribedClient(trainer, 'past_due')
    const cancelled = await subscribedClient(trainer, 'cancelled')
    const exLinked = await linkedClient(trainer)
    await ctx.app.db.update(coachingLinks).set({ endedAt: new Date() }).where(eq(coachingLinks.clientUserId, exLinked.userId))
    const othersClient = await linkedClient(other)
    const nobody = await createUserAndLogin(ctx.app, { role: 'member' })

    const url = `/api/v1/trainer/programs/${program.id}/assignments`
    for (const outsider of [cancelled.userId, exLinked.userId, othersClient.userId, nobody.user.id, randomUUID()]) {
      const res = await call(ctx.app, 'POST', url, {
        token: trainer.token,
        body: { clientUserIds: [linked.userId, outsider], startDate: dayFromNow(0) },
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ status: 404, errors: { clientUserIds: 'notFound' } })
    }
    for (const [body, errors] of [
      [{ clientUserIds: [linked.userId], startDate: dayFromNow(-8) }, { startDate: 'tooSmall' }],
      [{ clientUserIds: [linked.userId], startDate: '2026-02-30' }, { startDate: 'invalid' }],
      [{ clientUserIds: [linked.userId, linked.userId], startDate: dayFromNow(0) }, { clientUserIds: 'invalid' }],
      [{ clientUserIds: [], startDate: dayFromNow(0) }, { clientUserIds: 'required' }],
    ] as const) {
      const res = await call(ctx.app, 'POST', url, { token: trainer.token, body })
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json()).toMatchObject({ status: 422, errors })
    }
    const [none] = await ctx.app.db.select({ n: count() }).from(programAssignments).where(eq(programAssignments.programId, program.id))
    expect(none.n).toBe(0)

    const assigned = await assign(trainer.token, program.id, [linked.userId, active.userId, pastDue.userId], dayFromNow(2))
    expect(assigned).toHaveLength(3)
    expect(assigned[0]).toMatchObject({ version: 1, endDate: dayFromNow(2 + 13) })
    const list = await call(ctx.app, 'GET', url, { token: trainer.token })
    expect(list.json().data).toHaveLength(3)
    expect((await call(ctx.app, 'GET', `/api/v1/trainer/programs/${program.id}`, { token: trainer.token })).json().activeAssignments).toBe(
      3,
    )
    // Nothing today yet: the program starts in two days, and "Hoy" names that first day.
    expect((await call(ctx.app, 'GET', '/api/v1/client/today', { token: linked.token })).json()).toEqual({
      date: dayFromNow(0),
      data: [],
      next: { date: dayFromNow(2), title: 'Tren inferior', programTitle: 'Plan' },
    })
    // Someone with no program: no session, nothing next.
    expect((await call(ctx.app, 'GET', '/api/v1/client/today', { token: cancelled.token })).json()).toEqual({
      date: dayFromNow(0),
      data: [],
      next: null,
    })
  })
})

describe('the client’s day', () => {
  it('shows today’s session with the last time’s figures, logs sets, computes records, takes a comment the trainer answers', async () => {
    const ids = await libraryIds(3)
    const trainer = await trainerWithRow(ctx.app)
    const client = await linkedClient(trainer)
    const program = await createProgram(trainer.token, { title: 'Fuerza', content: twoWeeks(ids) })
    // Started a week ago: today is week 2, day 1.
    const [assignment] = await assign(trainer.token, program.id, [client.userId], dayFromNow(-7))
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString()
    const sets = [
      { setNumber: 1, reps: 10, loadKg: 80 },
      { setNumber: 2, reps: 8, loadKg: 90 },
      { setNumber: 3, reps: 5, loadKg: 100 },
    ]
    for (const s of sets) {
      const res = await logSet(client.token, {
        idempotencyKey: randomUUID(),
        assignmentId: assignment.id,
        week: 1,
        day: 1,
        itemKey: 'w1d1e1',
        performedAt: lastWeek,
        ...s,
      })
      expect(res.statusCode, res.body).toBe(201)
    }

    const today = await call(ctx.app, 'GET', '/api/v1/client/today', { token: client.token })
    expect(today.statusCode, today.body).toBe(200)
    expect(today.json().date).toBe(dayFromNow(0))
    // Week 2 day 3 comes next (day 1 of week 2 is today).
    expect(today.json().next).toEqual({ date: dayFromNow(2), title: 'Tren superior', programTitle: 'Fuerza' })
    const [session] = today.json().data
    expect(session).toMatchObject({
      assignmentId: assignment.id,
      week: 2,
      day: 1,
      title: 'Tren inferior',
      version: 1,
      sessionId: null,
      programTitle: 'Fuerza',
      trainerName: 'Tomás Vera',
    })
    expect(session.items[0].exercise.id).toBe(ids[0])
    expect(session.items[0].lastTime).toEqual({
      on: dayFromNow(-7),
      sets: sets.map((s) => ({ ...s, seconds: null })),
    })
    expect(session.items[1].lastTime).toBeNull()

    // Today: a new record at 5 reps and the best estimate; last time's figures stay last week's.
    const logged = await logSet(client.token, {
      idempotencyKey: randomUUID(),
      assignmentId: assignment.id,
      week: 2,
      day: 1,
      itemKey: 'w2d1e1',
      setNumber: 1,
      reps: 5,
      loadKg: 105.5,
    })
    expect(logged.statusCode, logged.body).toBe(201)
    expect(logged.json().records).toEqual({
      exerciseId: ids[0],
      byReps: [
        { reps: 5, loadKg: 105.5, on: dayFromNow(0) },
        { reps: 8, loadKg: 90, on: dayFromNow(-7) },
        { reps: 10, loadKg: 80, on: dayFromNow(-7) },
      ],
      estimated1RmKg: epley(105.5, 5),
      estimated1RmOn: dayFromNow(0),
    })
    expect(epley(105.5, 5)).toBe(123.1)
    expect(epley(100, 1)).toBe(100)
    const again = (await call(ctx.app, 'GET', '/api/v1/client/today', { token: client.token })).json().data[0]
    expect(again.sessionId).toBe(logged.json().setLog.sessionId)
    expect(again.items[0].logged.map((l: { loadKg: number }) => l.loadKg)).toEqual([105.5])
    expect(again.items[0].lastTime.on).toBe(dayFromNow(-7))

    // The same records everywhere: the client's, the trainer's.
    const mine = await call(ctx.app, 'GET', '/api/v1/client/records', { token: client.token })
    const theirs = await call(ctx.app, 'GET', `/api/v1/trainer/clients/${client.userId}/records`, { token: trainer.token })
    expect(mine.json()).toEqual(theirs.json())
    expect(mine.json().data[0]).toMatchObject({ ...logged.json().records, exercise: { id: ids[0] } })

    // Days not yet come and days without training are refused; nothing is written.
    const before = await setLogCount(client.userId)
    for (const [body, errors] of [
      [{ week: 2, day: 3, itemKey: 'w2d3e1' }, { day: 'invalid' }],
      [{ week: 2, day: 2, itemKey: 'w2d2e1' }, { day: 'notFound' }],
      [{ week: 2, day: 1, itemKey: 'w2d1e9' }, { itemKey: 'notFound' }],
      [{ week: 2, day: 1, itemKey: 'w2d1e1', reps: -1 }, { reps: 'tooSmall' }],
      [{ week: 2, day: 1, itemKey: 'w2d1e1', idempotencyKey: 'short' }, { idempotencyKey: 'invalid' }],
      [{ week: 2, day: 1, itemKey: 'w2d1e1', performedAt: new Date(Date.now() + 3_600_000).toISOString() }, { performedAt: 'invalid' }],
    ] as const) {
      const res = await logSet(client.token, {
        idempotencyKey: randomUUID(),
        assignmentId: assignment.id,
        setNumber: 1,
        reps: 5,
        loadKg: 50,
        ...body,
      })
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json()).toMatchObject({ status: 422, errors })
    }
    expect(await setLogCount(client.userId)).toBe(before)

    const done = await call(ctx.app, 'POST', '/api/v1/client/workouts/done', {
      token: client.token,
      body: { assignmentId: assignment.id, week: 2, day: 1, comment: 'Me costó la última serie' },
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ sessionId: again.sessionId, comment: 'Me costó la última serie', trainerReply: null })
    const completedAt = done.json().completedAt
    expect(completedAt).toEqual(expect.any(String))

    const workouts = await call(ctx.app, 'GET', `/api/v1/trainer/clients/${client.userId}/workouts`, { token: trainer.token })
    expect(workouts.statusCode, workouts.body).toBe(200)
    expect(workouts.json().data.map((w: { week: number; comment: string | null }) => [w.week, w.comment])).toEqual([
      [2, 'Me costó la última serie'],
      [1, null],
    ])
    const other = await trainerWithRow(ctx.app)
    const reply = (token: string) =>
      call(ctx.app, 'PUT', `/api/v1/trainer/workouts/${again.sessionId}/reply`, { token, body: { reply: '¡Bien! Baja 5 kg la próxima' } })
    expect((await reply(other.token)).statusCode).toBe(404)
    expect((await reply(client.token)).statusCode).toBe(403)
    expect((await reply(trainer.token)).json()).toMatchObject({ trainerReply: '¡Bien! Baja 5 kg la próxima' })
    const seen = (await call(ctx.app, 'GET', '/api/v1/client/today', { token: client.token })).json().data[0]
    expect(seen).toMatchObject({ comment: 'Me costó la última serie', trainerReply: '¡Bien! Baja 5 kg la próxima', completedAt })

    // Once the coaching ends, the trainer no longer sees the client nor answers.
    await ctx.app.db.update(coachingLinks).set({ endedAt: new Date() }).where(eq(coachingLinks.clientUserId, client.userId))
    expect((await call(ctx.app, 'GET', `/api/v1/trainer/clients/${client.userId}/workouts`, { token: trainer.token })).statusCode).toBe(404)
    expect((await reply(trainer.token)).statusCode).toBe(404)
  })

  it('offline replay: a set sent again, or twice at once, is stored once', async () => {
    const ids = await libraryIds(3)
    const trainer = await trainerWithRow(ctx.app)
    const client = await linkedClient(trainer)
    const program = await createProgram(trainer.token, { title: 'Sótano', content: twoWeeks(ids) })
    const [assignment] = await assign(trainer.token, program.id, [client.userId])
    const base = {
      assignmentId: assignment.id,
      week: 1,
      day: 1,
      itemKey: 'w1d1e2',
      reps: 10,
      loadKg: 20,
      performedAt: new Date().toISOString(),
    }

    const key = randomUUID()
    const first = await logSet(client.token, { ...base, idempotencyKey: key, setNumber: 1 })
    expect(first.statusCode).toBe(201)
    expect(first.json().replayed).toBe(false)
    for (let i = 0; i < 3; i++) {
      // The queue replays it, even after the phone changed its mind about the figures.
      const replay = await logSet(client.token, { ...base, idempotencyKey: key, setNumber: 1, loadKg: i === 2 ? 25 : 20 })
      expect(replay.statusCode).toBe(200)
      expect(replay.json()).toMatchObject({ replayed: true, setLog: first.json().setLog })
    }

    // Two parallel identical posts (the connection came back while the first was in flight).
    const parallelKey = randomUUID()
    const both = await Promise.all([0, 1].map(() => logSet(client.token, { ...base, idempotencyKey: parallelKey, setNumber: 2 })))
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201])
    expect(both[0].json().setLog.id).toBe(both[1].json().setLog.id)
    const rows = await ctx.app.db
      .select()
      .from(setLogs)
      .where(and(eq(setLogs.clientUserId, client.userId), eq(setLogs.idempotencyKey, parallelKey)))
    expect(rows).toHaveLength(1)
    expect(await setLogCount(client.userId)).toBe(2)

    // The same key from another client is theirs alone.
    const sibling = await linkedClient(trainer)
    const [theirs] = await assign(trainer.token, program.id, [sibling.userId])
    const separate = await logSet(sibling.token, { ...base, assignmentId: theirs.id, idempotencyKey: key, setNumber: 1 })
    expect(separate.statusCode).toBe(201)
    expect(await setLogCount(client.userId)).toBe(2)
  })

  it('a program edited after logs: old logs keep their version and read the same', async () => {
    const ids = await libraryIds(4)
    const trainer = await trainerWithRow(ctx.app)
    const client = await linkedClient(trainer)
    const content = twoWeeks(ids)
    const program = await createProgram(trainer.token, { title: 'Cambiante', content })
    const [assignment] = await assign(trainer.token, program.id, [client.userId])
    const logged = await logSet(client.token, {
      idempotencyKey: randomUUID(),
      assignmentId: assignment.id,
      week: 1,
      day: 1,
      itemKey: 'w1d1e1',
      setNumber: 1,
      reps: 6,
      loadKg: 70,
    })
    expect(logged.statusCode).toBe(201)
    const workoutsBefore = (
      await call(ctx.app, 'GET', `/api/v1/trainer/clients/${client.userId}/workouts`, { token: trainer.token })
    ).json()
    const todayBefore = (await call(ctx.app, 'GET', '/api/v1/client/today', { token: client.token })).json()

    // The trainer swaps the first exercise and the day's title.
    const edited = structuredClone(content)
    edited.weeks[0].days[0].title = 'Pierna nueva'
    edited.weeks[0].days[0].items[0] = item(ids[3], { reps: { min: 12, max: 15 } })
    const put = await call(ctx.app, 'PUT', `/api/v1/trainer/programs/${program.id}`, {
      token: trainer.token,
      body: { title: 'Cambiante', content: edited },
    })
    expect(put.json()).toMatchObject({ version: 2 })

    const v1 = await call(ctx.app, 'GET', `/api/v1/trainer/programs/${program.id}/versions/1`, { token: trainer.token })
    expect(v1.json().content).toEqual(program.content)
    expect((await call(ctx.app, 'GET', `/api/v1/trainer/clients/${client.userId}/workouts`, { token: trainer.token })).json()).toEqual(
      workoutsBefore,
    )
    expect(workoutsBefore.data[0]).toMatchObject({
      version: 1,
      title: 'Tren inferior',
      sets: [{ exerciseId: ids[0], itemKey: 'w1d1e1', loadKg: 70 }],
    })
    // The client keeps following version 1 until the trainer assigns the new one.
    expect((await call(ctx.app, 'GET', '/api/v1/client/today', { token: client.token })).json()).toEqual(todayBefore)
    const [next] = await assign(trainer.token, program.id, [client.userId])
    expect(next.version).toBe(2)
    const both = (await call(ctx.app, 'GET', '/api/v1/client/today', { token: client.token })).json().data
    expect(both.map((s: { version: number; title: string }) => [s.version, s.title])).toEqual([
      [1, 'Tren inferior'],
      [2, 'Pierna nueva'],
    ])
    expect(both[1].items[0]).toMatchObject({ exercise: { id: ids[3] }, logged: [] })
    expect((await call(ctx.app, 'GET', '/api/v1/client/records', { token: client.token })).json().data).toEqual([
      expect.objectContaining({ exerciseId: ids[0], byReps: [{ reps: 6, loadKg: 70, on: dayFromNow(0) }] }),
    ])
  })
})
