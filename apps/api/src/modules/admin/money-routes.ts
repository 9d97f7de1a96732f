import {
  AdminDisputesSchema,
  ApiErrorSchema,
  AdminMoneyExportQuerySchema,
  AdminPaymentReplayResultSchema,
  AdminPaymentReplaySchema,
  AdminMoneySummarySchema,
  AdminMoneyTransactionsQuerySchema,
  AdminMoneyTransactionsSchema,
  LedgerReconciliationSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CSV_WORDS, readerLanguage, sendCsv } from '../../lib/csv.ts'
import { listTransactions, moneySummary } from './money.ts'
import { adminCsvName, MONEY_COLUMNS } from './csv-files.ts'
import { moneyExportRows } from './money-export.ts'
import { csvResponse } from '../../plugins/contract.ts'
import { adminBase, adminErrors, adminGuards, auditBulkRead, operatorOf } from './route-kit.ts'
import { listDisputes, replayPayment } from './disputes.ts'
import { lastReconciliation } from '../reconcile/service.ts'

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
        description: `The ledger entries matching the same filters as listLedgerTransactions, one CSV line per entry (so the file re-adds to any account's balance), streamed; cells that could start a spreadsheet formula are neutralised. Kinds and accounts in words (a trainer's or gym's account by name), with the account code beside them. ${CSV_WORDS}`,
        querystring: AdminMoneyExportQuerySchema,
        response: {
          200: csvResponse(
            'Ledger entries, one per line (UTF-8, comma-separated, header first)',
            '"Fecha","Tipo","Cuenta","Importe (CLP)","Entrenador","Código de cuenta","ID del pago","ID del movimiento"\n"2026-11-23T21:07:00-03:00","Pago","Entrenador: Ana Pérez","27000","Ana Pérez","trainer:3c2e…","5f0c…","9b1d…"\n',
          ),
          ...adminErrors,
        },
      },
      preHandler: guard.exportCsv,
    },
    async (request, reply) => {
      const query = request.query
      const language = await readerLanguage(app.db, request)
      await auditBulkRead(app.db, request, 'admin.export', 'ledger', query)
      return sendCsv(reply, adminCsvName('ledger', language), {
        columns: MONEY_COLUMNS,
        language,
        rows: moneyExportRows(app.db, query, language),
      })
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

  app.get(
    '/admin/money/disputes',
    {
      schema: {
        ...adminBase,
        summary: 'Chargebacks of client payments and their evidence deadlines',
        operationId: 'listDisputes',
        description:
          'Every open chargeback, the nearest evidence deadline first (7 days in Chile), then the 50 most recently resolved (won or lost). A lost one took the money back from each party as it moved.',
        response: { 200: AdminDisputesSchema, ...adminErrors },
      },
      preHandler: guard.read,
    },
    () => listDisputes(app),
  )

  app.post(
    '/admin/money/replay',
    {
      schema: {
        ...adminBase,
        summary: 'Read a payment or a dispute again from the payment provider',
        operationId: 'refreshPaymentFromProvider',
        description:
          "The operator's replay of a notification: the provider's payment (its id) or dispute (its reference) is read again and applied as its notification would be. Every booking is keyed by the provider's ids, so what was applied before changes nothing; `applied` is false when the record came to nothing or this very event was applied before. 422 with a provider that sends no notifications (the built-in test provider); 503 when the provider does not answer.",
        body: AdminPaymentReplaySchema,
        response: { 200: AdminPaymentReplayResultSchema, ...adminErrors, 503: ApiErrorSchema },
      },
      preHandler: guard.write,
    },
    (request) => replayPayment(app, operatorOf(request), request.body),
  )
}
