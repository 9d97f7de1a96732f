-- Issue 30 (decision 246): the money summary's MRR (active client subscriptions at their price) is
-- kept as running totals by statement-level triggers in the transaction that changes the
-- subscriptions, as the ledger's daily totals are (0020). Summing it from the table read every
-- subscription ever made: 190-290 ms at L (897,000 rows, 109,000 active). Eight slots (transaction
-- id mod 8) so parallel changes do not queue on one row lock; a change that leaves the active sum
-- as it was (a renewal touching updated_at) writes nothing. Read: the sum over the slots.
CREATE TABLE "client_mrr_totals" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"subscriptions" bigint NOT NULL,
	"clp" bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_subscriptions_mrr_add(subscriptions bigint, clp bigint) RETURNS void AS $$
  INSERT INTO client_mrr_totals AS t (slot, subscriptions, clp)
  SELECT (pg_current_xact_id()::text::bigint % 8)::smallint, subscriptions, clp
  WHERE subscriptions <> 0 OR clp <> 0
  ON CONFLICT (slot) DO UPDATE SET subscriptions = t.subscriptions + excluded.subscriptions, clp = t.clp + excluded.clp;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_subscriptions_mrr_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM client_subscriptions_mrr_add(count(*), coalesce(sum(price_clp), 0)) FROM new_rows WHERE state = 'active';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_subscriptions_mrr_updated() RETURNS trigger AS $$
BEGIN
  PERFORM client_subscriptions_mrr_add(coalesce(sum(n), 0)::bigint, coalesce(sum(clp), 0)::bigint) FROM (
    SELECT 1 AS n, price_clp::bigint AS clp FROM new_rows WHERE state = 'active'
    UNION ALL
    SELECT -1, -price_clp::bigint FROM old_rows WHERE state = 'active'
  ) d;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_subscriptions_mrr_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM client_subscriptions_mrr_add(-count(*), -coalesce(sum(price_clp), 0)) FROM old_rows WHERE state = 'active';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The triggers first, then the backfill: CREATE TRIGGER waits for running writes and holds off new
-- ones until this migration commits, so every subscription is counted exactly once.
CREATE TRIGGER client_subscriptions_mrr_insert AFTER INSERT ON "client_subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_subscriptions_mrr_inserted();
--> statement-breakpoint
CREATE TRIGGER client_subscriptions_mrr_update AFTER UPDATE ON "client_subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_subscriptions_mrr_updated();
--> statement-breakpoint
CREATE TRIGGER client_subscriptions_mrr_delete AFTER DELETE ON "client_subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_subscriptions_mrr_deleted();
--> statement-breakpoint
INSERT INTO client_mrr_totals (slot, subscriptions, clp)
SELECT 0, count(*), coalesce(sum(price_clp), 0) FROM client_subscriptions WHERE state = 'active';
