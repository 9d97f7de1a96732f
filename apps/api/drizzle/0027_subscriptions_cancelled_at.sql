-- Issue 22: one spelling of cancelled where the word is ours (docs/glossary.md). Internal column:
-- no answer of the API carries it.
ALTER TABLE "subscriptions" RENAME COLUMN "canceled_at" TO "cancelled_at";
