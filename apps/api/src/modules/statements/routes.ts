import { ApiErrorSchema, BUSINESS_ROLES, StatementQuerySchema, StatementSchema, type AccountLanguage, type Statement } from '@app/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CSV_WORDS, csvFileName, readerLanguage, sendCsv } from '../../lib/csv.ts'
import { currentUser } from '../../plugins/auth.ts'
import { csvResponse } from '../../plugins/contract.ts'
import { statementPdf } from './pdf.ts'
import { statementOf, type Audience } from './service.ts'
import { LINE_KIND, STATEMENT_COLUMNS, STATEMENT_FILE } from './texts.ts'

// Issue 27 (decision 225): the monthly statement of a trainer and of a gym, as JSON, CSV and PDF.
// Each caller reads only their own: the trainer's payments, or the owner's gym's; nothing in the
// request names another account.

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema }

function sendStatementCsv(reply: FastifyReply, statement: Statement, language: AccountLanguage) {
  return sendCsv(reply, csvFileName(STATEMENT_FILE[language], statement.month), {
    columns: STATEMENT_COLUMNS,
    language,
    rows: statement.lines.map((l) => ({
      at: new Date(l.at),
      kind: LINE_KIND[language][l.kind],
      client: l.clientName,
      clientRut: l.clientTaxIdentity?.rut ?? '',
      clientLegalName: l.clientTaxIdentity?.legalName ?? '',
      clientActivity: l.clientTaxIdentity?.activity ?? '',
      offer: l.offerTitle,
      trainer: l.trainerName,
      grossClp: l.grossClp,
      platformFeeClp: l.platformFeeClp,
      gymShareClp: l.gymShareClp,
      trainerShareClp: l.trainerShareClp,
      paymentId: l.paymentId,
    })),
  })
}

async function sendStatementPdf(reply: FastifyReply, statement: Statement, language: AccountLanguage) {
  const pdf = await statementPdf(statement, language)
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${STATEMENT_FILE[language]}_${statement.month}.pdf"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf)
}

const pdfResponse = {
  description: 'The statement as a PDF (A4): header with the name and RUT, the lines, the totals and what the statement is for',
  content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
}

const WORDS =
  'Months are Chile calendar months (America/Santiago); a refund or chargeback is a negative line in the month it happened. The totals are the income (trainer) and commissions (gym) figures of the month. A month not started yet: 422 `month: tooBig`; not YYYY-MM: 422 `month: invalid`.'

export default async function statementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const roles: Record<Audience, ReturnType<typeof app.requireRole>> = {
    trainer: app.requireRole('trainer'),
    gym: app.requireRole(...BUSINESS_ROLES),
  }
  const paths: Record<Audience, { path: string; tag: string; who: string; id: string }> = {
    trainer: { path: '/trainer/statement', tag: 'client billing: trainer', who: "The signed-in trainer's", id: 'My' },
    gym: {
      path: '/business/statement',
      tag: 'client billing: gym',
      who: "The owner's gym's (every trainer's client payments at the gym)",
      id: 'Gym',
    },
  }

  for (const audience of ['trainer', 'gym'] as const) {
    const { path, tag, who, id } = paths[audience]
    const read = (request: { query: { month: string } } & Parameters<typeof currentUser>[0]) =>
      statementOf(app.db, currentUser(request), audience, request.query.month)
    app.get(
      path,
      {
        schema: {
          tags: [tag],
          summary: 'Monthly statement: what clients paid and each party’s share',
          operationId: `get${id}Statement`,
          description: `${who} monthly statement, the basis for their own tax documents (the platform issues none of them). ${WORDS}`,
          querystring: StatementQuerySchema,
          response: { 200: StatementSchema, ...errors },
        },
        preHandler: roles[audience],
      },
      (request) => read(request),
    )
    app.get(
      `${path}.csv`,
      {
        schema: {
          tags: [tag],
          summary: 'Monthly statement as CSV',
          operationId: `export${id}StatementCsv`,
          description: `${who} monthly statement, one line per payment, refund or chargeback (amounts as plain integers). ${WORDS} ${CSV_WORDS}`,
          querystring: StatementQuerySchema,
          response: {
            200: csvResponse(
              'The month’s lines (UTF-8, comma-separated, header first)',
              '"Fecha","Movimiento","Cliente","Oferta","Entrenador","RUT del cliente","Razón social del cliente","Giro del cliente","Pagado por el cliente (CLP)","Comisión de la plataforma (CLP)","Parte del gimnasio (CLP)","Parte del entrenador (CLP)","ID del pago"\n"2026-11-23T21:07:00-03:00","Pago","Carla Cliente","Plan mensual","Ana Pérez","76086428-5","Constructora Andes SpA","Construcción de edificios","30000","1500","0","28500","5f0c…"\n',
            ),
            ...errors,
          },
        },
        preHandler: roles[audience],
      },
      async (request, reply) => sendStatementCsv(reply, await read(request), await readerLanguage(app.db, request)),
    )
    app.get(
      `${path}.pdf`,
      {
        schema: {
          tags: [tag],
          summary: 'Monthly statement as PDF',
          operationId: `export${id}StatementPdf`,
          description: `${who} monthly statement as a PDF in the reader's language (Accept-Language, else the account's), amounts in Chilean pesos. ${WORDS}`,
          querystring: StatementQuerySchema,
          response: { 200: pdfResponse, ...errors },
        },
        preHandler: roles[audience],
      },
      async (request, reply) => sendStatementPdf(reply, await read(request), await readerLanguage(app.db, request)),
    )
  }
}
