import {
  AdminMoneyExportQuerySchema,
  AdminMoneySummarySchema,
  AdminMoneyTransactionsQuerySchema,
  AdminMoneyTransactionsSchema,
  LedgerReconciliationSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { allPages, sendCsv } from '../../lib/csv.ts'
import { listTransactions, moneySummary, MONEY_CSV_COLUMNS, toMoneyCsv } from './money.ts'
import { csvResponse } from '../../plugins/contract.ts'
import { adminBase, adminErrors, adminGuards, auditBulkRead, csvName } from './route-kit.ts'
import { lastReconciliation } from '../reconcile/service.ts'

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
        operationId: 'getMoneySummary',
        description:
          'Figures of the Money page: monthly recurring revenue in CLP, trials ending within 7 days, past-due subscriptions and the platform commission per month.',
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
        operationId: 'listLedgerTransactions',
        description:
          'Ledger transactions with their entries, newest first, in cursor pages; filters by kind, date range, account and trainer.',
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
        operationId: 'exportLedgerEntriesCsv',
        description:
          'The ledger entries matching the same filters as listLedgerTransactions, one CSV line per entry, streamed; cells that could start a spreadsheet formula are neutralised.',
        querystring: AdminMoneyExportQuerySchema,
        response: {
          200: csvResponse(
            'Ledger entries, one per line (UTF-8, comma-separated, header first)',
            'transactionId,at,kind,paymentId,trainerUserId,account,amountClp\n9b1d…,2026-03-01T12:00:00.000Z,payment,5f0c…,3c2e…,trainer,27000\n',
          ),
          ...adminErrors,
        },
      },
      preHandler: guard.exportCsv,
    },
    async (request, reply) => {
      const query = request.query
      async function* rows() {
        for await (const t of allPages((cursor) => listTransactions(app.db, { ...query, cursor, limit: EXPORT_PAGE }))) yield* toMoneyCsv(t)
      }
      await auditBulkRead(app.db, request, 'admin.export', 'ledger', query)
      return sendCsv(reply, csvName('ledger'), { columns: [...MONEY_CSV_COLUMNS], rows: rows() })
    },
  )

  app.get(
    '/admin/money/reconciliation',
    {
      schema: {
        ...adminBase,
        summary: 'The last reconciliation of the ledger with the payment provider (npm run ledger:reconcile)',
        operationId: 'getLedgerReconciliation',
        description:
          'When `npm run ledger:reconcile` last ran, on which provider and range, how many movements each side had and every difference it found; null when it never ran.',
        response: { 200: LedgerReconciliationSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    () => lastReconciliation(app.db),
  )
}
