-- Issue 26 (decision 250): a chargeback is followed from its notification to its outcome, with the
-- evidence deadline an operator must meet (7 days in Chile); the ledger moves only when it is lost.
CREATE TABLE IF NOT EXISTS "client_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"provider_reference" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_clp" integer NOT NULL,
	"status" text NOT NULL,
	"evidence_due_at" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_disputes_payment_fk" FOREIGN KEY ("payment_id") REFERENCES "client_payments"("id") ON DELETE restrict,
	CONSTRAINT "client_disputes_status_check" CHECK ("status" in ('open', 'won', 'lost')),
	CONSTRAINT "client_disputes_amount_check" CHECK ("amount_clp" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "client_disputes_provider_idx" ON "client_disputes" USING btree ("provider", "provider_dispute_id");
--> statement-breakpoint
-- The console lists open ones by deadline first.
CREATE INDEX IF NOT EXISTS "client_disputes_status_idx" ON "client_disputes" USING btree ("status", "evidence_due_at");
