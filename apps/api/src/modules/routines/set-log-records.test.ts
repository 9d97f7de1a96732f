import { asc, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { coachingLinks, exercises } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { dayFromNow } from '../bookings/test-helpers.ts'
import { trainerWithRow } from '../exercises/test-helpers.ts'
import { withSet, type RecordRow } from './records.ts'

const ctx = useTestApp()

const at = (iso: string) => new Date(iso)
const row = (reps: number, loadKg: number, iso: string): RecordRow => ({ exerciseId: 'e', reps, loadKg, performedAt: at(iso) })

describe('records of a new set (decision 221)', () => {
  it('withSet adds the set to the heaviest per rep count as a fresh read would', () => {
    const rows = [row(5, 100, '2026-11-01T12:00:00Z'), row(8, 90, '2026-11-01T12:00:00Z')]
    // Heavier: replaces; lighter: nothing; equal but earlier (an offline set synced late): replaces.
    expect(withSet(rows, row(5, 102.5, '2026-11-20T12:00:00Z'))[0].loadKg).toBe(102.5)
    expect(withSet(rows, row(5, 95, '2026-11-20T12:00:00Z'))).toBe(rows)
    expect(withSet(rows, row(8, 90, '2026-10-01T12:00:00Z'))[1].performedAt).toEqual(at('2026-10-01T12:00:00Z'))
    expect(withSet(rows, row(8, 90, '2026-11-02T12:00:00Z'))).toBe(rows)
    // A new rep count lands in order; a set without a load or reps never counts.
    expect(withSet(rows, row(6, 80, '2026-11-20T12:00:00Z')).map((r) => r.reps)).toEqual([5, 6, 8])
    expect(withSet(rows, null)).toBe(rows)
    expect(withSet(rows, row(0, 80, '2026-11-20T12:00:00Z'))).toBe(rows)
  })

  it('every answer carries the records GET /client/records computes from the stored sets', async () => {
    const [exerciseId] = (
      await ctx.app.db
        .select({ id: exercises.id })
        .from(exercises)
        .where(eq(exercises.source, 'library'))
        .orderBy(asc(exercises.slug))
        .limit(1)
    ).map((r) => r.id)
    const trainer = await trainerWithRow(ctx.app)
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    await ctx.app.db.insert(coachingLinks).values({ trainerId: trainer.trainerId, clientUserId: client.user.id })
    const item = { exerciseId, sets: 3, reps: { min: 1, max: 12 }, load: { kind: 'kg', value: 40 }, restSeconds: 60 }
    const content = { weeks: [{ days: [{ day: 1, title: 'Fuerza', items: [item] }] }] }
    const program = await call(ctx.app, 'POST', '/api/v1/trainer/programs', { token: trainer.token, body: { title: 'Fuerza', content } })
    expect(program.statusCode, program.body).toBe(201)
    const assigned = await call(ctx.app, 'POST', `/api/v1/trainer/programs/${program.json().id}/assignments`, {
      token: trainer.token,
      body: { clientUserIds: [client.user.id], startDate: dayFromNow(0) },
    })
    expect(assigned.statusCode, assigned.body).toBe(201)
    const assignmentId = assigned.json().data[0].id
    const earlier = new Date(Date.now() - 3 * 3_600_000).toISOString()
    const sets = [
      { reps: 5, loadKg: 100 },
      { reps: 5, loadKg: 95 },
      { reps: 8, loadKg: 90 },
      { reps: 5, loadKg: 100, performedAt: earlier }, // the same load earlier: its day and time win
      { reps: 3, loadKg: 0 }, // no load: not a record
      { reps: 1, loadKg: 120, done: false }, // not done: not a record
      { reps: 12, loadKg: 60 },
      { reps: 5, loadKg: 107.5 },
    ]
    for (const [i, s] of sets.entries()) {
      const body = { idempotencyKey: randomUUID(), assignmentId, week: 1, day: 1, itemKey: 'w1d1e1', setNumber: i + 1, ...s }
      const res = await call(ctx.app, 'POST', '/api/v1/client/set-logs', { token: client.token, body })
      expect(res.statusCode, res.body).toBe(201)
      const fresh = await call(ctx.app, 'GET', '/api/v1/client/records', { token: client.token })
      const { exercise: _exercise, ...stored } = fresh.json().data[0]
      expect(res.json().records, `after set ${i + 1}`).toEqual(stored)
      // A replay answers the same records.
      const again = await call(ctx.app, 'POST', '/api/v1/client/set-logs', { token: client.token, body })
      expect(again.statusCode).toBe(200)
      expect(again.json()).toMatchObject({ replayed: true, records: stored, setLog: { id: res.json().setLog.id } })
    }
  })
})
