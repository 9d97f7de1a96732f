import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { clientSubscriptions } from '../../db/schema.ts'
import { call, createUserAndLogin } from '../../testing/app.ts'
import { publishedTrainer } from '../profiles/test-helpers.ts'

/**
 * Clients with an active subscription to the trainer, written straight to the database: the
 * checkout flow is client billing's (tested there) and the Starter plan would stop at 5 clients.
 */
export async function subscribedClients(app: FastifyInstance, trainer: { trainerId: string; offerId: string }, n: number) {
  const clients: { userId: string; email: string; token: string }[] = []
  for (let i = 0; i < n; i++) {
    const login = await createUserAndLogin(app, { role: 'member', firstName: 'Carla', lastName: `Cliente ${i}` })
    await app.db.insert(clientSubscriptions).values({
      clientUserId: login.user.id,
      trainerId: trainer.trainerId,
      offerId: trainer.offerId,
      priceClp: 25_000,
      trainerBps: 9500,
      gymBps: 0,
      platformBps: 500,
      state: 'active',
      provider: 'sandbox',
      providerSubscriptionId: `sub_test_${randomUUID()}`,
    })
    clients.push({ userId: login.user.id, email: (login.user as { email?: string }).email ?? '', token: login.token })
  }
  return clients
}

/** A published trainer open every day 06:00–22:00 (Santiago) with one session type. */
export async function bookableTrainer(
  app: FastifyInstance,
  type: { name?: string; durationMinutes?: number; capacity?: number } = {},
  profile: Record<string, unknown> = {},
) {
  const trainer = await publishedTrainer(app, profile)
  const created = await call(app, 'POST', '/api/v1/trainer/session-types', {
    token: trainer.token,
    body: { name: type.name ?? 'Sesión 1:1', durationMinutes: type.durationMinutes ?? 60, capacity: type.capacity ?? 1 },
  })
  expect(created.statusCode, created.body).toBe(201)
  const hours = await call(app, 'PUT', '/api/v1/trainer/weekly-hours', {
    token: trainer.token,
    body: { ranges: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 6 * 60, endMinute: 22 * 60 })) },
  })
  expect(hours.statusCode, hours.body).toBe(200)
  return { ...trainer, sessionTypeId: created.json().id as string }
}

/** A Santiago day `n` days from now (YYYY-MM-DD). */
/**
 * Santiago's calendar day n days from today. Calendar arithmetic, not n × 24 h: across a change of
 * Chile's clock, steps of 24 h from just after midnight land twice on one day (and skip another).
 */
export const dayFromNow = (n: number) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' })
  const day = new Date(`${today}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + n)
  return day.toISOString().slice(0, 10)
}

/** The first open slot of the session type on a day some days ahead. */
export async function firstSlot(app: FastifyInstance, trainerId: string, sessionTypeId: string, daysAhead = 3) {
  const day = dayFromNow(daysAhead)
  const res = await call(app, 'GET', `/api/v1/trainers/${trainerId}/slots?from=${day}&to=${day}&sessionTypeId=${sessionTypeId}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data[0] as { startsAt: string; endsAt: string; capacity: number; remaining: number }
}
