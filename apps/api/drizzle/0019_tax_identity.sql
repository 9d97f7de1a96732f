-- Issue 27 (decision 214): the RUT of trainers and businesses (gyms), stored normalised
-- (`12345678-5`), unique per account type; a business's razón social and giro.
ALTER TABLE "trainers" ADD COLUMN "rut" text;--> statement-breakpoint
ALTER TABLE "trainers" ADD CONSTRAINT "trainers_rut_unique" UNIQUE("rut");--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "rut" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "activity" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_rut_unique" UNIQUE("rut");
