import type {
  BusinessTaxIdentity,
  BusinessTaxIdentityInput,
  ClientTaxIdentity,
  ClientTaxIdentityInput,
  TrainerTaxIdentity,
  TrainerTaxIdentityInput,
} from '@app/contracts'
import { and, eq, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { businesses, clientTaxIdentities, trainers } from '../../db/schema.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { conflict, forbidden, notFound } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'

// Issue 27 (decision 214): a trainer's and a business's tax identity. The RUT arrives already
// checked and normalised by the contract (RutSchema); the unique indexes keep one RUT per
// trainer and one per business, so two parallel saves of the same RUT cannot both land. Each
// change is in the audit log with what it was before (an accountant asks who changed a RUT).

type Db = Tx
/** Who saves, and from where (the audit log's actor and address). */
export interface Saver {
  user: Pick<AuthUser, 'id' | 'email' | 'role'>
  ip: string
}
const actor = ({ user }: Saver) => ({ id: user.id, email: user.email, role: user.role })

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

export async function saveTrainerTaxIdentity(db: Db, by: Saver, input: TrainerTaxIdentityInput): Promise<TrainerTaxIdentity> {
  const row = await trainerRow(db, by.user.id)
  const [other] = await db
    .select({ id: trainers.id })
    .from(trainers)
    .where(and(eq(trainers.rut, input.rut), ne(trainers.id, row.id)))
    .limit(1)
  if (other) throw rutTaken()
  try {
    if (row.rut !== input.rut)
      await db.transaction(async (tx) => {
        await tx.update(trainers).set({ rut: input.rut, updatedAt: new Date() }).where(eq(trainers.id, row.id))
        await recordAudit(tx, {
          action: 'trainer.tax_identity',
          actor: actor(by),
          ip: by.ip,
          subjectType: 'trainer',
          subjectId: row.id,
          before: { rut: row.rut },
          after: { rut: input.rut },
        })
      })
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

export async function saveBusinessTaxIdentity(db: Db, by: Saver, input: BusinessTaxIdentityInput): Promise<BusinessTaxIdentity> {
  const row = await businessRow(db, by.user.id)
  const [other] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.rut, input.rut), ne(businesses.id, row.id)))
    .limit(1)
  if (other) throw rutTaken()
  try {
    const before = { rut: row.rut, legalName: row.legalName, activity: row.activity }
    const after = { rut: input.rut, legalName: input.legalName, activity: input.activity }
    if (JSON.stringify(before) !== JSON.stringify(after))
      await db.transaction(async (tx) => {
        await tx
          .update(businesses)
          .set({ ...after, updatedAt: new Date() })
          .where(eq(businesses.id, row.id))
        await recordAudit(tx, {
          action: 'business.tax_identity',
          actor: actor(by),
          ip: by.ip,
          subjectType: 'business',
          subjectId: row.id,
          before,
          after,
        })
      })
  } catch (err) {
    if (isUniqueViolation(err)) throw rutTaken()
    throw err
  }
  return { rut: input.rut, legalName: input.legalName, activity: input.activity }
}

// A client's details for a factura (decision 237): all three or none, not unique (two employees
// of one company may both give its RUT), so there is no conflict to answer. Read by their
// trainer's and gym's statement (statements/service.ts). The values go to the audit log only.

const NONE: ClientTaxIdentity = { rut: null, legalName: null, activity: null }

async function clientRow(db: Db, userId: string) {
  const [row] = await db
    .select({ rut: clientTaxIdentities.rut, legalName: clientTaxIdentities.legalName, activity: clientTaxIdentities.activity })
    .from(clientTaxIdentities)
    .where(eq(clientTaxIdentities.userId, userId))
    .limit(1)
  return row ?? null
}

export async function getClientTaxIdentity(db: Db, userId: string): Promise<ClientTaxIdentity> {
  return (await clientRow(db, userId)) ?? NONE
}

export async function saveClientTaxIdentity(db: Db, by: Saver, input: ClientTaxIdentityInput): Promise<ClientTaxIdentity> {
  const after = { rut: input.rut, legalName: input.legalName, activity: input.activity }
  await db.transaction(async (tx) => {
    const before = await clientRow(tx, by.user.id)
    if (before && JSON.stringify(before) === JSON.stringify(after)) return
    await tx
      .insert(clientTaxIdentities)
      .values({ userId: by.user.id, ...after })
      .onConflictDoUpdate({ target: clientTaxIdentities.userId, set: { ...after, updatedAt: new Date() } })
    await recordAudit(tx, {
      action: 'client.tax_identity',
      actor: actor(by),
      ip: by.ip,
      subjectType: 'user',
      subjectId: by.user.id,
      before: before ?? NONE,
      after,
    })
  })
  return after
}

/** Clears them: the client's later payments show none (earlier statements already issued keep theirs on paper). */
export async function clearClientTaxIdentity(db: Db, by: Saver): Promise<ClientTaxIdentity> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .delete(clientTaxIdentities)
      .where(eq(clientTaxIdentities.userId, by.user.id))
      .returning({ rut: clientTaxIdentities.rut, legalName: clientTaxIdentities.legalName, activity: clientTaxIdentities.activity })
    if (!before) return
    await recordAudit(tx, {
      action: 'client.tax_identity',
      actor: actor(by),
      ip: by.ip,
      subjectType: 'user',
      subjectId: by.user.id,
      before,
      after: NONE,
    })
  })
  return NONE
}
