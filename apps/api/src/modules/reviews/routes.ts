import {
  AdminReviewPageSchema,
  AdminReviewQuerySchema,
  AdminReviewSchema,
  ApiErrorSchema,
  BookingIdParamsSchema,
  ReviewHideInputSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewPageSchema,
  ReviewReplyInputSchema,
  ReviewSchema,
  TrainerRefParamsSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import { adminErrors, adminGuards, operatorOf } from '../admin/route-kit.ts'
import { adminReviews, myReview, myTrainerReviews, replyToReview, saveReview, setReviewHidden, trainerReviews } from './service.ts'

const bearer = [{ bearer: [] }]
const errors = {
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
}

/** Issue 21: reviews of trainers, the trainer's answer and operator moderation (decision 145). */
export default async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const client = app.requireRole('member')
  const trainer = app.requireRole('trainer')
  const admin = adminGuards(app)
  const tags = ['reviews']

  app.get(
    '/trainers/:trainerId/reviews',
    {
      schema: {
        operationId: 'listTrainerReviews',
        tags,
        summary: "A published trainer's visible reviews with the average, newest first (cursor pages)",
        description:
          'Public, rate-limited per address. The reviews operators have not hidden, with the trainer’s average and count, and the trainer’s answers. 404 when the trainer is not published; 422 for a cursor that is not one of ours.',
        security: [],
        params: TrainerRefParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewPageSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: app.limit('trainer-reviews', { max: 300, windowMs: 60_000 }),
    },
    (request) => trainerReviews(app, request.params.trainerId, request.query.cursor, request.query.limit),
  )
  app.get(
    '/trainers/:trainerId/review',
    {
      schema: {
        operationId: 'getMyReview',
        tags,
        summary: 'My review of this trainer (client)',
        description:
          'Clients only (role member). The caller’s review of a published trainer, to edit it. 404 `review: notFound` when there is none yet, or the trainer is not published.',
        security: bearer,
        params: TrainerRefParamsSchema,
        response: { 200: ReviewSchema, ...errors },
      },
      preHandler: client,
    },
    (request) => myReview(app, currentUser(request), request.params.trainerId),
  )
  app.put(
    '/trainers/:trainerId/review',
    {
      schema: {
        operationId: 'saveMyReview',
        tags,
        summary: 'Write (201) or edit (200) my one review of this trainer: 1–5 stars and text; only after attending a session',
        description:
          'Clients only, and only after attending at least one session of the trainer (403 `review: notAttended`). One review per client and trainer, enforced by the database: the first call creates it (201), later ones replace stars and text (200); the average is updated at once. 404 when the trainer is not published.',
        security: bearer,
        params: TrainerRefParamsSchema,
        body: ReviewInputSchema,
        response: { 200: ReviewSchema, 201: ReviewSchema, ...errors },
      },
      preHandler: [client, app.limit('review-write', { max: 30, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    async (request, reply) => {
      const { created, review } = await saveReview(app, currentUser(request), request.params.trainerId, request.body)
      return reply.code(created ? 201 : 200).send(review)
    },
  )
  app.get(
    '/trainer/reviews',
    {
      schema: {
        operationId: 'listMyTrainerReviews',
        tags,
        summary: 'Reviews of me (trainer), newest first',
        description: 'Trainers only. Every review of the caller, hidden ones included, with the answers given, in cursor pages.',
        security: bearer,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewPageSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => myTrainerReviews(app, currentUser(request), request.query.cursor, request.query.limit),
  )
  app.post(
    '/trainer/reviews/:id/reply',
    {
      schema: {
        operationId: 'replyToReview',
        tags,
        summary: 'Answer a review of mine, once',
        description:
          'Trainers only. Adds the caller’s public answer to a review of them; an answer cannot be changed. 404 when the review is not of the caller; 409 `reply: alreadyAnswered` when it has an answer.',
        security: bearer,
        params: BookingIdParamsSchema,
        body: ReviewReplyInputSchema,
        response: { 200: ReviewSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => replyToReview(app, currentUser(request), request.params.id, request.body.reply),
  )

  // ---- Operators ----
  const adminTags = ['admin']
  app.get(
    '/admin/reviews',
    {
      schema: {
        operationId: 'listReviewsForModeration',
        tags: adminTags,
        summary: 'Every review, hidden ones included (platform_admin)',
        description:
          'platform_admin only. Every review of every trainer, by state (all, visible or hidden), newest first, with the client’s e-mail and when and why it was hidden, in cursor pages.',
        security: bearer,
        querystring: AdminReviewQuerySchema,
        response: { 200: AdminReviewPageSchema, ...adminErrors },
      },
      preHandler: admin.read,
    },
    (request) => adminReviews(app, request.query.state, request.query.cursor, request.query.limit),
  )
  app.post(
    '/admin/reviews/:id/hide',
    {
      schema: {
        operationId: 'hideReview',
        tags: adminTags,
        summary: 'Hide an abusive review, with a reason (audited)',
        description:
          'platform_admin only. Hides a review from the public list and the trainer’s average; the reason and the operator are written to the audit log. 404 for an unknown review; 409 when it is already hidden.',
        security: bearer,
        params: BookingIdParamsSchema,
        body: ReviewHideInputSchema,
        response: { 200: AdminReviewSchema, ...adminErrors },
      },
      preHandler: admin.write,
    },
    (request) => setReviewHidden(app, operatorOf(request), request.params.id, true, request.body.reason),
  )
  app.post(
    '/admin/reviews/:id/unhide',
    {
      schema: {
        operationId: 'unhideReview',
        tags: adminTags,
        summary: 'Show a hidden review again, with a reason (audited)',
        description:
          'platform_admin only. Makes a hidden review public again and counts it in the average; audited with its reason. 404 for an unknown review; 409 when it is not hidden.',
        security: bearer,
        params: BookingIdParamsSchema,
        body: ReviewHideInputSchema,
        response: { 200: AdminReviewSchema, ...adminErrors },
      },
      preHandler: admin.write,
    },
    (request) => setReviewHidden(app, operatorOf(request), request.params.id, false, request.body.reason),
  )
}
