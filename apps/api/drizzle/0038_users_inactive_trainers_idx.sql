-- Issue 30 (decision 247): the operator's trainer list filtered to deactivated trainers walked every
-- trainer newest first to find the few inactive ones (9.6 ms at L, 2.1 x S, for none). A partial
-- index of the inactive trainers in the list's order reads only them.
CREATE INDEX IF NOT EXISTS "users_inactive_trainers_idx" ON "users" USING btree ("created_at", "id") WHERE "users"."role" = 'trainer' AND "users"."is_active" = false;
