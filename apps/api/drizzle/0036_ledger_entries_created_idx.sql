-- Issue 30 (decision 242): the money export reads each page's entries by its transactions' time
-- range (an entry's created_at is its transaction's), not by 5,000 random transaction-id probes
-- that the planner answered with a scan of every entry, page after page.
CREATE INDEX IF NOT EXISTS "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");
