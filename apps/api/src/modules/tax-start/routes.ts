import {
  AdminTaxStartListQuerySchema,
  AdminTaxStartListSchema,
  AdminTaxStartRejectSchema,
  AdminTaxStartSchema,
  ApiErrorSchema,
  IdParamsSchema,
  TAX_START_LIMITS,
  TaxStartProofQuerySchema,
  TaxStartStatusSchema,
  TaxStartSubmissionSchema,
} from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { taxStarts } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { currentUser } from '../../plugins/auth.ts'
import { adminBase, adminErrors, adminGuards, operatorOf } from '../admin/route-kit.ts'
import { checkProofLink } from './proof.ts'
import { answerTaxStart, listTaxStartReviews, taxStartReview } from './review.ts'
import { sellerOf, submitTaxStart, taxStartStatus, type SellerKind } from './service.ts'

const security = [{ bearer: [] }]
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema }
const tags = ['tax start']
// The proof travels in base64 inside the JSON body: a third larger than the file, plus the fields.
const BODY_LIMIT = Math.ceil(TAX_START_LIMITS.proofMaxBytes / 3) * 4 + 64 * 1024

const SUBMIT_TEXT =
  'Declares the inicio de actividades (`kind: start`: the day and the giro declared to the SII) or signs the exemption (`kind: exemption`: name, RUT, day, reason and `sworn: true` to the words of TAX_START_OATH in `oathLanguage`), with the proof in base64: a PDF, JPEG, PNG or WebP of at most 5 MB, its type read from its bytes (415 `proof: unsupportedFile`; 422 `proof: tooLarge`); photos are stored without metadata. Needs the RUT saved first (422 `rut: required`). Waits for an operator; one pending declaration at a time (409 `taxStart: alreadyPending`, also for two sent at once); after a rejection, or to renew an approval before it lapses, send a new one. Audited as tax_start.submit.'

/** Issue 27 (decision 222): the sellers' tax start, declared by trainers and gym owners, reviewed by operators. */
export default async function taxStartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const roles: Record<SellerKind, ReturnType<typeof app.requireRole>> = {
    trainer: app.requireRole('trainer'),
    business: app.requireRole('gym_owner'),
  }
  const writes = app.limit('tax-start-write', { max: 20, windowMs: 60 * 60_000, key: (r) => r.user?.id })
  const proofReads = app.limit('tax-start-proof-read', { max: 300, windowMs: 60_000 })
  const by = (request: FastifyRequest) => ({ user: currentUser(request), ip: request.ip })

  for (const kind of ['trainer', 'business'] as const) {
    const who = kind === 'trainer' ? 'Trainers only (403 for other roles)' : 'Gym owners only; 404 without a business account'
    const Kind = kind === 'trainer' ? 'Trainer' : 'Business'
    app.get(
      `/${kind}/tax-start`,
      {
        schema: {
          operationId: `getMy${Kind}TaxStart`,
          tags,
          summary: kind === 'trainer' ? 'My tax start as a trainer' : "My business's tax start",
          description: `${who}. The state (none, pending, approved, lapsingSoon in the last 30 days, rejected with its reason, lapsed six months after approval), whether charging is allowed, and the newest declaration with a five-minute link to its proof.`,
          security,
          response: { 200: TaxStartStatusSchema, 404: ApiErrorSchema, ...errors },
        },
        preHandler: roles[kind],
      },
      async (request) => taxStartStatus(app, app.db, await sellerOf(app.db, kind, currentUser(request).id)),
    )
    app.post(
      `/${kind}/tax-start`,
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          operationId: `submitMy${Kind}TaxStart`,
          tags,
          summary: kind === 'trainer' ? 'Declare my tax start or exemption (trainers)' : "Declare my business's tax start or exemption",
          description: `${who}. ${SUBMIT_TEXT}`,
          security,
          body: TaxStartSubmissionSchema,
          response: { 201: TaxStartStatusSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
        },
        preHandler: [roles[kind], writes],
      },
      async (request, reply) => reply.code(201).send(await submitTaxStart(app, by(request), kind, request.body)),
    )
  }

  app.get(
    '/tax-start-proofs/:id',
    {
      schema: {
        tags,
        operationId: 'getTaxStartProof',
        summary: 'A tax-start proof file through a signed link (no token)',
        description:
          'The link comes from the seller’s own status or the operators’ queue and works for five minutes. 403 `sig: invalidOrExpired` otherwise. Images are shown; a PDF is downloaded (never run in the page).',
        security: [],
        params: IdParamsSchema,
        querystring: TaxStartProofQuerySchema,
        response: {
          200: {
            description: 'The proof file',
            content: Object.fromEntries(
              ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'].map((type) => [
                type,
                { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              ]),
            ),
          },
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
      preHandler: proofReads,
    },
    async (request, reply) => {
      const secondsLeft = checkProofLink(app, request.params.id, request.query.expires, request.query.sig)
      const [row] = await app.db
        .select({ proof: taxStarts.proof, type: taxStarts.proofType })
        .from(taxStarts)
        .where(eq(taxStarts.id, request.params.id))
        .limit(1)
      if (!row) throw notFound('No such file')
      const pdf = row.type === 'application/pdf'
      return reply
        .type(row.type)
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${pdf ? 'attachment' : 'inline'}; filename="tax-start-proof.${row.type.split('/')[1]}"`)
        .send(row.proof)
    },
  )

  // ---- Operators
  const guard = adminGuards(app)
  app.get(
    '/admin/tax-starts',
    {
      schema: {
        ...adminBase,
        operationId: 'listTaxStartReviews',
        summary: 'Tax-start declarations to review (oldest first)',
        description:
          'Pending declarations oldest first (`status=pending`, the default), or the answered ones newest first, each with the seller, their RUT and a five-minute link to the proof.',
        querystring: AdminTaxStartListQuerySchema,
        response: { 200: AdminTaxStartListSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => listTaxStartReviews(app, request.query),
  )
  app.get(
    '/admin/tax-starts/:id',
    {
      schema: {
        ...adminBase,
        operationId: 'getTaxStartReview',
        summary: 'One tax-start declaration',
        description: 'A declaration of any state with its seller and a five-minute link to its proof; 404 for an unknown id.',
        params: IdParamsSchema,
        response: { 200: AdminTaxStartSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => taxStartReview(app, request.params.id),
  )
  app.post(
    '/admin/tax-starts/:id/approve',
    {
      schema: {
        ...adminBase,
        operationId: 'approveTaxStart',
        summary: 'Approve a tax-start declaration for six months (audited)',
        description:
          'The seller may charge for six months from now; they are mailed, and reminded 30 days before it lapses. Audited as tax_start.approve with before and after. Approving again answers the declaration as it stands; a rejected one is 409 `status: alreadyAnswered`.',
        params: IdParamsSchema,
        response: { 200: AdminTaxStartSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => answerTaxStart(app, operatorOf(request), request.params.id, { status: 'approved' }),
  )
  app.post(
    '/admin/tax-starts/:id/reject',
    {
      schema: {
        ...adminBase,
        operationId: 'rejectTaxStart',
        summary: 'Reject a tax-start declaration with a reason (audited)',
        description:
          'The seller is mailed the reason and may send a new declaration. Audited as tax_start.reject with before, after and the reason. Rejecting again answers it as it stands; an approved one is 409 `status: alreadyAnswered`.',
        params: IdParamsSchema,
        body: AdminTaxStartRejectSchema,
        response: { 200: AdminTaxStartSchema, ...adminErrors },
      },
      preHandler: guard.write,
    },
    (request) => answerTaxStart(app, operatorOf(request), request.params.id, { status: 'rejected', reason: request.body.reason }),
  )
}
