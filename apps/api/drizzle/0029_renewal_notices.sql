-- Issue 27, decision 224: a trial's end and each renewal are announced by mail 5 days before the
-- charge, once per subscription and period. The row is written in the transaction that queues the
-- mail; the primary key makes a second run (or process, or a restart) find it and send nothing.
-- No foreign key: the id is a client subscription's or a platform subscription's (`subscription_kind`).
CREATE TABLE "renewal_notices" (
	"subscription_kind" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_notices_pkey" PRIMARY KEY("subscription_kind","subscription_id","period_end"),
	CONSTRAINT "renewal_notices_kind_check" CHECK ("subscription_kind" in ('client', 'platform'))
);
