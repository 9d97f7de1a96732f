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
import { currentUser } from '../../plugins/auth.ts'
import { createExercise, deleteExercise, exerciseOwnerOf, getExercise, searchExercises } from './service.ts'

/** The exercise library: trainers and gym owners search it and add private exercises. */
export default async function exerciseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const coach = app.requireRole('trainer', 'gym_owner')
  const noOwner = ApiErrorSchema

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
}
