import {
  ApiErrorSchema,
  BUSINESS_ROLES,
  ClientCheckoutCreatedSchema,
  ClientCheckoutRequestSchema,
  ClientInvitationCreateSchema,
  ClientInvitationSchema,
  ClientPortalRequestSchema,
  ClientPortalSessionSchema,
  DateRangeQuerySchema,
  GymCommissionsSchema,
  IncomeSchema,
  InvitationConfirmedSchema,
  InvitationConfirmSchema,
  InvitationDetailsSchema,
  InvitationTokenParamsSchema,
  MySubscriptionListSchema,
  MySubscriptionSchema,
  OfferCreateSchema,
  OfferListSchema,
  OfferSchema,
  OfferUpdateSchema,
  OtpSentSchema,
  PaymentListSchema,
  PaymentSchema,
  PublicOfferListSchema,
  RefundRequestSchema,
  RouteIdParamsSchema,
  TrainerClientListSchema,
  TrainerClientSchema,
  TrainerIdParamsSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CSV_WORDS, readerLanguage, sendCsv } from '../../lib/csv.ts'
import { currentUser } from '../../plugins/auth.ts'
import { csvResponse } from '../../plugins/contract.ts'
import {
  cancelMySubscription,
  clientPortal,
  confirmInvitation,
  invitationDetails,
  mySubscriptions,
  sendInvitationCode,
  startClientCheckout,
} from './client.ts'
import { gymCommissions, gymCommissionsCsv, income, ledgerCsv, listPayments, paymentsCsv, refundPayment } from './money.ts'
import {
  cancelClientByTrainer,
  createOffer,
  inviteClient,
  listClients,
  listOffers,
  publicOffers,
  retireOffer,
  revokeInvitation,
  updateOffer,
} from './trainer.ts'

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema }
const bearer = [{ bearer: [] }]

/** Issue 12: trainers charge their clients. Route table: docs/client-billing.md. */
export default async function clientBillingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const trainer = app.requireRole('trainer')
  const owner = app.requireRole(...BUSINESS_ROLES)
  const tags = { trainer: ['client billing: trainer'], client: ['client billing: client'], gym: ['client billing: gym'] }

  // ---- Trainer ----
  app.get(
    '/trainer/offers',
    {
      schema: {
        tags: tags.trainer,
        summary: 'My offers',
        operationId: 'listMyOffers',
        description: "The signed-in trainer's offers to clients, active and retired.",
        security: bearer,
        response: { 200: OfferListSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => listOffers(app, currentUser(request)),
  )
  app.post(
    '/trainer/offers',
    {
      schema: {
        tags: tags.trainer,
        summary: 'Create an offer (eligible trainer)',
        operationId: 'createOffer',
        description:
          'Creates an offer (name, monthly price in CLP) that clients can be invited to; the trainer needs an active subscription and payout account.',
        security: bearer,
        body: OfferCreateSchema,
        response: { 200: OfferSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => createOffer(app, currentUser(request), request.body),
  )
  app.patch(
    '/trainer/offers/:id',
    {
      schema: {
        tags: tags.trainer,
        summary: 'Edit one of my offers; a new price applies to new subscriptions',
        operationId: 'updateOffer',
        description: "Edits one of the trainer's offers; a new price applies to new subscriptions only.",
        security: bearer,
        params: RouteIdParamsSchema,
        body: OfferUpdateSchema,
        response: { 200: OfferSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => updateOffer(app, currentUser(request), request.params.id, request.body),
  )
  app.post(
    '/trainer/offers/:id/retire',
    {
      schema: {
        tags: tags.trainer,
        summary: 'Retire one of my offers (pending invitations to it are revoked)',
        operationId: 'retireOffer',
        description: 'Stops offering it: pending invitations to it are revoked; running subscriptions go on.',
        security: bearer,
        params: RouteIdParamsSchema,
        response: { 200: OfferSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => retireOffer(app, currentUser(request), request.params.id),
  )
  app.post(
    '/trainer/invitations',
    {
      schema: {
        tags: tags.trainer,
        summary: 'Invite a client by e-mail to one of my offers (plan limit enforced)',
        operationId: 'inviteClient',
        description: "Mails a client an invitation link to one of the trainer's offers; the plan's client limit applies.",
        security: bearer,
        body: ClientInvitationCreateSchema,
        response: { 200: ClientInvitationSchema, ...errors },
      },
      preHandler: [trainer, app.limit('client-invite-user', { max: 60, windowMs: 60 * 60_000, key: (r) => r.user?.id })],
    },
    (request) => inviteClient(app, currentUser(request), request.body, request.ip),
  )
  app.post(
    '/trainer/invitations/:id/revoke',
    {
      schema: {
        tags: tags.trainer,
        summary: 'Withdraw one of my pending invitations',
        operationId: 'revokeInvitation',
        description: 'Withdraws a pending invitation: its link stops working.',
        security: bearer,
        params: RouteIdParamsSchema,
        response: { 200: ClientInvitationSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => revokeInvitation(app, currentUser(request), request.params.id),
  )
  app.get(
    '/trainer/clients',
    {
      schema: {
        tags: tags.trainer,
        summary: 'My clients and pending invitations',
        operationId: 'listMyClients',
        description: "The trainer's clients with their subscriptions, and the pending invitations.",
        security: bearer,
        response: { 200: TrainerClientListSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => listClients(app, currentUser(request)),
  )
  app.post(
    '/trainer/clients/:id/cancel',
    {
      schema: {
        tags: tags.trainer,
        summary: "Cancel one of my clients' subscriptions now",
        operationId: 'cancelClientSubscription',
        description: "Cancels one of the trainer's clients' subscriptions at once.",
        security: bearer,
        params: RouteIdParamsSchema,
        response: { 200: TrainerClientSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => cancelClientByTrainer(app, currentUser(request), request.params.id, request.ip),
  )
  app.get(
    '/trainer/payments',
    {
      schema: {
        tags: tags.trainer,
        summary: "My clients' payments (stored split, refunds)",
        operationId: 'listMyPayments',
        description: "Payments of the trainer's clients with the split stored when each was paid, and their refunds.",
        security: bearer,
        querystring: DateRangeQuerySchema,
        response: { 200: PaymentListSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => listPayments(app, currentUser(request), request.query),
  )
  app.post(
    '/trainer/payments/:id/refunds',
    {
      schema: {
        tags: tags.trainer,
        summary: 'Refund one of my payments, whole or part',
        operationId: 'refundPayment',
        description: "Refunds one of the trainer's payments, whole or in part; the ledger records it with the stored split.",
        security: bearer,
        params: RouteIdParamsSchema,
        body: RefundRequestSchema,
        response: { 200: PaymentSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => refundPayment(app, currentUser(request), request.params.id, request.body?.amountClp, request.ip),
  )
  app.get(
    '/trainer/income',
    {
      schema: {
        tags: tags.trainer,
        summary: 'Income per month: gross, refunded, platform commission, gym share, net',
        operationId: 'getMyIncome',
        description: "The trainer's income per month: gross, refunded, platform commission, gym share and net, in CLP.",
        security: bearer,
        querystring: DateRangeQuerySchema,
        response: { 200: IncomeSchema, ...errors },
      },
      preHandler: trainer,
    },
    (request) => income(app, currentUser(request), request.query),
  )
  app.get(
    '/trainer/payments.csv',
    {
      schema: {
        tags: tags.trainer,
        summary: 'My payments as CSV',
        operationId: 'exportMyPaymentsCsv',
        description: `The trainer's payments of the period as a CSV file. ${CSV_WORDS}`,
        security: bearer,
        querystring: DateRangeQuerySchema,
        response: {
          200: csvResponse(
            'Payments, one per line (UTF-8, comma-separated, header first)',
            '"ID del pago","Fecha de pago","Cliente","Oferta","Monto (CLP)","Reembolsado (CLP)","Tu parte (CLP)","Parte del gimnasio (CLP)","Comisión de la plataforma (CLP)","Estado"\n"5f0c…","2026-11-23T21:07:00-03:00","ana@example.com","Plan mensual","30000","0","27000","1500","1500","Pagado"\n',
          ),
          ...errors,
        },
      },
      preHandler: trainer,
    },
    async (request, reply) => {
      const file = await paymentsCsv(app, currentUser(request), request.query, await readerLanguage(app.db, request))
      return sendCsv(reply, file.filename, file.table)
    },
  )
  app.get(
    '/trainer/ledger.csv',
    {
      schema: {
        tags: tags.trainer,
        summary: 'The entries of my own ledger account as CSV',
        operationId: 'exportMyLedgerCsv',
        description: `The entries of the trainer's own ledger account (payment shares, refunds and chargebacks taken back, payouts and what came back from them), each described in a sentence; no other account's entries. ${CSV_WORDS}`,
        security: bearer,
        querystring: DateRangeQuerySchema,
        response: {
          200: csvResponse(
            'Entries of my account, one per line (UTF-8, comma-separated, header first)',
            '"Fecha","Movimiento","Descripción","Cliente","Oferta","Importe (CLP)","ID del pago"\n"2026-11-23T21:07:00-03:00","Pago","Pago de Ana Pérez por «Plan mensual»: $30.000 menos la comisión de la plataforma ($1.500)","ana@example.com","Plan mensual","28500","5f0c…"\n',
          ),
          ...errors,
        },
      },
      preHandler: trainer,
    },
    async (request, reply) => {
      const file = await ledgerCsv(app, currentUser(request), request.query, await readerLanguage(app.db, request))
      return sendCsv(reply, file.filename, file.table)
    },
  )

  // ---- Gym owner ----
  app.get(
    '/business/commissions',
    {
      schema: {
        tags: tags.gym,
        summary: 'Per trainer per month: gross, trainer, gym and platform shares',
        operationId: 'listGymCommissions',
        description: "The gym's commissions: per trainer per month, gross and the trainer, gym and platform shares, in CLP.",
        security: bearer,
        querystring: DateRangeQuerySchema,
        response: { 200: GymCommissionsSchema, ...errors },
      },
      preHandler: owner,
    },
    (request) => gymCommissions(app, currentUser(request), request.query),
  )
  app.get(
    '/business/commissions.csv',
    {
      schema: {
        tags: tags.gym,
        summary: 'Commissions as CSV',
        operationId: 'exportGymCommissionsCsv',
        description: `The gym's commissions per trainer per month (Chile months) as a CSV file. ${CSV_WORDS}`,
        security: bearer,
        querystring: DateRangeQuerySchema,
        response: {
          200: csvResponse(
            'Commissions per trainer per month (UTF-8, comma-separated, header first)',
            '"Month","Trainer","Payments","Gross (CLP)","Trainer share (CLP)","Gym share (CLP)","Platform commission (CLP)"\n"2026-11","Ana Pérez","4","120000","72000","42000","6000"\n',
          ),
          ...errors,
        },
      },
      preHandler: owner,
    },
    async (request, reply) => {
      const file = await gymCommissionsCsv(app, currentUser(request), request.query, await readerLanguage(app.db, request))
      return sendCsv(reply, file.filename, file.table)
    },
  )

  // ---- Public and client (Spanish screens, mobile app) ----
  const tokenLimit = app.limit('client-invitation-ip', { max: 60, windowMs: 10 * 60_000 })
  app.get(
    '/trainers/:trainerId/offers',
    {
      schema: {
        tags: tags.client,
        summary: "A trainer's active offers (no auth)",
        operationId: 'listTrainerOffers',
        description: "A trainer's active offers, for their public page.",
        params: TrainerIdParamsSchema,
        response: { 200: PublicOfferListSchema, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    (request) => publicOffers(app, request.params.trainerId),
  )
  app.get(
    '/client-invitations/:token',
    {
      schema: {
        tags: tags.client,
        summary: 'An invitation: trainer, offer, price (no auth; the token is the link)',
        operationId: 'getClientInvitation',
        description: 'The invitation of a link: trainer, offer and price. The token in the path is the proof.',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationDetailsSchema, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
      preHandler: tokenLimit,
    },
    (request) => invitationDetails(app, request.params.token),
  )
  app.post(
    '/client-invitations/:token/code',
    {
      schema: {
        tags: tags.client,
        summary: 'Mail a one-time code to the invited e-mail (no auth)',
        operationId: 'sendInvitationCode',
        description: 'Mails a one-time code to the invited e-mail, to prove the client owns it.',
        params: InvitationTokenParamsSchema,
        response: { 200: OtpSentSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
      preHandler: [tokenLimit, app.limit('client-invitation-code-ip', { max: 10, windowMs: 10 * 60_000 })],
    },
    (request) => sendInvitationCode(app, request.params.token),
  )
  app.post(
    '/client-invitations/:token/confirm',
    {
      schema: {
        tags: tags.client,
        summary: 'Check the code: the client account is found or created and signed in (no auth)',
        operationId: 'confirmClientInvitation',
        description: 'Checks the code; the client account is found or created and signed in (answers a session).',
        params: InvitationTokenParamsSchema,
        body: InvitationConfirmSchema,
        response: { 200: InvitationConfirmedSchema, ...errors, 503: ApiErrorSchema },
      },
      preHandler: [tokenLimit, app.limit('client-invitation-confirm-ip', { max: 30, windowMs: 10 * 60_000 })],
    },
    (request) => confirmInvitation(app, request.params.token, request.body, request.ip),
  )
  app.post(
    '/client-invitations/:token/checkout',
    {
      schema: {
        tags: tags.client,
        summary: 'Start the checkout of the invited offer (the invited client only)',
        operationId: 'createClientCheckout',
        description: 'Starts the payment provider checkout of the invited offer for the invited client and answers its URL.',
        security: bearer,
        params: InvitationTokenParamsSchema,
        body: ClientCheckoutRequestSchema,
        response: { 200: ClientCheckoutCreatedSchema, ...errors },
      },
      preHandler: [app.authenticate, app.limit('client-checkout-user', { max: 20, windowMs: 10 * 60_000, key: (r) => r.user?.id })],
    },
    (request) => startClientCheckout(app, currentUser(request), request.params.token, request.body),
  )
  app.get(
    '/client/subscriptions',
    {
      schema: {
        tags: tags.client,
        summary: 'My subscriptions to trainers',
        operationId: 'listMySubscriptions',
        description: "The signed-in client's subscriptions to trainers.",
        security: bearer,
        response: { 200: MySubscriptionListSchema, 401: ApiErrorSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => mySubscriptions(app, currentUser(request)),
  )
  app.post(
    '/client/subscriptions/:id/portal',
    {
      schema: {
        tags: tags.client,
        summary: 'Open the billing portal for one of my subscriptions',
        operationId: 'createClientPortalSession',
        description: "Opens the payment provider billing portal for one of the client's subscriptions and answers its URL.",
        security: bearer,
        params: RouteIdParamsSchema,
        body: ClientPortalRequestSchema,
        response: { 200: ClientPortalSessionSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    (request) => clientPortal(app, currentUser(request), request.params.id, request.body.returnUrl),
  )
  app.post(
    '/client/subscriptions/:id/cancel',
    {
      schema: {
        tags: tags.client,
        summary: 'Cancel one of my subscriptions at the end of the paid period',
        operationId: 'cancelMySubscription',
        description: "Cancels one of the client's subscriptions at the end of the paid period.",
        security: bearer,
        params: RouteIdParamsSchema,
        response: { 200: MySubscriptionSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    (request) => cancelMySubscription(app, currentUser(request), request.params.id),
  )
}
