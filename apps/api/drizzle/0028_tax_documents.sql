-- Issue 27 (decision 223): the platform's electronic tax documents. plan_charges records each
-- charge of a trainer's or gym's platform plan; tax_documents holds one document per source
-- (a plan charge, the commission on a client payment, a credit note per refund), unique per
-- (source_kind, source_id) so that retries and parallel calls can never issue two, and is the
-- outbox the issuing job drains. Mail can carry attachments (the document's PDF).
CREATE TABLE "plan_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_charge_id" text NOT NULL,
	"plan_title" text NOT NULL,
	"amount_clp" integer NOT NULL,
	"refunded_clp" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_charges_provider_charge_id_unique" UNIQUE("provider_charge_id"),
	CONSTRAINT "plan_charges_amount_check" CHECK ("amount_clp" > 0 AND "refunded_clp" >= 0 AND "refunded_clp" <= "amount_clp")
);--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"recipient_user_id" uuid NOT NULL,
	"dte_type" integer NOT NULL,
	"references_id" uuid,
	"receiver" jsonb NOT NULL,
	"description" text NOT NULL,
	"net_clp" integer NOT NULL,
	"iva_clp" integer NOT NULL,
	"total_clp" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text,
	"provider_token" text,
	"folio" integer,
	"pdf" bytea,
	"xml" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_dte_type_check" CHECK ("dte_type" IN (33, 39, 61)),
	CONSTRAINT "tax_documents_amounts_check" CHECK ("total_clp" > 0 AND "net_clp" + "iva_clp" = "total_clp")
);--> statement-breakpoint
ALTER TABLE "plan_charges" ADD CONSTRAINT "plan_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_charges" ADD CONSTRAINT "plan_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_charges_user_idx" ON "plan_charges" USING btree ("user_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_source_idx" ON "tax_documents" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "tax_documents_recipient_idx" ON "tax_documents" USING btree ("recipient_user_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_documents_due_idx" ON "tax_documents" USING btree ("next_attempt_at") WHERE "tax_documents"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "attachments" jsonb;
