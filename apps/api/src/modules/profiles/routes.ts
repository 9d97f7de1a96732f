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
        description:
          'Trainers only (403 for other roles or a trainer account without a trainer record). Returns the caller’s profile, creating it with an address from their name on the first read, with whether it is published and listed and what blocks publishing (subscription or payouts).',
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
        description:
          'Trainers only. Replaces the editable fields (headline, bio, specialisations, tags, city and comuna, modalities, languages, cancellation window; optionally the address slug) and refreshes the search text. 409 `slug: alreadyExists` when another trainer has that address.',
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
        description:
          'Trainers only. `published: true` lists the profile in search and on its public page only if the trainer can charge clients now: 403 with `subscription: required` or `payouts: required` otherwise. `published: false` withdraws it at once.',
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
        description:
          'Trainers only. The body is the image itself (Content-Type image/jpeg, image/png or image/webp, at most 5 MB); the real type is read from the bytes and the image is re-encoded without its metadata (EXIF, GPS). 413 over the size limit, 415 when the bytes are not one of those images.',
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
        description:
          'Trainers only. Removes the stored photo, so the public profile has none; answers the profile, also when there was no photo.',
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
        description:
          'Public, rate-limited per address. Only published trainers who can charge clients now. `q` is Spanish full text (accents and case ignored); filters by city, specialisation, modality and highest price in CLP; sorted by relevance, rating or price. 422 for an unknown filter value or a cursor that is not one of ours.',
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
        description:
          'Public. Looks a trainer up by id or address slug. 404 when there is no such published trainer, or when the trainer can no longer charge clients (the profile then also leaves search).',
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
        description:
          'Public, no token. Answers the stored WebP of the trainer; with the current version as `v` it may be cached for a year, else for a minute. 404 when the trainer has no photo.',
        security: [],
        params: z.object({ trainerId: z.string().max(80) }),
        querystring: z.object({ v: z.coerce.number().int().optional() }),
        response: {
          200: {
            description: 'The photo: a square WebP',
            content: {
              'image/webp': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              // Never sent: the first booking release listed it; kept so that the contract does not break (decision 085).
              'application/json': { schema: z.any().describe('Never sent: the answer is image/webp.') },
            },
          },
          404: ApiErrorSchema,
        },
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
