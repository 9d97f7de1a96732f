-- Substring search on leads (decision 070): pg_trgm ships with PostgreSQL (contrib) and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"phone" text,
	"city" text,
	"status" text DEFAULT 'new' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"search" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_id_access_requests_id_fk" FOREIGN KEY ("id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree ("actor_email","created_at");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
-- Requests received before the console: one lead each, fields parsed from the form's content lines.
INSERT INTO "leads" ("id", "name", "email", "phone", "city", "status", "search", "created_at")
SELECT r."id", p."name", r."email", p."phone", p."city", 'new',
  lower(concat_ws(' ', p."name", r."email", p."city")), r."created_at"
FROM "access_requests" r
CROSS JOIN LATERAL (SELECT
  nullif(btrim(substring(r."content" from '(?n)^Nombre:[ \t]*([^\r\n]*)')), '') AS "name",
  nullif(btrim(substring(r."content" from '(?n)^WhatsApp:[ \t]*([^\r\n]*)')), '') AS "phone",
  nullif(btrim(substring(r."content" from '(?n)^Ciudad:[ \t]*([^\r\n]*)')), '') AS "city") p
ON CONFLICT ("id") DO NOTHING;
