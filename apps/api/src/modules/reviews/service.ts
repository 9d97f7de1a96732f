import type { AdminReview, AdminReviewPage, Review, ReviewInput, ReviewPage } from '@app/contracts'
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { bookings, reviews, trainerProfiles, trainers, users } from '../../db/schema.ts'
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import type { Operator } from '../admin/actor.ts'
import { trainerOfUser } from '../client-billing/trainer.ts'
import { listedProfile, ratingOf } from '../profiles/service.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
type ReviewRow = typeof reviews.$inferSelect

const authorOf = (first: string, last: string) => `${first} ${last.trim().charAt(0)}${last.trim() ? '.' : ''}`.trim()

const toReview = (r: ReviewRow, author: string): Review => ({
  id: r.id,
  trainerId: r.trainerId,
  author,
  rating: r.rating,
  body: r.body,
  reply: r.reply,
  repliedAt: r.repliedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
})

/** The profile's average and count: visible reviews only, recomputed in the change's transaction. */
async function refreshRating(tx: Tx, trainerId: string) {
  await tx.execute(sql`
    update trainer_profiles set
      rating_x100 = coalesce((select round(avg(rating) * 100)::int from reviews where trainer_id = ${trainerId} and hidden_at is null), 0),
      rating_count = (select count(*)::int from reviews where trainer_id = ${trainerId} and hidden_at is null)
    where trainer_id = ${trainerId}`)
}

interface Key {
  at: string
  id: string
}
const encodeKey = (k: Key) => Buffer.from(`${k.at}|${k.id}`).toString('base64url')
function decodeKey(cursor: string | undefined): Key | undefined {
  if (!cursor) return undefined
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (rest.length || !at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at)))
    throw unprocessable({ cursor: 'invalid' }, 'This page link is not valid; start from the first page')
  return { at, id }
}
const atOf = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
const before = (key: Key | undefined): SQL | undefined =>
  key ? sql`(${reviews.createdAt}, ${reviews.id}) < (${key.at}::timestamptz, ${key.id}::uuid)` : undefined

/**
 * A client who attended at least one session of this trainer writes or edits their one review
 * (decision 145). Attendance implies they were paying: booking needs an active subscription.
 */
export async function saveReview(app: FastifyInstance, user: AuthUser, trainerRef: string, input: ReviewInput) {
  const { trainer } = await listedProfile(app, trainerRef)
  const [attended] = await app.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.trainerId, trainer.id), eq(bookings.clientUserId, user.id), eq(bookings.state, 'attended')))
    .limit(1)
  if (!attended) throw new HttpError(403, 'Only clients who attended a session may review this trainer', { review: 'notAttended' })
  const result = await app.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.trainerId, trainer.id), eq(reviews.clientUserId, user.id)))
      .limit(1)
    const [row] = existing
      ? await tx
          .update(reviews)
          .set({ rating: input.rating, body: input.body, updatedAt: new Date() })
          .where(eq(reviews.id, existing.id))
          .returning()
      : await tx
          .insert(reviews)
          .values({ trainerId: trainer.id, clientUserId: user.id, rating: input.rating, body: input.body })
          .onConflictDoUpdate({
            target: [reviews.trainerId, reviews.clientUserId],
            set: { rating: input.rating, body: input.body, updatedAt: new Date() },
          })
          .returning()
    await refreshRating(tx, trainer.id)
    return { created: !existing, row }
  })
  const [me] = await app.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, user.id)).limit(1)
  return { created: result.created, review: toReview(result.row, authorOf(me.first, me.last)) }
}

export async function myReview(app: FastifyInstance, user: AuthUser, trainerRef: string) {
  const { trainer } = await listedProfile(app, trainerRef)
  const [row] = await app.db
    .select({ review: reviews, first: users.firstName, last: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientUserId))
    .where(and(eq(reviews.trainerId, trainer.id), eq(reviews.clientUserId, user.id)))
    .limit(1)
  if (!row) throw notFound('No review yet', { review: 'notFound' })
  return toReview(row.review, authorOf(row.first, row.last))
}

async function reviewPage(app: FastifyInstance, where: SQL | undefined, cursor: string | undefined, limit: number) {
  const rows = await app.db
    .select({ review: reviews, first: users.firstName, last: users.lastName, at: atOf })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientUserId))
    .where(and(where, before(decodeKey(cursor))))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1)
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  const last = page.at(-1)
  return {
    data: page.map((r) => toReview(r.review, authorOf(r.first, r.last))),
    nextCursor: more && last ? encodeKey({ at: last.at, id: last.review.id }) : null,
  }
}

/** The visible reviews of a published trainer, newest first. */
export async function trainerReviews(
  app: FastifyInstance,
  trainerRef: string,
  cursor: string | undefined,
  limit: number,
): Promise<ReviewPage> {
  const { row } = await listedProfile(app, trainerRef)
  const page = await reviewPage(app, and(eq(reviews.trainerId, row.trainerId), isNull(reviews.hiddenAt)), cursor, limit)
  return { ...ratingOf(row), ...page }
}

/** The trainer's own reviews (hidden ones too: they see what was hidden), newest first. */
export async function myTrainerReviews(app: FastifyInstance, user: AuthUser, cursor: string | undefined, limit: number) {
  const trainer = await trainerOfUser(app.db, user.id)
  if (!trainer) throw forbidden('Only trainers can do this')
  const [profile] = await app.db.select().from(trainerProfiles).where(eq(trainerProfiles.trainerId, trainer.id)).limit(1)
  const page = await reviewPage(app, eq(reviews.trainerId, trainer.id), cursor, limit)
  return { ...(profile ? ratingOf(profile) : { average: null, count: 0 }), ...page }
}

/** The trainer answers a review of theirs once. */
export async function replyToReview(app: FastifyInstance, user: AuthUser, reviewId: string, reply: string) {
  const trainer = await trainerOfUser(app.db, user.id)
  if (!trainer) throw forbidden('Only trainers can do this')
  const [row] = UUID.test(reviewId) ? await app.db.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1) : []
  if (!row || row.trainerId !== trainer.id) throw notFound('No such review', { id: 'notFound' })
  const [updated] = await app.db
    .update(reviews)
    .set({ reply, repliedAt: new Date() })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning()
  if (!updated) throw conflict('This review already has your answer', { reply: 'alreadyAnswered' })
  const [author] = await app.db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, row.clientUserId))
    .limit(1)
  return toReview(updated, authorOf(author.first, author.last))
}

// ---- Operators ----

async function adminReviewById(app: FastifyInstance, id: string): Promise<AdminReview> {
  const page = await adminPage(app, eq(reviews.id, id), undefined, 1)
  if (!page.data[0]) throw notFound('No such review', { id: 'notFound' })
  return page.data[0]
}

async function adminPage(
  app: FastifyInstance,
  where: SQL | undefined,
  cursor: string | undefined,
  limit: number,
): Promise<AdminReviewPage> {
  const rows = await app.db
    .select({
      review: reviews,
      first: users.firstName,
      last: users.lastName,
      email: users.email,
      tFirst: trainers.firstName,
      tLast: trainers.lastName,
      at: atOf,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientUserId))
    .innerJoin(trainers, eq(trainers.id, reviews.trainerId))
    .where(and(where, before(decodeKey(cursor))))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1)
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  const last = page.at(-1)
  return {
    data: page.map((r) => ({
      ...toReview(r.review, authorOf(r.first, r.last)),
      clientEmail: r.email,
      trainerName: `${r.tFirst} ${r.tLast}`,
      hidden: r.review.hiddenAt !== null,
      hiddenReason: r.review.hiddenReason,
      hiddenAt: r.review.hiddenAt?.toISOString() ?? null,
    })),
    nextCursor: more && last ? encodeKey({ at: last.at, id: last.review.id }) : null,
  }
}

export function adminReviews(app: FastifyInstance, state: 'all' | 'visible' | 'hidden', cursor: string | undefined, limit: number) {
  const where = state === 'hidden' ? isNotNull(reviews.hiddenAt) : state === 'visible' ? isNull(reviews.hiddenAt) : undefined
  return adminPage(app, where, cursor, limit)
}

/** Hides (or shows again) a review, with the reason in the audit log, in one transaction. */
export async function setReviewHidden(app: FastifyInstance, operator: Operator, reviewId: string, hidden: boolean, reason: string) {
  if (!UUID.test(reviewId)) throw notFound('No such review', { id: 'notFound' })
  await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1).for('update')
    if (!before) throw notFound('No such review', { id: 'notFound' })
    if ((before.hiddenAt !== null) === hidden) throw conflict(hidden ? 'Already hidden' : 'Not hidden', { state: 'invalid' })
    await tx
      .update(reviews)
      .set(
        hidden
          ? { hiddenAt: new Date(), hiddenReason: reason, hiddenBy: operator.actor.id }
          : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
      )
      .where(eq(reviews.id, reviewId))
    await refreshRating(tx, before.trainerId)
    await recordAudit(tx, {
      action: hidden ? 'review.hide' : 'review.unhide',
      actor: operator.actor,
      ip: operator.ip,
      subjectType: 'review',
      subjectId: reviewId,
      reason,
      before: { hidden: before.hiddenAt !== null },
      after: { hidden },
    })
  })
  return adminReviewById(app, reviewId)
}
