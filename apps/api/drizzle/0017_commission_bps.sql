-- Issue 22: rates only in basis points (docs/glossary.md). A gym's split was stored as fractions
-- (numeric 0.600); now whole basis points (6000 = 60 %), converted exactly, summing to 10 000.
ALTER TABLE "businesses" RENAME COLUMN "commission_trainer" TO "commission_trainer_bps";--> statement-breakpoint
ALTER TABLE "businesses" RENAME COLUMN "commission_gym" TO "commission_gym_bps";--> statement-breakpoint
ALTER TABLE "businesses" RENAME COLUMN "commission_platform" TO "commission_platform_bps";--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_trainer_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_gym_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_platform_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_trainer_bps" SET DATA TYPE integer USING round("commission_trainer_bps" * 10000)::integer;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_gym_bps" SET DATA TYPE integer USING round("commission_gym_bps" * 10000)::integer;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_platform_bps" SET DATA TYPE integer USING round("commission_platform_bps" * 10000)::integer;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_trainer_bps" SET DEFAULT 6000;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_gym_bps" SET DEFAULT 3500;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "commission_platform_bps" SET DEFAULT 500;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_commission_bps_sum" CHECK ("commission_trainer_bps" >= 0 AND "commission_gym_bps" >= 0 AND "commission_platform_bps" >= 0 AND "commission_trainer_bps" + "commission_gym_bps" + "commission_platform_bps" = 10000);
