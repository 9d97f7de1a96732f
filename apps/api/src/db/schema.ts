// The database schema (drizzle-kit reads this file): one barrel over its parts in schema/. The
// parts import the tables they reference from core.ts, never from this barrel, so that no import
// runs in a circle (issue 22: import/no-cycle at zero).
export * from './schema/core.ts'
export * from './schema/idempotency.ts'
export * from './schema/booking.ts'
export * from './schema/privacy.ts'
export * from './schema/ledger-ops.ts'
export * from './schema/routines.ts'
export * from './schema/payout-links.ts'
export * from './schema/progress.ts'
export * from './schema/data-exports.ts'
export * from './schema/ledger-totals.ts'
export * from './schema/tax-start.ts'
export * from './schema/digests.ts'
export * from './schema/tax-documents.ts'
export * from './schema/renewal-notices.ts'
export * from './schema/statement-mails.ts'
export * from './schema/client-payment-links.ts'
