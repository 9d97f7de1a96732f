import { ApiErrorSchema, GymInputSchema, GymListSchema, GymSchema, IdParamsSchema, OkSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import { notFound } from '../../errors.ts'
import { createGym, deleteGym, findGymOfOwner, listGyms, toGym, updateGym } from './service.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema }

export default async function gymsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const owner = app.requireRole('gym_owner', 'admin')
  const base = { tags: ['gyms'], security: [{ bearer: [] }] }

  app.get(
    '/gyms',
    {
      schema: {
        ...base,
        summary: "The signed-in owner's gyms (at most one)",
        operationId: 'listMyGyms',
        description: "The signed-in gym owner's gyms as a list (an owner has at most one).",
        response: { 200: GymListSchema, ...errors },
      },
      preHandler: owner,
    },
    (request) => listGyms(app.db, currentUser(request).id),
  )

  app.get(
    '/gyms/my-gym',
    {
      schema: {
        ...base,
        summary: "The signed-in owner's gym; 404 when there is none yet",
        operationId: 'getMyGym',
        description: "The signed-in gym owner's gym; 404 when the owner has not created it yet.",
        response: { 200: GymSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request) => {
      const gym = await findGymOfOwner(app.db, currentUser(request).id)
      if (!gym) throw notFound('You have no gym yet')
      return toGym(gym)
    },
  )

  app.post(
    '/gyms',
    {
      schema: {
        ...base,
        summary: 'Create the owner’s gym (one per owner)',
        operationId: 'createGym',
        description: "Creates the signed-in owner's gym; 409 when the owner already has one.",
        body: GymInputSchema,
        response: { 201: GymSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request, reply) => reply.code(201).send(await createGym(app.db, currentUser(request).id, request.body)),
  )

  app.put(
    '/gyms/:id',
    {
      schema: {
        ...base,
        summary: 'Update the owner’s gym',
        operationId: 'updateGym',
        description: "Replaces the fields of the signed-in owner's gym.",
        params: IdParamsSchema,
        body: GymInputSchema,
        response: { 200: GymSchema, ...errors },
      },
      preHandler: owner,
    },
    (request) => updateGym(app.db, currentUser(request).id, request.params.id, request.body),
  )

  app.delete(
    '/gyms/:id',
    {
      schema: {
        ...base,
        summary: 'Delete the owner’s gym (refused while it has trainers)',
        operationId: 'deleteGym',
        description: "Deletes the signed-in owner's gym; 409 while it still has trainers.",
        params: IdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request) => {
      await deleteGym(app.db, currentUser(request).id, request.params.id)
      return { ok: true as const }
    },
  )
}
