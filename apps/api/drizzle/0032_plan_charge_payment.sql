-- Issue 27: a plan's withdrawal refunds its charges at the provider. A refund is made against the
-- provider's payment (Stripe's charge, Mercado Pago's payment), which an invoice id is not: kept
-- beside it from now on. Rows of earlier charges keep null (their withdrawal is refused with
-- `refundUnavailable`, as before). One charge row per payment.
ALTER TABLE "plan_charges" ADD COLUMN "provider_payment_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_charges_provider_payment_id_key" ON "plan_charges" USING btree ("provider_payment_id");
