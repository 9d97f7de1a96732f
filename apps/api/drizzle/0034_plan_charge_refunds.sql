-- Issue 27 (decision 239): each refund of a plan charge, once per provider refund id. Until now a
-- refund was applied once only through its credit note's unique source, and a charge without a
-- boleta (rows before migration 0028) got no credit note, so a refund reported twice counted
-- twice in refunded_clp. ledger:reconcile compares these rows with the provider's refunds. A refund row
-- goes with its charge (which goes with its account, as before).
CREATE TABLE "plan_charge_refunds" (
	"provider_refund_id" text PRIMARY KEY NOT NULL,
	"plan_charge_id" uuid NOT NULL,
	"amount_clp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_charge_refunds_amount_check" CHECK ("plan_charge_refunds"."amount_clp" > 0)
);
--> statement-breakpoint
ALTER TABLE "plan_charge_refunds" ADD CONSTRAINT "plan_charge_refunds_plan_charge_id_plan_charges_id_fk" FOREIGN KEY ("plan_charge_id") REFERENCES "public"."plan_charges"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "plan_charge_refunds_charge_idx" ON "plan_charge_refunds" USING btree ("plan_charge_id");
--> statement-breakpoint
-- The refunds recorded so far, from their credit notes (`plan_refund:<refund id>`).
INSERT INTO "plan_charge_refunds" ("provider_refund_id", "plan_charge_id", "amount_clp", "created_at")
SELECT substr(d."source_id", length('plan_refund:') + 1), o."source_id"::uuid, d."total_clp", d."created_at"
  FROM "tax_documents" d JOIN "tax_documents" o ON o."id" = d."references_id" AND o."source_kind" = 'plan_charge'
  WHERE d."source_kind" = 'credit_note' AND d."source_id" LIKE 'plan_refund:%'
ON CONFLICT DO NOTHING;
