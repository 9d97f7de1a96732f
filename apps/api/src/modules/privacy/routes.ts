import {
  AccountClosedSchema,
  AccountCloseSchema,
  ApiErrorSchema,
  ConsentInputSchema,
  ConsentListSchema,
  DataExportSchema,
  type DataExport,
  DataExportQueuedSchema,
  DataExportDownloadQuerySchema,
  LoginResponseSchema,
  AccountReopenSchema,
  AccountCodeRequestSchema,
  OkSchema,
  AccountProfileSchema,
  AccountProfileUpdateSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { chileDayOf } from '../../lib/csv.ts'
import { currentUser } from '../../plugins/auth.ts'
import { emailAddressKey, emailKey } from '../../plugins/rate-limit.ts'
import { closeAccount } from './close.ts'
import { giveConsent, listConsents } from './consents.ts'
import { exportMyData } from './export.ts'
import { downloadExport } from './export-jobs.ts'
import { myProfile, updateMyProfile } from './profile.ts'
import { sendAccountCode } from './codes.ts'
import { reopenAccount, sendReopenCode } from './reopen.ts'

/** The person's own privacy rights (issue 20): close, reopen, export, rectify, consents. Every role. */
export default async function privacyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const tags = ['privacy']
  const perUser = (name: string, max: number) => app.limit(name, { max, windowMs: 60 * 60_000, key: (r) => r.user?.id })

  app.post(
    '/account/close',
    {
      schema: {
        tags,
        operationId: 'deactivateMyAccount',
        summary: 'Close my account',
        description:
          'Any signed-in person (trainer, client, gym owner) closes their own account after confirming the password or a code from sendMyAccountCode: their subscriptions are cancelled at the payment provider (a trainer’s clients are told by mail; a gym owner’s gym closes and its trainers become independent), every session ends at once and signing in is refused until the account is reopened with reactivateMyAccount within 90 days; afterwards the personal data is deleted or anonymised. 422 with errors.password = incorrectPassword.',
        body: AccountCloseSchema,
        response: { 200: AccountClosedSchema, 422: ApiErrorSchema, 503: ApiErrorSchema },
      },
      preHandler: [app.authenticate, perUser('account-close', 10)],
    },
    (request) => {
      const user = currentUser(request)
      return closeAccount(app, user.id, {
        actor: { id: user.id, email: user.email, role: user.role },
        ip: request.ip,
        by: 'self',
        proof: request.body,
      })
    },
  )

  app.post(
    '/account/reopen',
    {
      schema: {
        tags,
        operationId: 'reactivateMyAccount',
        summary: 'Reopen my closed account by signing in',
        description:
          'Signs in to an account its owner closed less than 90 days ago: the account is active again (cancelled subscriptions stay cancelled) and the answer is a session, as a login. An active account simply signs in. 422 with errors.password = incorrectPassword, or errors.email = reopenExpired when the 90 days have passed or an operator closed it.',
        body: AccountReopenSchema,
        response: { 200: LoginResponseSchema, 422: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema },
      },
      preHandler: [
        app.limit('login-ip', { max: 30, windowMs: 10 * 60_000 }),
        app.limit('login-email-ip', { max: 10, windowMs: 10 * 60_000, key: emailAddressKey }),
      ],
    },
    (request) => reopenAccount(app, request.body, request.ip),
  )

  app.post(
    '/account/close/code',
    {
      schema: {
        tags,
        operationId: 'sendMyAccountCode',
        summary: 'Mail me a code to confirm closing my account',
        description:
          'For people who sign in with codes (clients): mails a six-digit code, valid 10 minutes, to the signed-in person’s address; deactivateMyAccount accepts it instead of the password. Asked again within 120 s, nothing new is sent.',
        response: { 200: OkSchema },
      },
      preHandler: [app.authenticate, perUser('account-code', 10)],
    },
    async (request) => {
      await sendAccountCode(app, currentUser(request).email)
      return { ok: true as const }
    },
  )

  app.post(
    '/account/reopen/code',
    {
      schema: {
        tags,
        operationId: 'sendReopenCode',
        summary: 'Mail a code to reopen a closed account',
        description:
          'Mails a six-digit code to the address when it belongs to an account its owner closed less than 90 days ago; reactivateMyAccount accepts it instead of the password. Always answers ok, so the answer never tells whether an account exists.',
        body: AccountCodeRequestSchema,
        response: { 200: OkSchema, 429: ApiErrorSchema },
      },
      preHandler: [
        app.limit('reopen-code-ip', { max: 10, windowMs: 10 * 60_000 }),
        app.limit('reopen-code-email', { max: 3, windowMs: 10 * 60_000, key: emailKey }),
      ],
    },
    (request) => sendReopenCode(app, request.body.email),
  )

  app.get(
    '/account/export',
    {
      schema: {
        tags,
        operationId: 'exportMyData',
        summary: 'Download everything the platform holds about me',
        description:
          'Answers, as a JSON file (format privacy-export/1, docs/privacy.md), every row about the signed-in person: account, profile, consents, privacy requests, sessions with addresses and times, subscriptions, payments, refunds, invitations, bookings, reviews, routines (programs assigned, workout days with comments and replies, logged sets, personal records; a trainer’s own programs and private exercises) and audit rows about them; secrets (password and token hashes) are left out. When the data holds more rows than the server’s PRIVACY_EXPORT_INLINE_MAX_ROWS, the answer is 202: the file is built in the background and the person gets a mail with a link (getMyDataExport), valid 7 days; asked again while it is being built, the same export is answered. Recorded as a privacy request and in the audit log, and the person is told by mail. Limited to 5 per hour.',
        response: { 200: DataExportSchema, 202: DataExportQueuedSchema },
      },
      preHandler: [app.authenticate, perUser('data-export', 5)],
    },
    async (request, reply) => {
      const user = currentUser(request)
      const answer = await exportMyData(app, user, request.ip)
      reply.header('cache-control', 'no-store')
      if ('queued' in answer) return reply.code(202).send(answer.queued)
      const data = answer.inline
      // Dated on Chile's clock, as the screen and the CSV files (decision 201).
      reply.header('content-disposition', `attachment; filename="mis-datos-${chileDayOf(new Date(data.generatedAt))}.json"`)
      return data
    },
  )

  app.get(
    '/account/export/download',
    {
      schema: {
        tags,
        operationId: 'getMyDataExport',
        summary: 'Download the file of a mailed data-export link',
        description:
          'The file a background export built (format privacy-export/1), for the token of the mailed link. Both are needed: the token and being signed in as the person it was built for. 404 with errors.token = notFound for an unknown token or another person’s, invalidOrExpired once the 7 days have passed (the purge then deletes the file).',
        querystring: DataExportDownloadQuerySchema,
        response: { 200: DataExportSchema, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
      preHandler: [app.authenticate, perUser('data-export-download', 20)],
    },
    async (request, reply) => {
      const { file, builtAt } = await downloadExport(app, currentUser(request), request.query.token, request.ip)
      reply.header('content-disposition', `attachment; filename="mis-datos-${chileDayOf(builtAt)}.json"`)
      reply.header('cache-control', 'no-store')
      // Stored as JSON already: sent as it is (a Buffer is not serialised again).
      return reply.type('application/json').send(file as unknown as DataExport)
    },
  )

  app.get(
    '/account/profile',
    {
      schema: {
        tags,
        operationId: 'getMyProfile',
        summary: 'My personal data',
        description: 'The signed-in person’s name, e-mail, phone and birth date, as stored.',
        response: { 200: AccountProfileSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => myProfile(app, currentUser(request).id),
  )

  app.patch(
    '/account/profile',
    {
      schema: {
        tags,
        operationId: 'updateMyProfile',
        summary: 'Correct my name or phone',
        description:
          'Rectification: the signed-in person corrects their first name, last name or phone (also on their trainer card); audited with the values before and after. The e-mail changes through the e-mail change flow. 422 with errors.body = nothingToChange for an empty body.',
        body: AccountProfileUpdateSchema,
        response: { 200: AccountProfileSchema, 422: ApiErrorSchema },
      },
      preHandler: [app.authenticate, perUser('profile-rectify', 60)],
    },
    (request) => updateMyProfile(app, currentUser(request), request.body, request.ip),
  )

  app.get(
    '/account/consents',
    {
      schema: {
        tags,
        operationId: 'listMyConsents',
        summary: 'What I accepted, and what is pending',
        description:
          'Every consent record of the signed-in person (document, version, time, screen), the documents whose current version is not accepted yet (the web app asks at sign-in) and whether marketing e-mail is on.',
        response: { 200: ConsentListSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => listConsents(app.db, currentUser(request).id),
  )

  app.post(
    '/account/consents',
    {
      schema: {
        tags,
        operationId: 'createMyConsent',
        summary: 'Accept a document, or turn marketing e-mail on or off',
        description:
          'Appends a consent record at the document’s current version (with time, screen and address): accepting the terms or the privacy policy, or opting in to or out of marketing e-mail. The terms and the privacy policy cannot be withdrawn this way (422 with errors.accepted = invalid): closing the account does that.',
        body: ConsentInputSchema,
        response: { 200: ConsentListSchema, 422: ApiErrorSchema },
      },
      preHandler: [app.authenticate, perUser('consent-write', 60)],
    },
    (request) => {
      const user = currentUser(request)
      return giveConsent(app.db, { userId: user.id, ...request.body, ip: request.ip })
    },
  )
}
