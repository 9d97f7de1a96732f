CREATE TABLE "idempotency_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"owner" uuid NOT NULL,
	"state" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"status_code" integer,
	"content_type" text,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_state_check" CHECK ("state" IN ('processing', 'committed', 'done'));
