// Issue 27 (decision 222, migration 0025): the sellers' tax start (Ley 21.713, art. 68 Código
// Tributario): a trainer's or a business's declaration of inicio de actividades or exemption,
// with its proof file (private), reviewed by an operator; an approval holds six months.
import { sql } from 'drizzle-orm'
import { check, customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses, trainers, users } from './core.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** One row per declaration, never deleted while the seller exists; the newest rows tell the state. */
export const taxStarts = pgTable(
  'tax_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Exactly one of trainerId and businessId (the seller). */
    trainerId: uuid('trainer_id').references(() => trainers.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['start', 'exemption'] }).notNull(),
    startedOn: date('started_on'),
    activity: text('activity'),
    signerName: text('signer_name'),
    signerRut: text('signer_rut'),
    signedOn: date('signed_on'),
    reason: text('reason'),
    oathVersion: text('oath_version'),
    /** The sworn words exactly as shown to the seller. */
    oath: text('oath'),
    proof: bytea('proof').notNull(),
    proofType: text('proof_type').notNull(),
    proofBytes: integer('proof_bytes').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_starts_one_owner', sql`num_nonnulls(${t.trainerId}, ${t.businessId}) = 1`),
    index('tax_starts_trainer_idx').on(t.trainerId, t.createdAt),
    index('tax_starts_business_idx').on(t.businessId, t.createdAt),
    index('tax_starts_status_idx').on(t.status, t.createdAt),
    uniqueIndex('tax_starts_trainer_pending_idx')
      .on(t.trainerId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('tax_starts_business_pending_idx')
      .on(t.businessId)
      .where(sql`${t.status} = 'pending'`),
  ],
)
