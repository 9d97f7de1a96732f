import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { auditLog, bookings } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { gymWithTrainer } from '../client-billing/test-helpers.ts'
import { bookableTrainer, firstSlot, subscribedClients } from '../bookings/test-helpers.ts'

const ctx = useTestApp()

/** A trainer and `n` clients who booked and attended one session each (moved into the past). */
async function attendedClients(app: FastifyInstance, n: number) {
  const trainer = await bookableTrainer(app, { capacity: Math.max(1, n) })
  const clients = await subscribedClients(app, trainer, n + 1)
  const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
  for (const c of clients.slice(0, n)) {
    const made = await call(app, 'POST', '/api/v1/bookings', {
      token: c.token,
      body: { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt },
    })
    expect(made.statusCode, made.body).toBe(201)
    await app.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(bookings.id, made.json().id))
    const attended = await call(app, 'POST', `/api/v1/trainer/bookings/${made.json().id}/attendance`, {
      token: trainer.token,
      body: { attended: true },
    })
    expect(attended.statusCode, attended.body).toBe(200)
  }
  return { trainer, attended: clients.slice(0, n), notAttended: clients[n] }
}

describe('reviews', () => {
  it('a client who attended writes one review, edits it; the profile shows the average; others may not review', async () => {
    const { app } = ctx
    const { trainer, attended, notAttended } = await attendedClients(app, 2)
    const url = `/api/v1/trainers/${trainer.slug}/review`
    const first = await call(app, 'PUT', url, { token: attended[0].token, body: { rating: 5, body: 'Excelente, muy puntual.' } })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ rating: 5, author: 'Carla C.', reply: null })
    const edited = await call(app, 'PUT', url, { token: attended[0].token, body: { rating: 4, body: 'Muy bien.' } })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().id).toBe(first.json().id)
    await call(app, 'PUT', url, { token: attended[1].token, body: { rating: 3, body: 'Correcto.' } })
    const profile = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/profile`)
    expect(profile.json().rating).toEqual({ average: 3.5, count: 2 })
    const list = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/reviews?limit=1`)
    expect(list.json()).toMatchObject({ average: 3.5, count: 2 })
    expect(list.json().data).toHaveLength(1)
    const page2 = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/reviews?limit=1&cursor=${list.json().nextCursor}`)
    expect(page2.json().data).toHaveLength(1)
    expect(page2.json().nextCursor).toBeNull()
    expect((await call(app, 'GET', url, { token: attended[0].token })).json().body).toBe('Muy bien.')

    const refused = await call(app, 'PUT', url, { token: notAttended.token, body: { rating: 1, body: 'Nunca fui.' } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors).toEqual({ review: 'notAttended' })
    const bad = await call(app, 'PUT', url, { token: attended[0].token, body: { rating: 6, body: 'x' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ rating: 'tooBig' })
  })

  it('authorization per role: trainers, gym owners and anonymous cannot review; the trainer answers once, others cannot', async () => {
    const { app } = ctx
    const { trainer, attended } = await attendedClients(app, 1)
    const gym = await gymWithTrainer(app)
    const other = await bookableTrainer(app)
    const url = `/api/v1/trainers/${trainer.slug}/review`
    expect((await call(app, 'PUT', url, { body: { rating: 5, body: 'x' } })).statusCode).toBe(401)
    for (const token of [trainer.token, other.token, gym.owner.token])
      expect((await call(app, 'PUT', url, { token, body: { rating: 5, body: 'x' } })).statusCode).toBe(403)
    const review = (await call(app, 'PUT', url, { token: attended[0].token, body: { rating: 2, body: 'Llegó tarde.' } })).json()
    const replyUrl = `/api/v1/trainer/reviews/${review.id}/reply`
    expect((await call(app, 'POST', replyUrl, { token: other.token, body: { reply: 'No soy yo' } })).statusCode).toBe(404)
    expect((await call(app, 'POST', replyUrl, { token: attended[0].token, body: { reply: 'x' } })).statusCode).toBe(403)
    expect((await call(app, 'POST', replyUrl, { token: gym.owner.token, body: { reply: 'x' } })).statusCode).toBe(403)
    const answered = await call(app, 'POST', replyUrl, { token: trainer.token, body: { reply: 'Lo siento, no volverá a pasar.' } })
    expect(answered.statusCode, answered.body).toBe(200)
    expect(answered.json().reply).toBe('Lo siento, no volverá a pasar.')
    const twice = await call(app, 'POST', replyUrl, { token: trainer.token, body: { reply: 'Otra vez' } })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().errors).toEqual({ reply: 'alreadyAnswered' })
    const mine = await call(app, 'GET', '/api/v1/trainer/reviews', { token: trainer.token })
    expect(mine.json().data[0]).toMatchObject({ id: review.id, reply: 'Lo siento, no volverá a pasar.' })
  })

  it('operators hide an abusive review with a reason (audited): it leaves the profile and the average; only operators may', async () => {
    const { app } = ctx
    const { trainer, attended } = await attendedClients(app, 2)
    const url = `/api/v1/trainers/${trainer.slug}/review`
    const abusive = (await call(app, 'PUT', url, { token: attended[0].token, body: { rating: 1, body: 'Insultos.' } })).json()
    await call(app, 'PUT', url, { token: attended[1].token, body: { rating: 5, body: 'Genial.' } })
    const operator = await createUserAndLogin(app, { role: 'platform_admin' })
    const hideUrl = `/api/v1/admin/reviews/${abusive.id}/hide`
    for (const token of [trainer.token, attended[0].token])
      expect((await call(app, 'POST', hideUrl, { token, body: { reason: 'x' } })).statusCode).toBe(403)
    expect((await call(app, 'POST', hideUrl, { body: { reason: 'x' } })).statusCode).toBe(401)
    expect((await call(app, 'POST', hideUrl, { token: operator.token, body: {} })).statusCode).toBe(422)
    const hidden = await call(app, 'POST', hideUrl, { token: operator.token, body: { reason: 'Lenguaje ofensivo' } })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json()).toMatchObject({ hidden: true, hiddenReason: 'Lenguaje ofensivo' })
    const publicList = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/reviews`)
    expect(publicList.json()).toMatchObject({ average: 5, count: 1 })
    expect(publicList.json().data.map((r: { id: string }) => r.id)).not.toContain(abusive.id)
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.subjectId, abusive.id)))
    expect(entry).toMatchObject({ reason: 'Lenguaje ofensivo', actorId: operator.user.id, subjectType: 'review' })
    const hiddenOnly = await call(app, 'GET', '/api/v1/admin/reviews?state=hidden', { token: operator.token })
    expect(hiddenOnly.json().data.map((r: { id: string }) => r.id)).toContain(abusive.id)
    expect((await call(app, 'POST', hideUrl, { token: operator.token, body: { reason: 'otra vez' } })).statusCode).toBe(409)
    const shown = await call(app, 'POST', `/api/v1/admin/reviews/${abusive.id}/unhide`, {
      token: operator.token,
      body: { reason: 'Revisado' },
    })
    expect(shown.json().hidden).toBe(false)
    expect((await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/profile`)).json().rating).toEqual({ average: 3, count: 2 })
    expect((await call(app, 'GET', '/api/v1/admin/reviews', { token: trainer.token })).statusCode).toBe(403)
  })
})
