import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bookings, mailOutbox, trainerProfiles } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp, useTestApp } from '../../testing/app.ts'
import { gymWithTrainer } from '../client-billing/test-helpers.ts'
import { sendDueReminders } from './reminders.ts'
import { mondayOf } from './service.ts'
import { bookableTrainer, dayFromNow, firstSlot, subscribedClients } from './test-helpers.ts'
import { addDays, santiagoDayOf } from './zoned.ts'

const ctx = useTestApp()

async function book(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...headers },
    remoteAddress: freshIp(),
  })
}

const mailsTo = async (to: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))

describe('availability', () => {
  it('weekly hours become slots of each session type; a day off removes them; the list is public', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app, { durationMinutes: 90 })
    const day = dayFromNow(5)
    const slots = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/slots?from=${day}&to=${day}`)
    expect(slots.statusCode, slots.body).toBe(200)
    // 06:00–22:00 in 90-minute sessions: 10 of them (the last ends 21:00).
    expect(slots.json().data).toHaveLength(10)
    expect(slots.json().sessionTypes[0]).toMatchObject({ durationMinutes: 90, capacity: 1 })
    const off = await call(app, 'POST', '/api/v1/trainer/availability-exceptions', {
      token: trainer.token,
      body: { day, reason: 'Feriado' },
    })
    expect(off.statusCode, off.body).toBe(201)
    const partly = await call(app, 'POST', '/api/v1/trainer/availability-exceptions', {
      token: trainer.token,
      body: { day: dayFromNow(6), startMinute: 6 * 60, endMinute: 12 * 60 },
    })
    expect(partly.statusCode).toBe(201)
    expect((await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/slots?from=${day}&to=${day}`)).json().data).toHaveLength(0)
    const next = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/slots?from=${dayFromNow(6)}&to=${dayFromNow(6)}`)
    expect(next.json().data).toHaveLength(6)
    const list = await call(app, 'GET', '/api/v1/trainer/availability-exceptions?limit=1', { token: trainer.token })
    expect(list.json().data).toHaveLength(1)
    expect(list.json().nextCursor).toBeTruthy()
    const page2 = await call(app, 'GET', `/api/v1/trainer/availability-exceptions?limit=1&cursor=${list.json().nextCursor}`, {
      token: trainer.token,
    })
    expect(page2.json().data[0].day).toBe(dayFromNow(6))
    const overlapping = await call(app, 'PUT', '/api/v1/trainer/weekly-hours', {
      token: trainer.token,
      body: {
        ranges: [
          { weekday: 1, startMinute: 540, endMinute: 720 },
          { weekday: 1, startMinute: 700, endMinute: 800 },
        ],
      },
    })
    expect(overlapping.statusCode).toBe(422)
    const tooLong = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/slots?from=${day}&to=${dayFromNow(60)}`)
    expect(tooLong.statusCode).toBe(422)
  })
})

describe('bookings', () => {
  it('a subscribed client books, the trainer is told, replaying the Idempotency-Key answers the same booking', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app)
    const [client] = await subscribedClients(app, trainer, 1)
    const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
    const body = { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt }
    const first = await book(client.token, body, { 'idempotency-key': 'booking-key-0001' })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({
      state: 'pending',
      trainer: { id: trainer.trainerId, slug: trainer.slug },
      sessionType: { name: 'Sesión 1:1' },
    })
    // The shared Idempotency-Key plugin (decision 111) answers a replay with the first booking.
    const replay = await book(client.token, body, { 'idempotency-key': 'booking-key-0001' })
    expect(replay.statusCode).toBe(201)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json().id).toBe(first.json().id)
    const again = await book(client.token, body)
    expect(again.statusCode).toBe(409)
    expect((await mailsTo(trainer.email)).some((m) => m.subject.startsWith('Nueva reserva'))).toBe(true)
    const notOffered = await book(client.token, { ...body, startsAt: new Date(Date.parse(slot.startsAt) + 7 * 60_000).toISOString() })
    expect(notOffered.statusCode).toBe(409)
    expect(notOffered.json().errors).toEqual({ startsAt: 'slotUnavailable' })
  })

  it('a different session type overlapping a booked one is not offered and cannot be booked', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app)
    const short = await call(app, 'POST', '/api/v1/trainer/session-types', {
      token: trainer.token,
      body: { name: 'Express', durationMinutes: 30, capacity: 1 },
    })
    const [a, b] = await subscribedClients(app, trainer, 2)
    const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
    expect(
      (await book(a.token, { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt })).statusCode,
    ).toBe(201)
    const halfPast = new Date(Date.parse(slot.startsAt) + 30 * 60_000).toISOString()
    const day = santiagoDayOf(new Date(slot.startsAt))
    const open = await call(
      app,
      'GET',
      `/api/v1/trainers/${trainer.trainerId}/slots?from=${day}&to=${day}&sessionTypeId=${short.json().id}`,
    )
    expect(open.json().data.map((s: { startsAt: string }) => s.startsAt)).not.toContain(halfPast)
    const res = await book(b.token, { trainerId: trainer.trainerId, sessionTypeId: short.json().id, startsAt: halfPast })
    expect(res.statusCode).toBe(409)
    expect(res.json().errors).toEqual({ startsAt: 'slotUnavailable' })
  })

  it('authorization per role for booking: anonymous 401, trainer and gym owner 403, a client without a subscription 403', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app)
    const gym = await gymWithTrainer(app)
    const stranger = await createUserAndLogin(app, { role: 'member' })
    const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
    const body = { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt }
    expect((await call(app, 'POST', '/api/v1/bookings', { body })).statusCode).toBe(401)
    expect((await book(trainer.token, body)).statusCode).toBe(403)
    expect((await book(gym.owner.token, body)).statusCode).toBe(403)
    const unsubscribed = await book(stranger.token, body)
    expect(unsubscribed.statusCode).toBe(403)
    expect(unsubscribed.json()).toMatchObject({ status: 403, errors: { subscription: 'required' } })
  })

  it('the client cancels within the window, not after; the trainer confirms, cancels (client mailed) and marks attendance', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app)
    const [client, other] = await subscribedClients(app, trainer, 2)
    const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId, 3)
    const made = (
      await book(client.token, { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt })
    ).json()
    // Another client and another trainer cannot touch it.
    expect((await call(app, 'POST', `/api/v1/client/bookings/${made.id}/cancel`, { token: other.token })).statusCode).toBe(404)
    const otherTrainer = await bookableTrainer(app)
    expect((await call(app, 'POST', `/api/v1/trainer/bookings/${made.id}/confirm`, { token: otherTrainer.token })).statusCode).toBe(404)
    expect((await call(app, 'POST', `/api/v1/trainer/bookings/${made.id}/confirm`, { token: client.token })).statusCode).toBe(403)

    const confirmed = await call(app, 'POST', `/api/v1/trainer/bookings/${made.id}/confirm`, { token: trainer.token })
    expect(confirmed.json().state).toBe('confirmed')
    // A window of 168 h makes a session three days away too late to cancel.
    await app.db.update(trainerProfiles).set({ cancellationHours: 168 }).where(eq(trainerProfiles.trainerId, trainer.trainerId))
    const late = await call(app, 'POST', `/api/v1/client/bookings/${made.id}/cancel`, { token: client.token })
    expect(late.statusCode).toBe(409)
    expect(late.json().errors).toEqual({ startsAt: 'tooLate' })
    await app.db.update(trainerProfiles).set({ cancellationHours: 24 }).where(eq(trainerProfiles.trainerId, trainer.trainerId))
    const cancelled = await call(app, 'POST', `/api/v1/client/bookings/${made.id}/cancel`, { token: client.token })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelledBy: 'client' })
    // The place is free again.
    expect((await firstSlot(app, trainer.trainerId, trainer.sessionTypeId, 3)).startsAt).toBe(slot.startsAt)

    const second = (
      await book(client.token, { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt })
    ).json()
    const early = await call(app, 'POST', `/api/v1/trainer/bookings/${second.id}/attendance`, {
      token: trainer.token,
      body: { attended: true },
    })
    expect(early.statusCode).toBe(409)
    const byTrainer = await call(app, 'POST', `/api/v1/trainer/bookings/${second.id}/cancel`, { token: trainer.token })
    expect(byTrainer.json()).toMatchObject({ state: 'cancelled', cancelledBy: 'trainer' })
    const clientEmail = (await app.db.select().from(bookings).where(eq(bookings.id, second.id)))[0].clientUserId
    expect(clientEmail).toBe(client.userId)
    const { users } = await import('../../db/schema.ts')
    const [clientUser] = await app.db.select().from(users).where(eq(users.id, client.userId))
    expect((await mailsTo(clientUser.email)).some((m) => m.subject.startsWith('Sesión cancelada'))).toBe(true)

    const third = (
      await book(client.token, { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt })
    ).json()
    // The session took place: move it into the past.
    await app.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 2 * 3_600_000), endsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(bookings.id, third.id))
    const attended = await call(app, 'POST', `/api/v1/trainer/bookings/${third.id}/attendance`, {
      token: trainer.token,
      body: { attended: true },
    })
    expect(attended.json().state).toBe('attended')
    const past = await call(app, 'GET', '/api/v1/client/bookings?when=past', { token: client.token })
    expect(past.json().data.map((b: { id: string }) => b.id)).toContain(third.id)
  })

  it('lists page with cursors; the week calendar is the trainer’s and their gym owner’s only', async () => {
    const { app } = ctx
    const gym = await gymWithTrainer(app)
    const publish = await call(app, 'POST', '/api/v1/trainer/profile/publish', { token: gym.trainer.token, body: { published: true } })
    expect(publish.statusCode, publish.body).toBe(200)
    const { createOffer } = await import('../client-billing/test-helpers.ts')
    const offer = await createOffer(app, gym.trainer.token)
    const type = await call(app, 'POST', '/api/v1/trainer/session-types', {
      token: gym.trainer.token,
      body: { name: 'Grupo', durationMinutes: 60, capacity: 3 },
    })
    await call(app, 'PUT', '/api/v1/trainer/weekly-hours', {
      token: gym.trainer.token,
      body: { ranges: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 600, endMinute: 720 })) },
    })
    const [client] = await subscribedClients(app, { trainerId: gym.trainer.trainerId, offerId: offer.id }, 1)
    const day = dayFromNow(8)
    const slots = (await call(app, 'GET', `/api/v1/trainers/${gym.trainer.trainerId}/slots?from=${day}&to=${day}`)).json().data
    expect(slots).toHaveLength(2)
    for (const s of slots)
      expect(
        (await book(client.token, { trainerId: gym.trainer.trainerId, sessionTypeId: type.json().id, startsAt: s.startsAt })).statusCode,
      ).toBe(201)
    const page1 = await call(app, 'GET', '/api/v1/client/bookings?limit=1', { token: client.token })
    expect(page1.json().data).toHaveLength(1)
    const page2 = await call(app, 'GET', `/api/v1/client/bookings?limit=1&cursor=${page1.json().nextCursor}`, { token: client.token })
    expect(page2.json().data[0].id).not.toBe(page1.json().data[0].id)
    expect(page2.json().nextCursor).toBeNull()

    const week = mondayOf(day)
    const url = `/api/v1/trainers/${gym.trainer.trainerId}/bookings?week=${week}`
    expect((await call(app, 'GET', url, { token: gym.trainer.token })).json().data).toHaveLength(2)
    expect((await call(app, 'GET', url, { token: gym.owner.token })).json().data).toHaveLength(2)
    const otherGym = await gymWithTrainer(app)
    expect((await call(app, 'GET', url, { token: otherGym.owner.token })).statusCode).toBe(403)
    expect((await call(app, 'GET', url, { token: otherGym.trainer.token })).statusCode).toBe(403)
    expect((await call(app, 'GET', url, { token: client.token })).statusCode).toBe(403)
    expect((await call(app, 'GET', url)).statusCode).toBe(401)
    const mine = await call(app, 'GET', `/api/v1/trainer/bookings?week=${week}`, { token: gym.trainer.token })
    expect(mine.json().data).toHaveLength(2)
    const tuesday = await call(app, 'GET', `/api/v1/trainer/bookings?week=${addDays(week, 1)}`, { token: gym.trainer.token })
    expect(tuesday.statusCode).toBe(422)
    expect(tuesday.json().errors).toEqual({ week: 'invalid' })
  })
})

describe('reminders and calendar feeds', () => {
  it('the reminder goes once, 24 h before, even with several runs at once', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app)
    const [client] = await subscribedClients(app, trainer, 1)
    const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId, 2)
    const made = (
      await book(client.token, { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt })
    ).json()
    const { users } = await import('../../db/schema.ts')
    const [clientUser] = await app.db.select().from(users).where(eq(users.id, client.userId))
    // Not yet: more than 24 h ahead.
    expect(await sendDueReminders(app, new Date(Date.parse(slot.startsAt) - 25 * 3_600_000))).toBe(0)
    const at = new Date(Date.parse(slot.startsAt) - 23 * 3_600_000)
    const runs = await Promise.all([sendDueReminders(app, at), sendDueReminders(app, at), sendDueReminders(app, at)])
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1)
    const reminders = (await mailsTo(clientUser.email)).filter((m) => m.subject.startsWith('Recordatorio'))
    expect(reminders).toHaveLength(1)
    expect(reminders[0].text).toContain('(hora de Chile)')
    expect(await sendDueReminders(app, at)).toBe(0)
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, made.id))
    expect(row.reminderSentAt).not.toBeNull()
  })

  it('the .ics feeds are secret URLs: they list the bookings, and a new URL or a revocation kills the old one', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app)
    const [client] = await subscribedClients(app, trainer, 1)
    const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
    await book(client.token, { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt })
    const feed = await call(app, 'POST', '/api/v1/calendar-feeds/trainer', { token: trainer.token })
    expect(feed.statusCode, feed.body).toBe(200)
    const path = new URL(feed.json().url).pathname
    const ics = await app.inject({ method: 'GET', url: path })
    expect(ics.statusCode).toBe(200)
    expect(ics.headers['content-type']).toContain('text/calendar')
    expect(ics.body).toContain('BEGIN:VEVENT')
    expect(ics.body).toContain('Sesión 1:1: Carla Cliente 0')
    const clientFeed = await call(app, 'POST', '/api/v1/calendar-feeds/client', { token: client.token })
    const clientIcs = await app.inject({ method: 'GET', url: new URL(clientFeed.json().url).pathname })
    expect(clientIcs.body).toContain('Sesión 1:1 con Camila Rojas')
    // Roles: a client has no trainer feed and the other way round.
    expect((await call(app, 'POST', '/api/v1/calendar-feeds/trainer', { token: client.token })).statusCode).toBe(403)
    expect((await call(app, 'POST', '/api/v1/calendar-feeds/client', { token: trainer.token })).statusCode).toBe(403)
    expect((await call(app, 'POST', '/api/v1/calendar-feeds/client')).statusCode).toBe(401)

    const rotated = await call(app, 'POST', '/api/v1/calendar-feeds/trainer', { token: trainer.token })
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    const newPath = new URL(rotated.json().url).pathname
    expect((await app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200)
    await call(app, 'DELETE', '/api/v1/calendar-feeds/trainer', { token: trainer.token })
    expect((await app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404)
  })
})
