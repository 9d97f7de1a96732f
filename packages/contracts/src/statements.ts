import { z } from 'zod'

// Monthly statements (issue 27, decision 225): what a trainer or a gym needs to issue their own
// tax documents (boleta de honorarios, factura). The platform issues none of them: it states,
// per Chile calendar month, what clients paid, each party's share and what went back to them.

/** A Chile calendar month, YYYY-MM (months 01–12). */
export const StatementQuerySchema = z.strictObject({
  month: z.string({ error: 'required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalid' }),
})
export type StatementQuery = z.infer<typeof StatementQuerySchema>

const Money = z.number().int()

/**
 * One money event of the month, on the ledger's clock (`at`, the Chile day it was booked): a
 * client's payment, or a refund or chargeback of one (negative amounts, in the month it happened,
 * whatever the month of the payment). Shares are what the ledger booked for each party.
 */
export const StatementLineSchema = z.object({
  kind: z.enum(['payment', 'refund', 'dispute']),
  at: z.iso.datetime({ offset: true }),
  /** The Chile calendar day of `at` (YYYY-MM-DD). */
  day: z.string(),
  paymentId: z.string(),
  clientName: z.string(),
  /** The client's details for a factura (RUT `12345678-5`, razón social, giro) when they gave them (decision 237). */
  clientTaxIdentity: z.object({ rut: z.string(), legalName: z.string(), activity: z.string() }).nullable(),
  offerTitle: z.string(),
  trainerName: z.string(),
  /** What the client paid (a payment) or got back (a refund, negative). */
  grossClp: Money,
  platformFeeClp: Money,
  gymShareClp: Money,
  trainerShareClp: Money,
})
export type StatementLine = z.infer<typeof StatementLineSchema>

/**
 * The month's totals, the same figures as the trainer's income and the gym's commissions for that
 * month: `grossClp` before refunds, `refundedClp` positive, the shares net of refunds.
 */
export const StatementTotalsSchema = z.object({
  payments: z.number().int(),
  grossClp: Money,
  refundedClp: Money,
  platformFeeClp: Money,
  gymShareClp: Money,
  trainerShareClp: Money,
})
export type StatementTotals = z.infer<typeof StatementTotalsSchema>

export const StatementSchema = z
  .object({
    /** Whose statement: the trainer's own, or the owner's gym (every trainer of it). */
    audience: z.enum(['trainer', 'gym']),
    month: z.string(),
    /** The account's name (a business: its razón social when given) and RUT (`12345678-5`) when on file. */
    account: z.object({ name: z.string(), rut: z.string().nullable() }),
    /** The month is not over yet (Chile's clock): more lines may come. */
    partial: z.boolean(),
    lines: z.array(StatementLineSchema),
    totals: StatementTotalsSchema,
  })
  .meta({
    examples: [
      {
        audience: 'trainer',
        month: '2026-11',
        account: { name: 'Ana Pérez', rut: '12345678-5' },
        partial: false,
        lines: [
          {
            kind: 'payment',
            at: '2026-11-23T21:07:00-03:00',
            day: '2026-11-23',
            paymentId: '5f0c2b8e-0a4c-4f7e-9a7e-2f1b3c4d5e6f',
            clientName: 'Carla Cliente',
            clientTaxIdentity: { rut: '76086428-5', legalName: 'Constructora Andes SpA', activity: 'Construcción de edificios' },
            offerTitle: 'Plan mensual',
            trainerName: 'Ana Pérez',
            grossClp: 30000,
            platformFeeClp: 1500,
            gymShareClp: 0,
            trainerShareClp: 28500,
          },
        ],
        totals: { payments: 1, grossClp: 30000, refundedClp: 0, platformFeeClp: 1500, gymShareClp: 0, trainerShareClp: 28500 },
      },
    ],
  })
export type Statement = z.infer<typeof StatementSchema>
