ALTER TABLE "exercises" ADD COLUMN "external_source" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "license_author" text;--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_external_idx" ON "exercises" USING btree ("external_source","external_id");--> statement-breakpoint
CREATE TABLE "exercise_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exercise_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"digest" text NOT NULL,
	"image" bytea NOT NULL,
	"thumb" bytea NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_images" ADD CONSTRAINT "exercise_images_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_images_exercise_idx" ON "exercise_images" USING btree ("exercise_id");
