CREATE TABLE "ledger_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"ledger_movements" integer NOT NULL,
	"provider_movements" integer NOT NULL,
	"difference_count" integer NOT NULL,
	"differences" jsonb NOT NULL,
	"ran_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "central_billing_approved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_reconciliations_created_idx" ON "ledger_reconciliations" USING btree ("created_at");--> statement-breakpoint
-- Decision 195: gyms already charging clients through central billing, whose owner verified the
-- address, keep charging (approved now, audited as the migration); every other gym starts off.
UPDATE "businesses" b SET "central_billing_approved_at" = now()
WHERE b."central_billing"
  AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."owner_id" AND u."email_verified_at" IS NOT NULL)
  AND EXISTS (SELECT 1 FROM "client_subscriptions" s JOIN "gyms" g ON g."id" = s."gym_id" WHERE g."owner_id" = b."owner_id");
--> statement-breakpoint
INSERT INTO "audit_log" ("action", "actor_role", "subject_type", "subject_id", "before", "after", "reason")
SELECT 'business.central_billing', 'migration', 'business', b."id"::text, '{"approved":false}'::jsonb, '{"approved":true}'::jsonb,
  'migration 0008: already charging clients through central billing with a verified owner address'
FROM "businesses" b WHERE b."central_billing_approved_at" IS NOT NULL;
