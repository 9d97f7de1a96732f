// Issue 27 (decision 223, migration 0028): the platform's electronic tax documents (DTE) for what
// it sells: plan charges to trainers and gyms, its commission on client payments, and credit notes
// for their refunds. One row per source (unique), which is also the outbox the issuing job drains.
import { sql } from 'drizzle-orm'
import { check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { subscriptions, users } from './core.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** A charge of a trainer's or a gym's platform plan (the provider's invoice, or a sandbox period). */
export const planCharges = pgTable(
  'plan_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's invoice id (or the sandbox's `<subscription>:<period start>`): a charge is recorded once. */
    providerChargeId: text('provider_charge_id').notNull().unique(),
    /** The provider's payment a refund is made against (Stripe's charge, Mercado Pago's payment; the sandbox's charge id); null on rows before migration 0032. */
    providerPaymentId: text('provider_payment_id'),
    planTitle: text('plan_title').notNull(),
    amountClp: integer('amount_clp').notNull(),
    refundedClp: integer('refunded_clp').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_charges_user_idx').on(t.userId, t.paidAt),
    uniqueIndex('plan_charges_provider_payment_id_key').on(t.providerPaymentId),
    check('plan_charges_amount_check', sql`${t.amountClp} > 0 AND ${t.refundedClp} >= 0 AND ${t.refundedClp} <= ${t.amountClp}`),
  ],
)

/** A refund of a plan charge, once per provider refund id (migration 0034): what ledger:reconcile compares. */
export const planChargeRefunds = pgTable(
  'plan_charge_refunds',
  {
    providerRefundId: text('provider_refund_id').primaryKey(),
    planChargeId: uuid('plan_charge_id')
      .notNull()
      .references(() => planCharges.id, { onDelete: 'cascade' }),
    amountClp: integer('amount_clp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_charge_refunds_charge_idx').on(t.planChargeId), check('plan_charge_refunds_amount_check', sql`${t.amountClp} > 0`)],
)

export type TaxDocumentSourceKind = 'plan_charge' | 'commission' | 'credit_note'
export type TaxDocumentReceiver = { rut: string; legalName: string | null; activity: string | null }

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** plan_charge: plan_charges.id; commission: client_payments.id; credit_note: `<refund kind>:<refund id>`. */
    sourceKind: text('source_kind', { enum: ['plan_charge', 'commission', 'credit_note'] }).notNull(),
    sourceId: text('source_id').notNull(),
    /** Who it is issued to and who may read it (the payer). */
    recipientUserId: uuid('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 39 boleta electrónica, 33 factura electrónica, 61 nota de crédito electrónica. */
    dteType: integer('dte_type').notNull(),
    /** The document a credit note corrects. */
    referencesId: uuid('references_id'),
    receiver: jsonb('receiver').$type<TaxDocumentReceiver>().notNull(),
    description: text('description').notNull(),
    netClp: integer('net_clp').notNull(),
    ivaClp: integer('iva_clp').notNull(),
    totalClp: integer('total_clp').notNull(),
    status: text('status', { enum: ['pending', 'issued', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider'),
    providerToken: text('provider_token'),
    folio: integer('folio'),
    pdf: bytea('pdf'),
    xml: text('xml'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_documents_dte_type_check', sql`${t.dteType} IN (33, 39, 61)`),
    check('tax_documents_amounts_check', sql`${t.totalClp} > 0 AND ${t.netClp} + ${t.ivaClp} = ${t.totalClp}`),
    uniqueIndex('tax_documents_source_idx').on(t.sourceKind, t.sourceId),
    index('tax_documents_recipient_idx').on(t.recipientUserId, t.createdAt),
    index('tax_documents_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
)
