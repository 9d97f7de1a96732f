import { TRAINER_LIMITS, type Trainer, type TrainerCreated, type TrainerInputSchema, type TrainerWithUserInputSchema } from '@app/contracts'
import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { isUniqueViolation } from '../../db/errors.ts'
import type { z } from 'zod'
import type { Tx } from '../../db/client.ts'
import { clientSubscriptions, gyms, trainers, users } from '../../db/schema.ts'
import { conflict, forbidden, notFound, unprocessable } from '../../errors.ts'
import { mailText } from '../../mail/texts.ts'
import { findBusinessOfOwner } from '../business/service.ts'
import { pendingEmails, requestEmailChange, voidPendingChanges } from '../email-change/service.ts'
import { holdThirdPartyMailFor } from '../email-verification/service.ts'
import { userChanged } from '../../plugins/session-cache.ts'
import { ownedGym } from '../gyms/service.ts'
import { findUserByEmail, insertUser, normalizeEmail } from '../users/service.ts'
import { generatePassword } from './password.ts'

type TrainerRow = typeof trainers.$inferSelect
type TrainerData = z.infer<typeof TrainerInputSchema>
type TrainerWithUserData = z.infer<typeof TrainerWithUserInputSchema>

export function toTrainer(row: TrainerRow, gym: { id: string; name: string } | null): Trainer {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    specialization: row.specialization,
    experience: row.experience,
    gymId: row.gymId,
    gym: gym ? { id: gym.id, name: gym.name } : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const emailTaken = () => unprocessable({ email: 'emailAlreadyExists' }, 'This e-mail is already in use')
const notYourGym = () => forbidden('You can only manage trainers of your own gym')

export async function listTrainers(db: Tx, ownerId: string, gymId: string): Promise<Trainer[]> {
  const gym = await ownedGym(db, ownerId, gymId)
  const rows = await db.select().from(trainers).where(eq(trainers.gymId, gym.id)).orderBy(trainers.createdAt, trainers.id)
  const pending = await pendingEmails(
    db,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  )
  return rows.map((row) => ({ ...toTrainer(row, gym), pendingEmail: row.userId ? (pending.get(row.userId) ?? null) : null }))
}

/** The trainer if it belongs to a gym of this owner; any other trainer is "not found". */
async function ownedTrainer(db: Tx, ownerId: string, trainerId: string) {
  const [row] = await db
    .select({ trainer: trainers, gym: { id: gyms.id, name: gyms.name } })
    .from(trainers)
    .innerJoin(gyms, eq(gyms.id, trainers.gymId))
    .where(and(eq(trainers.id, trainerId), eq(gyms.ownerId, ownerId)))
    .limit(1)
  if (!row) throw notFound('Trainer not found')
  return row
}

async function emailUsedInGym(db: Tx, gymId: string, email: string, exceptTrainerId?: string) {
  const [row] = await db
    .select({ id: trainers.id })
    .from(trainers)
    .where(
      and(
        eq(trainers.gymId, gymId),
        sql`lower(${trainers.email}) = ${normalizeEmail(email)}`,
        exceptTrainerId ? ne(trainers.id, exceptTrainerId) : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * The owner's gym, locked for the rest of the transaction so that concurrent creates cannot pass
 * the plan limit together; checks the requested gym and the limit.
 */
async function gymForNewTrainer(tx: Tx, ownerId: string, requestedGymId: string | undefined) {
  const [gym] = await tx.select().from(gyms).where(eq(gyms.ownerId, ownerId)).limit(1).for('update')
  if (!gym) throw unprocessable({ gymId: 'notFound' }, 'Create your gym before adding trainers')
  if (requestedGymId && requestedGymId !== gym.id) throw notYourGym()
  const plan = (await findBusinessOfOwner(tx, ownerId))?.subscriptionPlan ?? 'business'
  const limit = TRAINER_LIMITS[plan]
  const [{ n }] = await tx.select({ n: count() }).from(trainers).where(eq(trainers.gymId, gym.id))
  if (n >= limit) {
    const planName = plan === 'enterprise' ? 'Enterprise' : 'Business'
    throw conflict(
      `Trainer limit reached: the ${planName} plan allows up to ${limit} trainers.${plan === 'business' ? ' Upgrade to Enterprise for up to 50.' : ''}`,
      { trainers: 'limitReached' },
    )
  }
  return gym
}

const trainerValues = (input: TrainerData) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  email: normalizeEmail(input.email),
  phone: input.phone,
  specialization: input.specialization,
  experience: input.experience,
  ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
})

/** POST /trainers: a trainer record without a login account. */
export async function createTrainer(app: FastifyInstance, ownerId: string, input: TrainerData): Promise<Trainer> {
  return app.db.transaction(async (tx) => {
    const gym = await gymForNewTrainer(tx, ownerId, input.gymId)
    if (await emailUsedInGym(tx, gym.id, input.email)) throw emailTaken()
    const [row] = await tx
      .insert(trainers)
      .values({ ...trainerValues(input), gymId: gym.id })
      .returning()
    return toTrainer(row, gym)
  })
}

/**
 * POST /trainers/with-user: the trainer's login account (role trainer), its trainer record and the
 * welcome mail commit together. A generated password is returned once and stored only as a hash.
 */
export async function createTrainerWithUser(app: FastifyInstance, ownerId: string, input: TrainerWithUserData): Promise<TrainerCreated> {
  if (await findUserByEmail(app.db, input.email)) throw emailTaken()
  const generatedPassword = input.password ? undefined : generatePassword()
  const password = input.password || generatedPassword!
  return app.db.transaction(async (tx) => {
    const gym = await gymForNewTrainer(tx, ownerId, input.gymId)
    if (await emailUsedInGym(tx, gym.id, input.email)) throw emailTaken()
    const user = await insertUser(tx, {
      email: input.email,
      password,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'trainer',
    })
    if (!user) throw emailTaken()
    const [row] = await tx
      .insert(trainers)
      .values({ ...trainerValues(input), gymId: gym.id, userId: user.id })
      .returning()
    const appUrl = app.config.APP_URL
    // A mail to a third party: it waits until the owner has verified their own address.
    const heldForUserId = await holdThirdPartyMailFor(tx, ownerId)
    await app.mailer.enqueue(tx, {
      heldForUserId,
      to: user.email,
      ...mailText('gymTrainerWelcome', user.language, {
        firstName: row.firstName,
        email: user.email,
        appUrl,
        gymName: gym.name,
        generatedPassword: Boolean(generatedPassword),
      }),
      // No password and no link that signs in: nothing to redact.
      secrets: [],
    })
    return { ...toTrainer(row, gym), ...(generatedPassword ? { generatedPassword } : {}) }
  })
}

/**
 * PUT /trainers/{id}. A trainer record without a login account changes its e-mail at once. With a
 * login account, a new e-mail is only requested: the new address must confirm it (a link), the
 * old one is told, and until then the account and the record keep the old e-mail (`pendingEmail`).
 */
export async function updateTrainer(app: FastifyInstance, ownerId: string, trainerId: string, input: TrainerData): Promise<Trainer> {
  const { trainer, gym } = await ownedTrainer(app.db, ownerId, trainerId)
  if (input.gymId && input.gymId !== gym.id) throw notYourGym()
  const email = normalizeEmail(input.email)
  const changesEmail = email !== normalizeEmail(trainer.email)
  if (await emailUsedInGym(app.db, gym.id, email, trainer.id)) throw emailTaken()
  if (trainer.userId && changesEmail) {
    const other = await findUserByEmail(app.db, email)
    if (other && other.id !== trainer.userId) throw emailTaken()
  }
  try {
    return await app.db.transaction(async (tx) => {
      if (!trainer.userId) {
        const [row] = await tx.update(trainers).set(trainerValues(input)).where(eq(trainers.id, trainer.id)).returning()
        return toTrainer(row, gym)
      }
      const [row] = await tx
        .update(trainers)
        .set({ ...trainerValues(input), email: trainer.email })
        .where(eq(trainers.id, trainer.id))
        .returning()
      const [user] = await tx
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName })
        .where(eq(users.id, trainer.userId))
        .returning()
      await userChanged(tx, trainer.userId)
      if (changesEmail) {
        await requestEmailChange(app, tx, {
          user: { id: user.id, email: user.email, firstName: user.firstName, language: user.language },
          newEmail: email,
          requestedBy: ownerId,
          heldForUserId: await holdThirdPartyMailFor(tx, ownerId),
          gymName: gym.name,
        })
      } else {
        // Back to the current address: an earlier request no longer stands.
        await voidPendingChanges(tx, trainer.userId)
      }
      const pending = await pendingEmails(tx, [trainer.userId])
      return { ...toTrainer(row, gym), pendingEmail: pending.get(trainer.userId) ?? null }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

/**
 * DELETE /trainers/{id}: the record goes, and so does the login account the owner created for the
 * trainer (its sessions end with it); see docs/decisions/021-deleting-a-trainer.md.
 */
export async function deleteTrainer(app: FastifyInstance, ownerId: string, trainerId: string): Promise<void> {
  const { trainer } = await ownedTrainer(app.db, ownerId, trainerId)
  try {
    await app.db.transaction(async (tx) => {
      // Client subscriptions and payments are money records that must stay (issue 19): 409, not a 500.
      const [charged] = await tx
        .select({ id: clientSubscriptions.id })
        .from(clientSubscriptions)
        .where(eq(clientSubscriptions.trainerId, trainer.id))
        .limit(1)
      if (charged) throw hasMoneyRecords()
      await tx.delete(trainers).where(eq(trainers.id, trainer.id))
      if (trainer.userId) await tx.delete(users).where(and(eq(users.id, trainer.userId), eq(users.role, 'trainer')))
    })
  } catch (err) {
    // A record added meanwhile that the database keeps (a restricting foreign key).
    if (isForeignKeyViolation(err)) throw hasMoneyRecords()
    throw err
  }
}

const hasMoneyRecords = () =>
  conflict('This trainer has client subscriptions or payments on record, which are kept: deactivate the trainer instead of deleting them')

const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === '23503' || e?.cause?.code === '23503'
}
