import {
  ApiErrorSchema,
  MyProfileSchema,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  ProfileInputSchema,
  PublicProfileSchema,
  PublishInputSchema,
  TrainerRefParamsSchema,
  TrainerSearchPageSchema,
  TrainerSearchQuerySchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../../plugins/auth.ts'
import { deletePhoto, getMyProfile, listedProfile, photoOf, saveMyProfile, setPublished, uploadPhoto } from './service.ts'
import { searchTrainers } from './search.ts'

const bearer = [{ bearer: [] }]
const authErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema }

/** Issue 21: the trainer's public profile and the public search (decisions 140, 141). */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const trainer = app.requireRole('trainer')
  const tags = ['trainer profiles']
  // Photos arrive as the raw image; sharp reads the real type from the bytes (photo.ts).
  app.addContentTypeParser([...PHOTO_TYPES], { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) => done(null, body))

  app.get(
    '/trainer/profile',
    {
      schema: {
        operationId: 'getMyTrainerProfile',
        tags,
        summary: 'My public profile (created on first read)',
        security: bearer,
        response: { 200: MyProfileSchema, ...authErrors },
      },
      preHandler: trainer,
    },
    (request) => getMyProfile(app, currentUser(request)),
  )
  app.put(
    '/trainer/profile',
    {
      schema: {
        operationId: 'updateMyTrainerProfile',
        tags,
        summary: 'Edit my public profile',
        security: bearer,
        body: ProfileInputSchema,
        response: { 200: MyProfileSchema, 409: ApiErrorSchema, ...authErrors },
      },
      preHandler: [trainer, app.limit('profile-write', { max: 120, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    (request) => saveMyProfile(app, currentUser(request), request.body),
  )
  app.post(
    '/trainer/profile/publish',
    {
      schema: {
        operationId: 'publishMyTrainerProfile',
        tags,
        summary: 'Publish or withdraw my profile; publishing needs the right to charge clients (403 subscription/payouts required)',
        security: bearer,
        body: PublishInputSchema,
        response: { 200: MyProfileSchema, ...authErrors },
      },
      preHandler: trainer,
    },
    (request) => setPublished(app, currentUser(request), request.body.published),
  )
  app.put(
    '/trainer/profile/photo',
    {
      schema: {
        operationId: 'uploadMyTrainerPhoto',
        tags,
        summary: 'Upload my photo: the raw JPEG, PNG or WebP (≤ 5 MB) as the body; stored as a 480 px square WebP',
        security: bearer,
        consumes: [...PHOTO_TYPES],
        response: { 200: MyProfileSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...authErrors },
      },
      preHandler: [trainer, app.limit('profile-photo', { max: 30, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    (request) => uploadPhoto(app, currentUser(request), request.body as Buffer),
  )
  app.delete(
    '/trainer/profile/photo',
    {
      schema: {
        operationId: 'deleteMyTrainerPhoto',
        tags,
        summary: 'Remove my photo',
        security: bearer,
        response: { 200: MyProfileSchema, ...authErrors },
      },
      preHandler: trainer,
    },
    (request) => deletePhoto(app, currentUser(request)),
  )

  // ---- Public ----
  app.get(
    '/trainers',
    {
      schema: {
        operationId: 'searchTrainers',
        tags,
        summary: 'Search published trainers: Spanish full text (accents ignored), filters, cursor pages',
        security: [],
        querystring: TrainerSearchQuerySchema,
        response: { 200: TrainerSearchPageSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: app.limit('trainer-search', { max: 120, windowMs: 60_000 }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30')
      return searchTrainers(app, request.query)
    },
  )
  app.get(
    '/trainers/:trainerId/profile',
    {
      schema: {
        operationId: 'getTrainerProfile',
        tags,
        summary: 'A published trainer profile, by trainer id or slug',
        security: [],
        params: TrainerRefParamsSchema,
        response: { 200: PublicProfileSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: app.limit('trainer-profile', { max: 300, windowMs: 60_000 }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30')
      return (await listedProfile(app, request.params.trainerId)).profile
    },
  )
  app.get(
    '/trainers/:trainerId/photo',
    {
      schema: {
        operationId: 'getTrainerPhoto',
        tags,
        summary: 'A trainer photo (WebP); with ?v= it is cacheable for a year',
        security: [],
        params: z.object({ trainerId: z.string().max(80) }),
        querystring: z.object({ v: z.coerce.number().int().optional() }),
        response: { 200: z.any().describe('image/webp'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await photoOf(app, request.params.trainerId)
      const current = request.query.v === row.version
      return reply
        .type('image/webp')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
        .send(row.photo)
    },
  )
}
