-- Issue 27 (decision 222): the sellers' tax start (Ley 21.713, art. 68 Código Tributario). A
-- trainer or a business declares its inicio de actividades or signs an exemption, with a proof
-- file kept here (private, served through short-lived signed links); an operator approves it for
-- six months or rejects it with a reason. One pending declaration per seller at a time.
CREATE TABLE "tax_starts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid,
	"business_id" uuid,
	"submitted_by" uuid,
	"kind" text NOT NULL,
	"started_on" date,
	"activity" text,
	"signer_name" text,
	"signer_rut" text,
	"signed_on" date,
	"reason" text,
	"oath_version" text,
	"oath" text,
	"proof" bytea NOT NULL,
	"proof_type" text NOT NULL,
	"proof_bytes" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"expires_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_starts_one_owner" CHECK (num_nonnulls("trainer_id", "business_id") = 1)
);--> statement-breakpoint
ALTER TABLE "tax_starts" ADD CONSTRAINT "tax_starts_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_starts" ADD CONSTRAINT "tax_starts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_starts" ADD CONSTRAINT "tax_starts_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_starts" ADD CONSTRAINT "tax_starts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_starts_trainer_idx" ON "tax_starts" USING btree ("trainer_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_starts_business_idx" ON "tax_starts" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_starts_status_idx" ON "tax_starts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_starts_trainer_pending_idx" ON "tax_starts" USING btree ("trainer_id") WHERE "tax_starts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_starts_business_pending_idx" ON "tax_starts" USING btree ("business_id") WHERE "tax_starts"."status" = 'pending';
