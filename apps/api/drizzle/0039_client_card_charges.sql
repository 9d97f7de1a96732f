-- Issue 26 (decision 249): with Mercado Pago a client's monthly charge is ours, made on a saved card
-- (subscriptions cannot carry a marketplace fee). The card saved at the first payment is kept beside
-- the customer; a charge that needs the client again is paid through a single-use payment link.
ALTER TABLE "client_subscriptions" ADD COLUMN IF NOT EXISTS "provider_card_id" text;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "client_payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_clp" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_payment_links_subscription_fk" FOREIGN KEY ("subscription_id") REFERENCES "client_subscriptions"("id") ON DELETE cascade,
	CONSTRAINT "client_payment_links_amount_check" CHECK ("amount_clp" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "client_payment_links_token_idx" ON "client_payment_links" USING btree ("token_hash");
--> statement-breakpoint
-- One link per period: a second run of the renewal job (or a second process) finds it and mails nothing.
CREATE UNIQUE INDEX IF NOT EXISTS "client_payment_links_period_idx" ON "client_payment_links" USING btree ("subscription_id", "period_end");
