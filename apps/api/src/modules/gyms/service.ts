import type { Gym, GymInputSchema } from '@app/contracts'
import { and, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { gyms, trainers } from '../../db/schema.ts'
import { conflict, notFound } from '../../errors.ts'

type GymRow = typeof gyms.$inferSelect
type GymData = z.infer<typeof GymInputSchema>

export function toGym(row: GymRow): Gym {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    email: row.email,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function findGymOfOwner(db: Tx, ownerId: string): Promise<GymRow | undefined> {
  const [row] = await db.select().from(gyms).where(eq(gyms.ownerId, ownerId)).limit(1)
  return row
}

/**
 * The gym with this id if it belongs to the owner. Another owner's gym answers 404 like a missing
 * one, so ids of other gyms cannot be probed.
 */
export async function ownedGym(db: Tx, ownerId: string, gymId: string): Promise<GymRow> {
  const [row] = await db
    .select()
    .from(gyms)
    .where(and(eq(gyms.id, gymId), eq(gyms.ownerId, ownerId)))
    .limit(1)
  if (!row) throw notFound('Gym not found')
  return row
}

export async function listGyms(db: Tx, ownerId: string): Promise<Gym[]> {
  const rows = await db.select().from(gyms).where(eq(gyms.ownerId, ownerId))
  return rows.map(toGym)
}

export async function createGym(db: Tx, ownerId: string, input: GymData): Promise<Gym> {
  const [row] = await db
    .insert(gyms)
    .values({ ...input, isActive: input.isActive ?? true, ownerId })
    // owner_id is unique: a second gym of the same owner inserts nothing.
    .onConflictDoNothing({ target: gyms.ownerId })
    .returning()
  if (!row) throw conflict('You already have a gym. A business owner has one gym; edit it instead.', { gym: 'alreadyExists' })
  return toGym(row)
}

export async function updateGym(db: Tx, ownerId: string, gymId: string, input: GymData): Promise<Gym> {
  const current = await ownedGym(db, ownerId, gymId)
  const [row] = await db
    .update(gyms)
    .set({ ...input, isActive: input.isActive ?? current.isActive })
    .where(and(eq(gyms.id, gymId), eq(gyms.ownerId, ownerId)))
    .returning()
  return toGym(row)
}

/** Refused while the gym still has trainers (docs/decisions/020-deleting-a-gym.md). */
export async function deleteGym(db: Tx, ownerId: string, gymId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownedGym(tx, ownerId, gymId)
    // Locks the gym row so that no trainer is added between the count and the delete.
    await tx.select({ id: gyms.id }).from(gyms).where(eq(gyms.id, gymId)).for('update')
    const [{ n }] = await tx.select({ n: count() }).from(trainers).where(eq(trainers.gymId, gymId))
    if (n > 0) {
      throw conflict(`This gym still has ${n} trainer${n === 1 ? '' : 's'}. Delete them before deleting the gym.`, { gym: 'hasTrainers' })
    }
    await tx.delete(gyms).where(eq(gyms.id, gymId))
  })
}
