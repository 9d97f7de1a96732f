import type { BusinessTaxIdentity, BusinessTaxIdentityInput, TrainerTaxIdentity, TrainerTaxIdentityInput } from '@app/contracts'
import { and, eq, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { businesses, trainers } from '../../db/schema.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { conflict, forbidden, notFound } from '../../errors.ts'

// Issue 27 (decision 214): a trainer's and a business's tax identity. The RUT arrives already
// checked and normalised by the contract (RutSchema); the unique indexes keep one RUT per
// trainer and one per business, so two parallel saves of the same RUT cannot both land.

type Db = Tx

const rutTaken = () => conflict('This RUT is already registered', { rut: 'rutTaken' })

async function trainerRow(db: Db, userId: string) {
  const [row] = await db.select({ id: trainers.id, rut: trainers.rut }).from(trainers).where(eq(trainers.userId, userId)).limit(1)
  if (!row) throw forbidden('Only trainers have a tax identity here')
  return row
}

async function businessRow(db: Db, ownerId: string) {
  const [row] = await db
    .select({ id: businesses.id, rut: businesses.rut, legalName: businesses.legalName, activity: businesses.activity })
    .from(businesses)
    .where(eq(businesses.ownerId, ownerId))
    .limit(1)
  if (!row) throw notFound('You have no business account yet')
  return row
}

export async function getTrainerTaxIdentity(db: Db, userId: string): Promise<TrainerTaxIdentity> {
  const row = await trainerRow(db, userId)
  return { rut: row.rut }
}

export async function saveTrainerTaxIdentity(db: Db, userId: string, input: TrainerTaxIdentityInput): Promise<TrainerTaxIdentity> {
  const row = await trainerRow(db, userId)
  const [other] = await db
    .select({ id: trainers.id })
    .from(trainers)
    .where(and(eq(trainers.rut, input.rut), ne(trainers.id, row.id)))
    .limit(1)
  if (other) throw rutTaken()
  try {
    await db.update(trainers).set({ rut: input.rut, updatedAt: new Date() }).where(eq(trainers.id, row.id))
  } catch (err) {
    if (isUniqueViolation(err)) throw rutTaken()
    throw err
  }
  return { rut: input.rut }
}

export async function getBusinessTaxIdentity(db: Db, ownerId: string): Promise<BusinessTaxIdentity> {
  const { rut, legalName, activity } = await businessRow(db, ownerId)
  return { rut, legalName, activity }
}

export async function saveBusinessTaxIdentity(db: Db, ownerId: string, input: BusinessTaxIdentityInput): Promise<BusinessTaxIdentity> {
  const row = await businessRow(db, ownerId)
  const [other] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.rut, input.rut), ne(businesses.id, row.id)))
    .limit(1)
  if (other) throw rutTaken()
  try {
    await db
      .update(businesses)
      .set({ rut: input.rut, legalName: input.legalName, activity: input.activity, updatedAt: new Date() })
      .where(eq(businesses.id, row.id))
  } catch (err) {
    if (isUniqueViolation(err)) throw rutTaken()
    throw err
  }
  return { rut: input.rut, legalName: input.legalName, activity: input.activity }
}
