-- Issue 30 (decision 216): the money summary's flagged payments and subscriptions by state read by
-- index, not the whole tables (both grow with every month of history).
CREATE INDEX IF NOT EXISTS "client_payments_flagged_idx" ON "client_payments" USING btree ("paid_at" DESC, "id" DESC) WHERE "flag" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_subscriptions_state_idx" ON "client_subscriptions" USING btree ("state", "updated_at", "id");
