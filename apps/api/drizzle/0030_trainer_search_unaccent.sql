-- Issue 30 (decision 227): the money list's trainer search ("munoz" finds "Muñoz") by a trigram
-- index instead of reading every trainer through unaccent(). unaccent() is STABLE (its dictionary
-- could change), so no index may use it; this wrapper names the dictionary and is declared
-- IMMUTABLE, the usual way (if the unaccent rules ever change, REINDEX the index below).
CREATE OR REPLACE FUNCTION "public"."immutable_unaccent"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT "public"."unaccent"('"public"."unaccent"'::regdictionary, $1) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trainers_search_unaccent_trgm_idx" ON "trainers" USING gin ((lower("public"."immutable_unaccent"("first_name" || ' ' || "last_name" || ' ' || "email"))) gin_trgm_ops);
