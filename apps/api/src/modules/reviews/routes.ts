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
