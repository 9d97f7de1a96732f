-- Issue 25 (progress), decision 209. The 0012 tables body_measurements and health_consents were
-- never written by any code: they are replaced by an append-only consent log and measurements in
-- exact integers (grams, millimetres, basis points).
DROP TABLE "body_measurements";--> statement-breakpoint
DROP TABLE "health_consents";--> statement-breakpoint
CREATE TABLE "health_data_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"accepted" boolean NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"screen" text NOT NULL,
	"ip" text,
	"erased_entries" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "body_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_user_id" uuid NOT NULL,
	"measured_on" date NOT NULL,
	"weight_g" integer,
	"waist_mm" integer,
	"hip_mm" integer,
	"chest_mm" integer,
	"arm_mm" integer,
	"thigh_mm" integer,
	"body_fat_bp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_user_id" uuid NOT NULL,
	"pose" text NOT NULL,
	"taken_on" date NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"image" bytea NOT NULL,
	"thumb" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_data_consents" ADD CONSTRAINT "health_data_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_measurements" ADD CONSTRAINT "body_measurements_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_data_consents_user_idx" ON "health_data_consents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "body_measurements_client_day_idx" ON "body_measurements" USING btree ("client_user_id","measured_on");--> statement-breakpoint
CREATE INDEX "progress_photos_client_idx" ON "progress_photos" USING btree ("client_user_id","taken_on" DESC NULLS LAST,"created_at" DESC NULLS LAST);
