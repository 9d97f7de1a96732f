-- Issue 26 (decision 241): a trainer's or gym's plan payment that fails is told by mail once per
-- period, through the same once-only table as the renewal notices (a third kind of row).
ALTER TABLE "renewal_notices" DROP CONSTRAINT "renewal_notices_kind_check";
--> statement-breakpoint
ALTER TABLE "renewal_notices" ADD CONSTRAINT "renewal_notices_kind_check" CHECK ("renewal_notices"."subscription_kind" in ('client', 'platform', 'platform_payment_failed'));
