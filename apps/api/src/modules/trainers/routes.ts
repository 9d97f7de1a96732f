import {
  ApiErrorSchema,
  IdParamsSchema,
  OkSchema,
  TrainerCreatedSchema,
  TrainerInputSchema,
  TrainerListSchema,
  TrainerSchema,
  TrainerWithUserInputSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import { createTrainer, createTrainerWithUser, deleteTrainer, listTrainers, updateTrainer } from './service.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema }

export default async function trainersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const owner = app.requireRole('gym_owner', 'admin')
  const base = { tags: ['trainers'], security: [{ bearer: [] }] }

  app.get(
    '/gyms/:id/trainers',
    {
      schema: {
        ...base,
        summary: 'Trainers of the owner’s gym',
        operationId: 'listGymTrainers',
        description: "The trainers of the signed-in owner's gym.",
        params: IdParamsSchema,
        response: { 200: TrainerListSchema, ...errors },
      },
      preHandler: owner,
    },
    (request) => listTrainers(app.db, currentUser(request).id, request.params.id),
  )

  app.post(
    '/trainers',
    {
      schema: {
        ...base,
        summary: 'Add a trainer (no login account) to the owner’s gym',
        operationId: 'createTrainer',
        description: "Adds a trainer without a login account to the owner's gym; the plan's trainer limit applies.",
        body: TrainerInputSchema,
        response: { 201: TrainerSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request, reply) => reply.code(201).send(await createTrainer(app, currentUser(request).id, request.body)),
  )

  app.post(
    '/trainers/with-user',
    {
      schema: {
        ...base,
        summary: 'Add a trainer with a login account; an empty password is generated and returned once as generatedPassword',
        operationId: 'createTrainerWithUser',
        description:
          "Adds a trainer and their login account to the owner's gym. Without a password one is generated and answered once as generatedPassword; the plan's trainer limit applies.",
        body: TrainerWithUserInputSchema,
        response: { 201: TrainerCreatedSchema, ...errors, 503: ApiErrorSchema },
      },
      preHandler: [owner, app.limit('trainer-create', { max: 120, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    async (request, reply) => reply.code(201).send(await createTrainerWithUser(app, currentUser(request).id, request.body)),
  )

  app.put(
    '/trainers/:id',
    {
      schema: {
        ...base,
        summary: 'Update a trainer of the owner’s gym',
        operationId: 'updateTrainer',
        description: "Replaces the fields of a trainer of the owner's gym.",
        params: IdParamsSchema,
        body: TrainerInputSchema,
        response: { 200: TrainerSchema, ...errors },
      },
      preHandler: owner,
    },
    (request) => updateTrainer(app, currentUser(request).id, request.params.id, request.body),
  )

  app.delete(
    '/trainers/:id',
    {
      schema: {
        ...base,
        summary: 'Delete a trainer of the owner’s gym (and the login account created for it)',
        operationId: 'deleteTrainer',
        description: "Deletes a trainer of the owner's gym, and the login account created with it.",
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request) => {
      await deleteTrainer(app, currentUser(request).id, request.params.id)
      return { ok: true as const }
    },
  )
}
