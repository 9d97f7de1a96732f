import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { exercises, programAssignments, programVersions, workoutSessions } from '../../db/schema.ts'
import { call, useTestApp } from '../../testing/app.ts'
import { dayFromNow } from '../bookings/test-helpers.ts'
import { trainerWithRow, type Coach } from '../exercises/test-helpers.ts'
import { mondayOf, weeklyAdherence } from './adherence.ts'
import { clientOf, gymOwnerWithTrainer } from './test-helpers.ts'

const ctx = useTestApp()

/** A two-week program training on days 1 and 3 (Monday and Wednesday when it starts on a Monday). */
async function program(trainer: Coach) {
  const [exercise] = await ctx.app.db
    .select({ id: exercises.id })
    .from(exercises)
    .where(eq(exercises.source, 'library'))
    .orderBy(asc(exercises.slug))
    .limit(1)
  const item = { exerciseId: exercise.id, sets: 3, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 }, restSeconds: 90 }
  const week = {
    days: [
      { day: 1, title: 'A', items: [item] },
      { day: 3, title: 'B', items: [item] },
    ],
  }
  const res = await call(ctx.app, 'POST', '/api/v1/trainer/programs', {
    token: trainer.token,
    body: { title: 'Base', content: { weeks: [week, week] } },
  })
  expect(res.statusCode, res.body).toBe(201)
  const [version] = await ctx.app.db.select().from(programVersions).where(eq(programVersions.programId, res.json().id))
  return version
}

async function assignAt(trainer: Coach, clientUserId: string, startDate: string, endedAt: Date | null = null) {
  const version = await program(trainer)
  const [row] = await ctx.app.db
    .insert(programAssignments)
    .values({ programId: version.programId, versionId: version.id, trainerId: trainer.trainerId, clientUserId, startDate, endedAt })
    .returning()
  return row
}

async function done(assignment: typeof programAssignments.$inferSelect, week: number, day: number, scheduledOn: string) {
  await ctx.app.db
    .insert(workoutSessions)
    .values({ assignmentId: assignment.id, clientUserId: assignment.clientUserId, week, day, scheduledOn, completedAt: new Date() })
}

describe('weekly adherence (one function)', () => {
  it('counts training days assigned, due and done per Santiago week, per trainer or over all of them', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const otherTrainer = await trainerWithRow(ctx.app)
    const client = await clientOf(ctx.app, trainer)
    // Monday 30 November 2026; "now" is Wednesday 9 December, 10:00 in Santiago (13:00 UTC).
    const now = new Date('2026-12-09T13:00:00Z')
    const mine = await assignAt(trainer, client.userId, '2026-11-30')
    await done(mine, 1, 1, '2026-11-30')
    await done(mine, 2, 1, '2026-12-07')
    // Another trainer's program from Wednesday 2 December (days on the 2nd and the 4th), ended on
    // Thursday 3: only its 2 December counts.
    const theirs = await assignAt(otherTrainer, client.userId, '2026-12-02', new Date('2026-12-03T15:00:00Z'))
    await done(theirs, 1, 1, '2026-12-02')
    // A session started but not marked done is not done.
    await ctx.app.db
      .insert(workoutSessions)
      .values({ assignmentId: mine.id, clientUserId: client.userId, week: 1, day: 3, scheduledOn: '2026-12-02' })

    const [trainerView, allView] = await weeklyAdherence(
      ctx.app.db,
      [{ clientUserId: client.userId, trainerId: trainer.trainerId }, { clientUserId: client.userId }],
      3,
      now,
    )
    expect(trainerView).toEqual([
      { weekStart: '2026-11-23', assigned: 0, due: 0, done: 0, rate: null },
      { weekStart: '2026-11-30', assigned: 2, due: 2, done: 1, rate: 0.5 },
      { weekStart: '2026-12-07', assigned: 2, due: 2, done: 1, rate: 0.5 },
    ])
    expect(allView[1]).toEqual({ weekStart: '2026-11-30', assigned: 3, due: 3, done: 2, rate: 0.67 })
    // On Tuesday 8 December, Wednesday's session is assigned but not yet due.
    const [[, tuesday]] = await weeklyAdherence(
      ctx.app.db,
      [{ clientUserId: client.userId, trainerId: trainer.trainerId }],
      2,
      new Date('2026-12-08T13:00:00Z'),
    )
    expect(tuesday).toEqual({ weekStart: '2026-12-07', assigned: 2, due: 1, done: 1, rate: 0.5 })
    // Weeks run Monday to Sunday in Santiago: Sunday 13 December 23:30 there is already Monday in UTC.
    const [[sunday]] = await weeklyAdherence(ctx.app.db, [{ clientUserId: client.userId }], 1, new Date('2026-12-14T02:30:00Z'))
    expect(sunday.weekStart).toBe('2026-12-07')
    expect(mondayOf('2026-12-13')).toBe('2026-12-07')
  })

  it('the client reads their own weeks; the trainer list flags who has not trained in 7 days', async () => {
    const gym = await gymOwnerWithTrainer(ctx.app)
    const trainer = gym.trainer
    const active = await clientOf(ctx.app, trainer, 'Ana')
    const idle = await clientOf(ctx.app, trainer, 'Bruno')
    const never = await clientOf(ctx.app, trainer, 'Celia')
    const today = dayFromNow(0)
    const a = await assignAt(trainer, active.userId, today)
    // Ana logs a set today and marks the day done (if today is a training day of her program).
    const onDay = await call(ctx.app, 'GET', '/api/v1/client/today', { token: active.token })
    expect(onDay.statusCode).toBe(200)
    const session = onDay.json().data.find((s: { assignmentId: string }) => s.assignmentId === a.id)
    if (session) {
      const logged = await call(ctx.app, 'POST', '/api/v1/client/set-logs', {
        token: active.token,
        body: {
          idempotencyKey: 'progress-test-1',
          assignmentId: a.id,
          week: session.week,
          day: session.day,
          itemKey: session.items[0].key,
          setNumber: 1,
          reps: 8,
          loadKg: 40,
        },
      })
      expect(logged.statusCode, logged.body).toBe(201)
      const marked = await call(ctx.app, 'POST', '/api/v1/client/workouts/done', {
        token: active.token,
        body: { assignmentId: a.id, week: session.week, day: session.day },
      })
      expect(marked.statusCode, marked.body).toBe(200)
    } else {
      await done(a, 1, 1, today)
    }
    // Bruno last trained eight days ago.
    const b = await assignAt(trainer, idle.userId, dayFromNow(-8))
    await ctx.app.db.insert(workoutSessions).values({
      assignmentId: b.id,
      clientUserId: idle.userId,
      week: 1,
      day: 1,
      scheduledOn: dayFromNow(-8),
      completedAt: new Date(Date.now() - 8 * 86_400_000),
    })

    const list = await call(ctx.app, 'GET', '/api/v1/trainer/client-progress', { token: trainer.token })
    expect(list.statusCode, list.body).toBe(200)
    const rows = list.json().data as {
      name: string
      inactive: boolean
      lastWorkoutAt: string | null
      thisWeek: { done: number }
      healthConsent: boolean
    }[]
    expect(rows.map((r) => [r.name, r.inactive])).toEqual([
      ['Ana Soto', false],
      ['Bruno Soto', true],
      ['Celia Soto', true],
    ])
    expect(rows[0].lastWorkoutAt).not.toBeNull()
    expect(rows[0].thisWeek.done).toBe(1)
    expect(rows[1].lastWorkoutAt).not.toBeNull()
    expect(rows[2]).toMatchObject({ lastWorkoutAt: null, healthConsent: false })
    expect(never.userId).toBeTruthy()

    const mine = await call(ctx.app, 'GET', '/api/v1/client/adherence?weeks=2', { token: active.token })
    expect(mine.statusCode).toBe(200)
    expect(mine.json().weeks).toHaveLength(2)
    expect(mine.json().weeks[1]).toMatchObject({ weekStart: mondayOf(today), done: 1 })
    expect((await call(ctx.app, 'GET', '/api/v1/client/adherence?weeks=27', { token: active.token })).json().errors).toEqual({
      weeks: 'tooBig',
    })

    // The gym owner reads the same figures for their trainer's clients.
    const owner = await call(ctx.app, 'GET', '/api/v1/business/client-adherence?weeks=2', { token: gym.owner.token })
    const ana = owner.json().data.find((r: { clientName: string }) => r.clientName === 'Ana Soto')
    expect(ana.weeks).toEqual(mine.json().weeks)
    // Anyone but a trainer is refused the trainer's list.
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/client-progress', { token: active.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/client-progress', { token: gym.owner.token })).statusCode).toBe(403)
    // A trainer sees only their own clients.
    const stranger = await trainerWithRow(ctx.app)
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/client-progress', { token: stranger.token })).json().data).toEqual([])
  })
})
