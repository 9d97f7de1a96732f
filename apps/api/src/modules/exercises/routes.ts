import {
  ApiErrorSchema,
  ExerciseInputSchema,
  ExerciseListSchema,
  ExerciseQuerySchema,
  ExerciseSchema,
  IdParamsSchema,
  OkSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../../plugins/auth.ts'
import { EXERCISE_IMAGE, EXERCISE_IMAGE_TYPES, exerciseImageBytes } from './images.ts'
import {
  createExercise,
  deleteExercise,
  deleteExercisePhoto,
  exerciseOwnerOf,
  getExercise,
  searchExercises,
  setExercisePhoto,
} from './service.ts'

// The raw picture (the content-type parser gives a Buffer); documented as binary.
const RawImageSchema = z
  .any()
  .meta({ type: 'string', format: 'binary', description: 'The picture itself: JPEG, PNG or WebP, at most 10 MB' })
const binary = z.any().meta({ type: 'string', format: 'binary' })

/** The exercise library: trainers and gym owners search it and add private exercises. */
export default async function exerciseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const coach = app.requireRole('trainer', 'gym_owner')
  const noOwner = ApiErrorSchema
  // Pictures arrive as the raw image; sharp reads the real type from the bytes (images.ts).
  app.addContentTypeParser([...EXERCISE_IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: EXERCISE_IMAGE.maxBytes }, (_request, body, done) =>
    done(null, body),
  )

  app.get(
    '/exercises',
    {
      schema: {
        tags: ['routines'],
        operationId: 'listExercises',
        summary: 'Search the exercise library (trainers, gym owners)',
        description:
          'Searches the shipped library, imported exercises and the caller’s private ones (a trainer’s own and their gym’s) by words in Spanish or English, forgiving accents and small typos; filters by muscle and equipment; best matches first.',
        querystring: ExerciseQuerySchema,
        response: { 200: ExerciseListSchema, 403: noOwner },
      },
      preHandler: coach,
    },
    async (request) => searchExercises(app.db, await exerciseOwnerOf(app.db, currentUser(request)), request.query),
  )

  app.get(
    '/exercises/:id',
    {
      schema: {
        tags: ['routines'],
        operationId: 'getExercise',
        summary: 'One exercise of the library (trainers, gym owners)',
        description:
          'An exercise the caller may use: of the library, imported, or their own or their gym’s private one; 404 for another trainer’s.',
        params: IdParamsSchema,
        response: { 200: ExerciseSchema, 403: noOwner },
      },
      preHandler: coach,
    },
    async (request) => getExercise(app.db, await exerciseOwnerOf(app.db, currentUser(request)), request.params.id),
  )

  app.post(
    '/exercises',
    {
      schema: {
        tags: ['routines'],
        operationId: 'createExercise',
        summary: 'Add a private exercise (trainers, gym owners)',
        description:
          'Adds an exercise only the trainer sees (from a gym owner: one every trainer of the gym sees), with an optional YouTube or Vimeo link (https, checked).',
        body: ExerciseInputSchema,
        response: { 201: ExerciseSchema, 403: noOwner },
      },
      preHandler: [coach, app.limit('exercise-create', { max: 60, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    async (request, reply) => {
      const exercise = await createExercise(app, await exerciseOwnerOf(app.db, currentUser(request)), request.body)
      return reply.code(201).send(exercise)
    },
  )

  app.delete(
    '/exercises/:id',
    {
      schema: {
        tags: ['routines'],
        operationId: 'deleteExercise',
        summary: 'Remove a private exercise (its author)',
        description:
          'Removes a private exercise of the caller (a gym owner: of the gym); library exercises and other trainers’ answer 404.',
        params: IdParamsSchema,
        response: { 200: OkSchema, 403: noOwner },
      },
      preHandler: coach,
    },
    async (request) => deleteExercise(app, await exerciseOwnerOf(app.db, currentUser(request)), request.params.id),
  )

  app.put(
    '/exercises/:id/photo',
    {
      schema: {
        tags: ['routines'],
        operationId: 'uploadExercisePhoto',
        summary: 'Set the photo of a private exercise (its author)',
        description:
          'The body is the picture itself (Content-Type image/jpeg, image/png or image/webp, at most 10 MB). The real type is read from the bytes; it is resized once, now (800 px and a 320 px thumbnail on the long side, WebP, no metadata), and served at the exercise’s `imageUrl` (`?size=thumb` for the thumbnail). Only the trainer (a gym owner: the gym) who made the exercise; library, imported and other trainers’ exercises answer 404. 413 over the size, 415 `photo: unsupportedImage` when the bytes are not such a picture.',
        params: IdParamsSchema,
        consumes: [...EXERCISE_IMAGE_TYPES],
        body: RawImageSchema,
        response: { 200: ExerciseSchema, 403: noOwner, 404: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
      preHandler: [coach, app.limit('exercise-photo', { max: 60, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    async (request) =>
      setExercisePhoto(app, await exerciseOwnerOf(app.db, currentUser(request)), request.params.id, request.body as Buffer),
  )

  app.delete(
    '/exercises/:id/photo',
    {
      schema: {
        tags: ['routines'],
        operationId: 'deleteExercisePhoto',
        summary: 'Remove the photo of a private exercise (its author)',
        description: 'Removes the photo of the caller’s private exercise; answers the exercise, also when it had none.',
        params: IdParamsSchema,
        response: { 200: ExerciseSchema, 403: noOwner, 404: ApiErrorSchema },
      },
      preHandler: coach,
    },
    async (request) => deleteExercisePhoto(app, await exerciseOwnerOf(app.db, currentUser(request)), request.params.id),
  )

  app.get(
    '/exercise-images/:id',
    {
      schema: {
        tags: ['routines'],
        operationId: 'getExerciseImage',
        summary: 'An exercise picture (WebP), cacheable for a year',
        description:
          'Public, no token, so a client’s program shows it too: the picture an exercise’s `imageUrl` names, or its 320 px thumbnail with `size=thumb`. A new picture gets a new address, so an answer never changes and may be cached for a year. 404 for an unknown id.',
        security: [],
        params: IdParamsSchema,
        querystring: z.object({ size: z.enum(['full', 'thumb'], { error: 'invalid' }).default('full') }),
        response: {
          200: { description: 'The picture: WebP', content: { 'image/webp': { schema: binary } } },
          404: ApiErrorSchema,
        },
      },
      preHandler: app.limit('exercise-image-read', { max: 1200, windowMs: 60_000 }),
    },
    async (request, reply) => {
      const bytes = await exerciseImageBytes(app.db, request.params.id, request.query.size)
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes)
    },
  )
}
