-- Issue 30 (decision 216): per-account, per-day totals of the ledger, and per-trainer, per-day
-- totals of client payments, kept by one statement-level trigger in the transaction that posts the
-- entries (also for set-based INSERT … SELECT), so the operator's money summary and the gym's
-- commissions sum a few thousand rows instead of scanning every entry. Days are Chile's.
-- The platform's two hot accounts spread each day over 8 rows (slot = transaction id mod 8), so
-- parallel payments do not queue on one row lock until commit; every other account uses slot 0.
CREATE TABLE "ledger_daily_totals" (
	"account" text NOT NULL,
	"day" date NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"amount_clp" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_daily_totals_pk" PRIMARY KEY("account","day","slot")
);
--> statement-breakpoint
CREATE TABLE "ledger_payment_daily_totals" (
	"trainer_id" uuid NOT NULL,
	"gym_id" uuid,
	"day" date NOT NULL,
	"payments" integer NOT NULL,
	"gross_clp" bigint NOT NULL,
	"refunded_clp" bigint NOT NULL,
	"trainer_share_clp" bigint NOT NULL,
	"gym_share_clp" bigint NOT NULL,
	"platform_share_clp" bigint NOT NULL,
	CONSTRAINT "ledger_payment_daily_totals_key" UNIQUE NULLS NOT DISTINCT("trainer_id","day","gym_id")
);
--> statement-breakpoint
CREATE INDEX "ledger_payment_daily_totals_gym_idx" ON "ledger_payment_daily_totals" USING btree ("gym_id","day") WHERE "gym_id" is not null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_add_daily_totals() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_daily_totals AS t (account, day, slot, amount_clp, entries)
  SELECT e.account, (e.created_at AT TIME ZONE 'America/Santiago')::date,
    CASE WHEN e.account IN ('platform_revenue', 'provider_clearing') THEN (pg_current_xact_id()::text::bigint % 8)::smallint ELSE 0 END,
    sum(e.amount_clp), count(*)
  FROM new_entries e
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (account, day, slot) DO UPDATE SET amount_clp = t.amount_clp + excluded.amount_clp, entries = t.entries + excluded.entries;

  INSERT INTO ledger_payment_daily_totals AS t (trainer_id, gym_id, day, payments, gross_clp, refunded_clp, trainer_share_clp, gym_share_clp, platform_share_clp)
  SELECT p.trainer_id, p.gym_id, (lt.created_at AT TIME ZONE 'America/Santiago')::date,
    count(*) FILTER (WHERE e.account = 'provider_clearing' AND lt.kind = 'payment'),
    coalesce(-sum(e.amount_clp) FILTER (WHERE e.account = 'provider_clearing' AND lt.kind = 'payment'), 0),
    coalesce(sum(e.amount_clp) FILTER (WHERE e.account = 'provider_clearing' AND lt.kind <> 'payment'), 0),
    coalesce(sum(e.amount_clp) FILTER (WHERE e.account LIKE 'trainer:%'), 0),
    coalesce(sum(e.amount_clp) FILTER (WHERE e.account LIKE 'gym:%'), 0),
    coalesce(sum(e.amount_clp) FILTER (WHERE e.account = 'platform_revenue'), 0)
  FROM new_entries e
  JOIN ledger_transactions lt ON lt.id = e.transaction_id
  JOIN client_payments p ON p.id = lt.payment_id
  WHERE lt.kind IN ('payment', 'refund', 'dispute')
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (trainer_id, day, gym_id) DO UPDATE SET
    payments = t.payments + excluded.payments,
    gross_clp = t.gross_clp + excluded.gross_clp,
    refunded_clp = t.refunded_clp + excluded.refunded_clp,
    trainer_share_clp = t.trainer_share_clp + excluded.trainer_share_clp,
    gym_share_clp = t.gym_share_clp + excluded.gym_share_clp,
    platform_share_clp = t.platform_share_clp + excluded.platform_share_clp;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The trigger first, then the backfill: CREATE TRIGGER waits for running inserts and holds off new
-- ones until this migration commits, so every entry is counted exactly once.
CREATE TRIGGER ledger_entries_daily_totals AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_add_daily_totals();
--> statement-breakpoint
INSERT INTO ledger_daily_totals (account, day, slot, amount_clp, entries)
SELECT account, (created_at AT TIME ZONE 'America/Santiago')::date, 0, sum(amount_clp), count(*) FROM ledger_entries GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO ledger_payment_daily_totals (trainer_id, gym_id, day, payments, gross_clp, refunded_clp, trainer_share_clp, gym_share_clp, platform_share_clp)
SELECT p.trainer_id, p.gym_id, (lt.created_at AT TIME ZONE 'America/Santiago')::date,
  count(*) FILTER (WHERE e.account = 'provider_clearing' AND lt.kind = 'payment'),
  coalesce(-sum(e.amount_clp) FILTER (WHERE e.account = 'provider_clearing' AND lt.kind = 'payment'), 0),
  coalesce(sum(e.amount_clp) FILTER (WHERE e.account = 'provider_clearing' AND lt.kind <> 'payment'), 0),
  coalesce(sum(e.amount_clp) FILTER (WHERE e.account LIKE 'trainer:%'), 0),
  coalesce(sum(e.amount_clp) FILTER (WHERE e.account LIKE 'gym:%'), 0),
  coalesce(sum(e.amount_clp) FILTER (WHERE e.account = 'platform_revenue'), 0)
FROM ledger_entries e
JOIN ledger_transactions lt ON lt.id = e.transaction_id
JOIN client_payments p ON p.id = lt.payment_id
WHERE lt.kind IN ('payment', 'refund', 'dispute')
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Operator lists (issue 30 point 3): gyms newest first, gym and owner search, trainer search.
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "businesses_name_trgm_idx" ON "businesses" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_owner_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WHERE "users"."role" = 'gym_owner';
--> statement-breakpoint
CREATE INDEX "users_trainer_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops) WHERE "users"."role" = 'trainer';
