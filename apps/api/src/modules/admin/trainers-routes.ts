import {
  AdminAccountActionSchema,
  AdminResendMailResultSchema,
  AdminResendMailSchema,
  AdminTrainerDetailSchema,
  AdminTrainerListQuerySchema,
  AdminTrainerListSchema,
  AdminTrainerSchema,
  IdParamsSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminBase, adminErrors, adminGuards, operatorOf } from './route-kit.ts'
import { setTrainerActive } from './trainer-account.ts'
import { stopClientBilling } from '../client-billing/deactivation.ts'
import { resendTrainerMail } from './trainer-mail.ts'
import { getTrainer, listTrainers } from './trainers.ts'

export default async function trainersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)

  app.get(
    '/admin/trainers',
    {
      schema: {
        ...adminBase,
        summary: 'Trainer accounts: subscription, plan, payouts, clients vs limit, sign-up date',
        operationId: 'listTrainerAccounts',
        description:
          'Trainer accounts with subscription, plan, payout status, clients against the plan limit and sign-up date, in cursor pages.',
        querystring: AdminTrainerListQuerySchema,
        response: { 200: AdminTrainerListSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => listTrainers(app.db, request.query),
  )

  app.get(
    '/admin/trainers/:id',
    {
      schema: {
        ...adminBase,
        summary: 'One trainer (user id) and its history',
        operationId: 'getTrainerAccount',
        description: 'One trainer account (by user id) with its subscription, payouts and history.',
        params: IdParamsSchema,
        response: { 200: AdminTrainerDetailSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => getTrainer(app.db, request.params.id),
  )

  app.post(
    '/admin/trainers/:id/deactivate',
    {
      schema: {
        ...adminBase,
        summary: 'Disable the account and end every session at once (audited)',
        operationId: 'deactivateTrainerAccount',
        description:
          "Disables a trainer account with a reason, ends every one of its sessions at once and ends its clients' subscriptions at the payment provider (each client is told by mail); audited.",
        params: IdParamsSchema,
        body: AdminAccountActionSchema,
        response: { 200: AdminTrainerSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    async (request) => {
      const by = operatorOf(request)
      const trainer = await setTrainerActive(app.db, by, request.params.id, false, request.body.reason)
      // Issue 19: a deactivated trainer's client subscriptions end at the provider now.
      await stopClientBilling(app, request.params.id, by)
      return trainer
    },
  )

  app.post(
    '/admin/trainers/:id/reactivate',
    {
      schema: {
        ...adminBase,
        summary: 'Enable the account again (audited)',
        operationId: 'reactivateTrainerAccount',
        description: 'Enables a disabled trainer account again, with a reason; audited.',
        params: IdParamsSchema,
        body: AdminAccountActionSchema,
        response: { 200: AdminTrainerSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => setTrainerActive(app.db, operatorOf(request), request.params.id, true, request.body.reason),
  )

  app.post(
    '/admin/trainers/:id/resend-mail',
    {
      schema: {
        ...adminBase,
        summary: 'Queue the welcome mail or a set-password link again (limited, audited)',
        operationId: 'resendTrainerMail',
        description: 'Queues the welcome mail or a new set-password link for a trainer again; limited per operator and audited.',
        params: IdParamsSchema,
        body: AdminResendMailSchema,
        response: { 200: AdminResendMailResultSchema, ...adminErrors },
      },
      preHandler: guard.mail,
    },
    (request) => resendTrainerMail(app, operatorOf(request), request.params.id, request.body),
  )
}
