CREATE TABLE "client_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"party" text NOT NULL,
	"account" text NOT NULL,
	"provider" text NOT NULL,
	"provider_transfer_id" text NOT NULL,
	"amount_clp" integer NOT NULL,
	"reversed_clp" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_transfers_provider_transfer_id_unique" UNIQUE("provider_transfer_id")
);
--> statement-breakpoint
ALTER TABLE "client_checkouts" ADD COLUMN "refusal" text;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "client_subscriptions" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_transfers" ADD CONSTRAINT "client_transfers_payment_id_client_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."client_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_transfers_payment_party_idx" ON "client_transfers" USING btree ("payment_id","party");--> statement-breakpoint
-- Issue 19: before the one-open-checkout and one-subscription-per-invitation indexes, older duplicates
-- are resolved: all but the newest open checkout expire; later subscriptions of one invitation lose the link.
UPDATE "client_checkouts" c SET "status" = 'expired' WHERE c."status" = 'open' AND EXISTS (SELECT 1 FROM "client_checkouts" d WHERE d."invitation_id" = c."invitation_id" AND d."status" = 'open' AND (d."created_at" > c."created_at" OR (d."created_at" = c."created_at" AND d."id" > c."id")));--> statement-breakpoint
UPDATE "client_subscriptions" s SET "invitation_id" = NULL WHERE s."invitation_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "client_subscriptions" d WHERE d."invitation_id" = s."invitation_id" AND (d."created_at" < s."created_at" OR (d."created_at" = s."created_at" AND d."id" < s."id")));--> statement-breakpoint
CREATE UNIQUE INDEX "client_checkouts_one_open_idx" ON "client_checkouts" USING btree ("invitation_id") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "client_subscriptions_invitation_idx" ON "client_subscriptions" USING btree ("invitation_id");