import {
  ApiErrorSchema,
  BusinessTaxIdentityInputSchema,
  BusinessTaxIdentitySchema,
  ClientTaxIdentityInputSchema,
  ClientTaxIdentitySchema,
  TrainerTaxIdentityInputSchema,
  TrainerTaxIdentitySchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { currentUser } from '../../plugins/auth.ts'
import {
  clearClientTaxIdentity,
  getBusinessTaxIdentity,
  getClientTaxIdentity,
  getTrainerTaxIdentity,
  saveBusinessTaxIdentity,
  saveClientTaxIdentity,
  saveTrainerTaxIdentity,
} from './service.ts'

const security = [{ bearer: [] }]
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema }
const tags = ['tax identity']

/**
 * Issue 27 (decision 214): the RUT of trainers and businesses, with the business's razón social and
 * giro; a client's details for a factura (decision 237).
 */
export default async function taxIdentityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const trainer = app.requireRole('trainer')
  const owner = app.requireRole('gym_owner')
  const client = app.requireRole('member')
  const writes = app.limit('tax-identity-write', { max: 60, windowMs: 60 * 60_000, key: (r) => r.user?.id })

  app.get(
    '/trainer/tax-identity',
    {
      schema: {
        operationId: 'getMyTrainerTaxIdentity',
        tags,
        summary: 'My RUT as a trainer',
        description: 'Trainers only (403 for other roles or a trainer account without a trainer record). `rut` is null until given.',
        security,
        response: { 200: TrainerTaxIdentitySchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => getTrainerTaxIdentity(app.db, currentUser(request).id),
  )
  app.put(
    '/trainer/tax-identity',
    {
      schema: {
        operationId: 'updateMyTrainerTaxIdentity',
        tags,
        summary: 'Set my RUT as a trainer',
        description:
          'Trainers only. Each change is recorded in the audit log. The RUT may be typed with or without dots and dash; it is checked by its check digit (422 `rut: invalidRut`), stored and returned as `12345678-5`; 409 `rut: rutTaken` when another trainer has it.',
        security,
        body: TrainerTaxIdentityInputSchema,
        response: { 200: TrainerTaxIdentitySchema, 409: ApiErrorSchema, ...errors },
      },
      preHandler: [trainer, writes],
    },
    (request) => saveTrainerTaxIdentity(app.db, { user: currentUser(request), ip: request.ip }, request.body),
  )
  app.get(
    '/business/tax-identity',
    {
      schema: {
        operationId: 'getMyBusinessTaxIdentity',
        tags,
        summary: "My business's RUT, razón social and giro",
        description: 'Gym owners only; 404 when the owner has no business account. Each field is null until given.',
        security,
        response: { 200: BusinessTaxIdentitySchema, 404: ApiErrorSchema, ...errors },
      },
      preHandler: owner,
    },
    (request) => getBusinessTaxIdentity(app.db, currentUser(request).id),
  )
  app.put(
    '/business/tax-identity',
    {
      schema: {
        operationId: 'updateMyBusinessTaxIdentity',
        tags,
        summary: "Set my business's RUT, razón social and giro",
        description:
          'Gym owners only. Each change is recorded in the audit log. The RUT is checked by its check digit (422 `rut: invalidRut`), stored and returned as `12345678-5`; 409 `rut: rutTaken` when another business has it. `legalName` (razón social) and `activity` (giro) are required.',
        security,
        body: BusinessTaxIdentityInputSchema,
        response: { 200: BusinessTaxIdentitySchema, 404: ApiErrorSchema, 409: ApiErrorSchema, ...errors },
      },
      preHandler: [owner, writes],
    },
    (request) => saveBusinessTaxIdentity(app.db, { user: currentUser(request), ip: request.ip }, request.body),
  )

  app.get(
    '/client/tax-identity',
    {
      schema: {
        operationId: 'getMyClientTaxIdentity',
        tags,
        summary: 'My details for a factura, as a client',
        description:
          'Clients only (403 for other roles). RUT, razón social and giro the client gave for a factura; all three null while none were given.',
        security,
        response: { 200: ClientTaxIdentitySchema, ...errors },
      },
      preHandler: client,
    },
    (request) => getClientTaxIdentity(app.db, currentUser(request).id),
  )
  app.put(
    '/client/tax-identity',
    {
      schema: {
        operationId: 'updateMyClientTaxIdentity',
        tags,
        summary: 'Set my details for a factura, as a client',
        description:
          "Clients only. RUT, razón social (`legalName`) and giro (`activity`), all three required (a persona natural with a giro too). The RUT is checked by its check digit (422 `rut: invalidRut`) and stored and returned as `12345678-5`; it is not unique (two people of one company may give its RUT). The client's trainers and gyms see them beside the client's payments on their monthly statement, to issue the factura. Each change is recorded in the audit log.",
        security,
        body: ClientTaxIdentityInputSchema,
        response: { 200: ClientTaxIdentitySchema, ...errors },
      },
      preHandler: [client, writes],
    },
    (request) => saveClientTaxIdentity(app.db, { user: currentUser(request), ip: request.ip }, request.body),
  )
  app.delete(
    '/client/tax-identity',
    {
      schema: {
        operationId: 'deleteMyClientTaxIdentity',
        tags,
        summary: 'Clear my details for a factura, as a client',
        description:
          'Clients only. Clears the three fields (audited); the statements, which read them when asked, no longer show them. Answers the cleared details, also when there were none.',
        security,
        response: { 200: ClientTaxIdentitySchema, ...errors },
      },
      preHandler: [client, writes],
    },
    (request) => clearClientTaxIdentity(app.db, { user: currentUser(request), ip: request.ip }),
  )
}
