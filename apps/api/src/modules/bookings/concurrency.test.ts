import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bookings, bookingSlots } from '../../db/schema.ts'
import { call, useTestApp } from '../../testing/app.ts'
import { bookableTrainer, firstSlot, subscribedClients } from './test-helpers.ts'

const ctx = useTestApp()

/** Decision 142: no double booking, enforced by the database. */
describe('50 concurrent bookings of one slot', () => {
  for (const capacity of [1, 4]) {
    it(`exactly ${capacity} succeed${capacity > 1 ? ' (small group)' : ''}; the rest are told the session is full`, async () => {
      const { app } = ctx
      const trainer = await bookableTrainer(app, { capacity, name: capacity > 1 ? 'Grupo reducido' : 'Sesión 1:1' })
      const clients = await subscribedClients(app, trainer, 50)
      const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
      const results = await Promise.all(
        clients.map((c) =>
          call(app, 'POST', '/api/v1/bookings', {
            token: c.token,
            body: { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt },
          }),
        ),
      )
      // Under load the server may shed some requests with 503 + Retry-After (decision 110); those
      // clients try again, one by one, and must then be told the session is full.
      const body = { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt }
      const final = []
      for (const [i, r] of results.entries()) {
        let res = r
        while (res.statusCode === 503) res = await call(app, 'POST', '/api/v1/bookings', { token: clients[i].token, body })
        final.push(res)
      }
      const codes = final.map((r) => r.statusCode)
      expect(codes.filter((c) => c === 201)).toHaveLength(capacity)
      expect(codes.filter((c) => c === 409)).toHaveLength(50 - capacity)
      for (const r of final.filter((x) => x.statusCode === 409)) expect(r.json().errors).toEqual({ startsAt: 'slotFull' })
      const rows = await app.db.select().from(bookings).where(eq(bookings.trainerId, trainer.trainerId))
      expect(rows).toHaveLength(capacity)
      const [slotRow] = await app.db
        .select()
        .from(bookingSlots)
        .where(and(eq(bookingSlots.trainerId, trainer.trainerId)))
      expect([slotRow.booked, slotRow.capacity]).toEqual([capacity, capacity])
      const after = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
      expect(after.startsAt).not.toBe(slot.startsAt)
      // 50 sign-ins (argon2) and 50 bookings: minutes on a loaded 2-core machine.
    }, 300_000)
  }

  it('the database itself refuses a second overlapping occupied slot and a booked count above capacity', async () => {
    const { app } = ctx
    const trainer = await bookableTrainer(app)
    const [client] = await subscribedClients(app, trainer, 1)
    const slot = await firstSlot(app, trainer.trainerId, trainer.sessionTypeId)
    const made = await call(app, 'POST', '/api/v1/bookings', {
      token: client.token,
      body: { trainerId: trainer.trainerId, sessionTypeId: trainer.sessionTypeId, startsAt: slot.startsAt },
    })
    expect(made.statusCode, made.body).toBe(201)
    const [row] = await app.db.select().from(bookingSlots).where(eq(bookingSlots.trainerId, trainer.trainerId))
    const overlapping = app.db.insert(bookingSlots).values({
      trainerId: trainer.trainerId,
      sessionTypeId: trainer.sessionTypeId,
      startsAt: new Date(row.startsAt.getTime() + 30 * 60_000),
      endsAt: new Date(row.endsAt.getTime() + 30 * 60_000),
      capacity: 1,
      booked: 1,
    })
    await expect(overlapping).rejects.toThrow()
    await expect(app.db.update(bookingSlots).set({ booked: 2 }).where(eq(bookingSlots.id, row.id))).rejects.toThrow()
  })
})
