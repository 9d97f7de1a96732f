import { SPECIALISATIONS, type MyProfile, type ProfileInput, type PublicProfile, type Specialisation } from '@app/contracts'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { gyms, offers, trainerProfiles, trainers } from '../../db/schema.ts'
import { conflict, forbidden, HttpError, notFound } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { trainerOfUser } from '../client-billing/trainer.ts'
import { chargeBlocker } from './eligibility.ts'
import { resizePhoto } from './photo.ts'

type ProfileRow = typeof trainerProfiles.$inferSelect
type TrainerRow = typeof trainers.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Lower case without accents: "Ñuñoa" → "nunoa" (the city filter and slugs). */
export const plainText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()

export const slugOf = (text: string) =>
  plainText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'entrenador'

export const photoUrlOf = (row: Pick<ProfileRow, 'trainerId' | 'photoVersion'>) =>
  row.photoVersion > 0 ? `/api/v1/trainers/${row.trainerId}/photo?v=${row.photoVersion}` : null

export const ratingOf = (row: Pick<ProfileRow, 'ratingX100' | 'ratingCount'>) => ({
  average: row.ratingCount > 0 ? row.ratingX100 / 100 : null,
  count: row.ratingCount,
})

/**
 * The search document, weighted: name and specialisations (A), place and tags (B), headline and
 * bio (C); 'spanish' stemming over unaccented text, so "nunoa" matches "Ñuñoa" (decision 141).
 */
function searchVector(
  trainer: TrainerRow,
  p: Pick<ProfileRow, 'specialisations' | 'tags' | 'city' | 'comuna' | 'headline' | 'bio'>,
  gymName: string,
) {
  const specs = p.specialisations.map(
    (s) => `${SPECIALISATIONS[s as Specialisation]?.es ?? s} ${SPECIALISATIONS[s as Specialisation]?.en ?? ''}`,
  )
  const a = `${trainer.firstName} ${trainer.lastName} ${specs.join(' ')}`
  const b = `${p.city} ${p.comuna} ${p.tags.join(' ')} ${gymName}`
  const c = `${p.headline} ${p.bio}`
  return sql`setweight(to_tsvector('spanish', unaccent(${a})), 'A') || setweight(to_tsvector('spanish', unaccent(${b})), 'B') || setweight(to_tsvector('spanish', unaccent(${c})), 'C')`
}

async function gymOf(db: Tx, trainer: TrainerRow) {
  if (!trainer.gymId) return null
  const [gym] = await db.select({ id: gyms.id, name: gyms.name }).from(gyms).where(eq(gyms.id, trainer.gymId)).limit(1)
  return gym ?? null
}

async function activeOffers(db: Tx, trainerId: string) {
  return db
    .select({
      id: offers.id,
      title: offers.title,
      description: offers.description,
      priceClp: offers.priceClp,
      sessionsPerMonth: offers.sessionsPerMonth,
    })
    .from(offers)
    .where(and(eq(offers.trainerId, trainerId), isNull(offers.retiredAt)))
    .orderBy(asc(offers.priceClp))
}

async function toPublic(db: Tx, trainer: TrainerRow, row: ProfileRow): Promise<PublicProfile> {
  return {
    trainerId: trainer.id,
    slug: row.slug,
    firstName: trainer.firstName,
    lastName: trainer.lastName,
    headline: row.headline,
    bio: row.bio,
    specialisations: row.specialisations,
    tags: row.tags,
    city: row.city,
    comuna: row.comuna,
    modalities: row.modalities as PublicProfile['modalities'],
    languages: row.languages,
    photoUrl: photoUrlOf(row),
    gym: await gymOf(db, trainer),
    offers: await activeOffers(db, trainer.id),
    minPriceClp: row.minPriceClp,
    rating: ratingOf(row),
    cancellationHours: row.cancellationHours,
    updatedAt: row.updatedAt.toISOString(),
  }
}

async function myTrainer(app: FastifyInstance, user: AuthUser) {
  const trainer = await trainerOfUser(app.db, user.id)
  if (!trainer) throw forbidden('Only trainers have a public profile')
  return trainer
}

const profileOf = async (db: Tx, trainerId: string) =>
  (await db.select().from(trainerProfiles).where(eq(trainerProfiles.trainerId, trainerId)).limit(1))[0]

/** Creates the profile on first read with a free slug from the trainer's name. */
async function ensureProfile(app: FastifyInstance, trainer: TrainerRow): Promise<ProfileRow> {
  const existing = await profileOf(app.db, trainer.id)
  if (existing) return existing
  const base = slugOf(`${trainer.firstName} ${trainer.lastName}`)
  for (let attempt = 0; attempt < 6; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${trainer.id.slice(0, 4 + attempt)}`
    const [row] = await app.db
      .insert(trainerProfiles)
      .values({
        trainerId: trainer.id,
        slug,
        languages: ['es'],
        minPriceClp: sql`(select min(price_clp) from offers where trainer_id = ${trainer.id} and retired_at is null)`,
      })
      .onConflictDoNothing()
      .returning()
    if (row) return row
    const raced = await profileOf(app.db, trainer.id)
    if (raced) return raced
  }
  throw conflict('Could not choose a profile address; set one', { slug: 'alreadyExists' })
}

export async function getMyProfile(app: FastifyInstance, user: AuthUser): Promise<MyProfile> {
  const trainer = await myTrainer(app, user)
  const row = await ensureProfile(app, trainer)
  const blockedBy = await chargeBlocker(app, trainer.userId)
  return {
    ...(await toPublic(app.db, trainer, row)),
    published: row.published,
    listed: row.listed && blockedBy === null,
    blockedBy: blockedBy === 'account' ? 'subscription' : blockedBy,
  }
}

export async function saveMyProfile(app: FastifyInstance, user: AuthUser, input: ProfileInput): Promise<MyProfile> {
  const trainer = await myTrainer(app, user)
  await ensureProfile(app, trainer)
  const gym = await gymOf(app.db, trainer)
  const { slug, ...fields } = input
  const values = { ...fields, specialisations: [...new Set(fields.specialisations)], tags: [...new Set(fields.tags)] }
  try {
    await app.db
      .update(trainerProfiles)
      .set({
        ...values,
        ...(slug ? { slug } : {}),
        cityKey: plainText(values.city),
        search: searchVector(trainer, values, gym?.name ?? ''),
        updatedAt: new Date(),
      })
      .where(eq(trainerProfiles.trainerId, trainer.id))
  } catch (err) {
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw conflict('That profile address is taken', { slug: 'alreadyExists' })
    throw err
  }
  return getMyProfile(app, user)
}

/** Publishing needs the trainer to be able to charge clients now (decision 140). */
export async function setPublished(app: FastifyInstance, user: AuthUser, published: boolean): Promise<MyProfile> {
  const trainer = await myTrainer(app, user)
  const row = await ensureProfile(app, trainer)
  if (published) {
    const blocker = await chargeBlocker(app, trainer.userId)
    if (blocker === 'payouts') throw new HttpError(403, 'Finish payout onboarding before publishing your profile', { payouts: 'required' })
    if (blocker) throw new HttpError(403, 'An active subscription is needed to publish your profile', { subscription: 'required' })
    const gym = await gymOf(app.db, trainer)
    await app.db
      .update(trainerProfiles)
      .set({
        published: true,
        listed: true,
        eligibleCheckedAt: new Date(),
        publishedAt: row.publishedAt ?? new Date(),
        search: searchVector(trainer, row, gym?.name ?? ''),
        updatedAt: new Date(),
      })
      .where(eq(trainerProfiles.trainerId, trainer.id))
  } else {
    await app.db
      .update(trainerProfiles)
      .set({ published: false, listed: false, updatedAt: new Date() })
      .where(eq(trainerProfiles.trainerId, trainer.id))
  }
  return getMyProfile(app, user)
}

export async function uploadPhoto(app: FastifyInstance, user: AuthUser, body: Buffer): Promise<MyProfile> {
  const trainer = await myTrainer(app, user)
  await ensureProfile(app, trainer)
  const photo = await resizePhoto(body)
  await app.db
    .update(trainerProfiles)
    .set({ photo, photoVersion: sql`${trainerProfiles.photoVersion} + 1`, updatedAt: new Date() })
    .where(eq(trainerProfiles.trainerId, trainer.id))
  return getMyProfile(app, user)
}

export async function deletePhoto(app: FastifyInstance, user: AuthUser): Promise<MyProfile> {
  const trainer = await myTrainer(app, user)
  await app.db
    .update(trainerProfiles)
    .set({ photo: null, photoVersion: 0, updatedAt: new Date() })
    .where(eq(trainerProfiles.trainerId, trainer.id))
  return getMyProfile(app, user)
}

export async function photoOf(app: FastifyInstance, trainerId: string) {
  if (!UUID.test(trainerId)) throw notFound('No such photo')
  const [row] = await app.db
    .select({ photo: trainerProfiles.photo, version: trainerProfiles.photoVersion })
    .from(trainerProfiles)
    .where(eq(trainerProfiles.trainerId, trainerId))
    .limit(1)
  if (!row?.photo) throw notFound('No such photo')
  return row
}

/**
 * A listed profile by trainer id or slug. Eligibility is checked again here (one trainer): a
 * trainer who can no longer charge clients leaves search at once (decision 140).
 */
export async function listedProfile(
  app: FastifyInstance,
  ref: string,
): Promise<{ profile: PublicProfile; row: ProfileRow; trainer: TrainerRow }> {
  const [found] = await app.db
    .select({ profile: trainerProfiles, trainer: trainers })
    .from(trainerProfiles)
    .innerJoin(trainers, eq(trainers.id, trainerProfiles.trainerId))
    .where(
      and(
        UUID.test(ref) ? eq(trainerProfiles.trainerId, ref) : eq(trainerProfiles.slug, ref.toLowerCase()),
        eq(trainerProfiles.published, true),
      ),
    )
    .limit(1)
  if (!found || !found.trainer.isActive) throw notFound('No such trainer', { trainerId: 'notFound' })
  const blocker = await chargeBlocker(app, found.trainer.userId)
  if (blocker) {
    if (found.profile.listed)
      await app.db
        .update(trainerProfiles)
        .set({ listed: false, eligibleCheckedAt: new Date() })
        .where(eq(trainerProfiles.trainerId, found.trainer.id))
    throw notFound('No such trainer', { trainerId: 'notFound' })
  }
  if (!found.profile.listed) {
    await app.db
      .update(trainerProfiles)
      .set({ listed: true, eligibleCheckedAt: new Date() })
      .where(eq(trainerProfiles.trainerId, found.trainer.id))
  }
  return { profile: await toPublic(app.db, found.trainer, found.profile), row: found.profile, trainer: found.trainer }
}

export async function sitemapProfiles(app: FastifyInstance) {
  const rows = await app.db
    .select({ slug: trainerProfiles.slug, updatedAt: trainerProfiles.updatedAt })
    .from(trainerProfiles)
    .where(eq(trainerProfiles.listed, true))
    .orderBy(asc(trainerProfiles.slug))
    .limit(50_000)
  return { data: rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() })) }
}
