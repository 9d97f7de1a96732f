import {
  AdminMoneyExportQuerySchema,
  AdminMoneySummarySchema,
  AdminMoneyTransactionsQuerySchema,
  AdminMoneyTransactionsSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { allPages, sendCsv } from './csv.ts'
import { listTransactions, moneySummary, MONEY_CSV_COLUMNS, toMoneyCsv } from './money.ts'
import { adminBase, adminErrors, adminGuards, csvName } from './route-kit.ts'

const EXPORT_PAGE = 1000

export default async function moneyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const guard = adminGuards(app)

  app.get(
    '/admin/money/summary',
    {
      schema: {
        ...adminBase,
        summary: 'Money: MRR (CLP), trials ending in 7 days, past-due subscriptions, platform commission per month',
        response: { 200: AdminMoneySummarySchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    () => moneySummary(app.db),
  )

  app.get(
    '/admin/money/transactions',
    {
      schema: {
        ...adminBase,
        summary: 'The ledger transactions with their entries, newest first (kind, date range, account, trainer)',
        querystring: AdminMoneyTransactionsQuerySchema,
        response: { 200: AdminMoneyTransactionsSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    (request) => listTransactions(app.db, request.query),
  )

  app.get(
    '/admin/money/transactions/export.csv',
    {
      schema: {
        ...adminBase,
        summary: 'The ledger entries as CSV (same filters; one line per entry; streamed)',
        produces: ['text/csv'],
        querystring: AdminMoneyExportQuerySchema,
        response: { ...adminErrors },
      },
      preHandler: guard.exportCsv,
    },
    async (request, reply) => {
      const query = request.query
      async function* rows() {
        for await (const t of allPages((cursor) => listTransactions(app.db, { ...query, cursor, limit: EXPORT_PAGE }))) yield* toMoneyCsv(t)
      }
      return sendCsv(reply, csvName('ledger'), [...MONEY_CSV_COLUMNS], rows())
    },
  )
}
