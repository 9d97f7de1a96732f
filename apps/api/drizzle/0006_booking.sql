-- Issue 21 (decisions 140-146). Both ship with PGlite's contrib and PostgreSQL 15.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"session_type_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_slots_booked" CHECK ("booking_slots"."booked" >= 0 and "booking_slots"."booked" <= "booking_slots"."capacity"),
	CONSTRAINT "booking_slots_range" CHECK ("booking_slots"."starts_at" < "booking_slots"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"session_type_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "session_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_types_duration" CHECK ("session_types"."duration_minutes" between 15 and 480),
	CONSTRAINT "session_types_capacity" CHECK ("session_types"."capacity" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "trainer_profiles" (
	"trainer_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"specialisations" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"city_key" text DEFAULT '' NOT NULL,
	"comuna" text DEFAULT '' NOT NULL,
	"modalities" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo" "bytea",
	"photo_version" integer DEFAULT 0 NOT NULL,
	"cancellation_hours" integer DEFAULT 24 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"eligible_checked_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"min_price_clp" integer,
	"rating_x100" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_profiles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "trainer_profiles_cancellation_hours" CHECK ("trainer_profiles"."cancellation_hours" between 0 and 168)
);
--> statement-breakpoint
CREATE TABLE "weekly_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "weekly_hours_range" CHECK ("weekly_hours"."weekday" between 1 and 7 and "weekly_hours"."start_minute" >= 0 and "weekly_hours"."end_minute" <= 1440 and "weekly_hours"."start_minute" < "weekly_hours"."end_minute")
);
--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_session_type_id_session_types_id_fk" FOREIGN KEY ("session_type_id") REFERENCES "public"."session_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_booking_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."booking_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_type_id_session_types_id_fk" FOREIGN KEY ("session_type_id") REFERENCES "public"."session_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_types" ADD CONSTRAINT "session_types_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_profiles" ADD CONSTRAINT "trainer_profiles_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_hours" ADD CONSTRAINT "weekly_hours_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_trainer_day_idx" ON "availability_exceptions" USING btree ("trainer_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_slots_trainer_start_idx" ON "booking_slots" USING btree ("trainer_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_slot_client_live_idx" ON "bookings" USING btree ("slot_id","client_user_id") WHERE "bookings"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_trainer_start_idx" ON "bookings" USING btree ("trainer_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_client_start_idx" ON "bookings" USING btree ("client_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_reminder_due_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."reminder_sent_at" is null and "bookings"."state" in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_idx" ON "calendar_feeds" USING btree ("user_id","kind") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_trainer_client_idx" ON "reviews" USING btree ("trainer_id","client_user_id");--> statement-breakpoint
CREATE INDEX "reviews_trainer_created_idx" ON "reviews" USING btree ("trainer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "session_types_trainer_idx" ON "session_types" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_profiles_search_idx" ON "trainer_profiles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "trainer_profiles_specialisations_idx" ON "trainer_profiles" USING gin ("specialisations");--> statement-breakpoint
CREATE INDEX "trainer_profiles_listed_rating_idx" ON "trainer_profiles" USING btree ("listed","rating_x100","trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_profiles_listed_price_idx" ON "trainer_profiles" USING btree ("listed",coalesce("min_price_clp", 2147483647),"trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_profiles_listed_published_idx" ON "trainer_profiles" USING btree ("listed","published_at","trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_profiles_listed_city_idx" ON "trainer_profiles" USING btree ("listed","city_key");--> statement-breakpoint
CREATE INDEX "weekly_hours_trainer_idx" ON "weekly_hours" USING btree ("trainer_id");--> statement-breakpoint
-- No double booking (decision 142): occupied slots of one trainer never overlap in time.
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_no_overlap" EXCLUDE USING gist ("trainer_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("booked" > 0);--> statement-breakpoint
-- The lowest active offer price of each trainer, for the search's price filter and sort.
CREATE OR REPLACE FUNCTION trainer_profiles_refresh_min_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE trainer_profiles SET min_price_clp = (SELECT min(price_clp) FROM offers WHERE trainer_id = OLD.trainer_id AND retired_at IS NULL)
      WHERE trainer_id = OLD.trainer_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE trainer_profiles SET min_price_clp = (SELECT min(price_clp) FROM offers WHERE trainer_id = NEW.trainer_id AND retired_at IS NULL)
      WHERE trainer_id = NEW.trainer_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offers_refresh_min_price AFTER INSERT OR UPDATE OR DELETE ON offers FOR EACH ROW EXECUTE FUNCTION trainer_profiles_refresh_min_price();
