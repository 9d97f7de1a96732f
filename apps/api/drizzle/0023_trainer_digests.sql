-- Issue 25, decision 221: the trainer's weekly digest of clients who are falling off goes once per
-- trainer and Santiago week. The row is written in the transaction that queues the mail, and the
-- primary key makes a second process (or a restart) find it and send nothing. `clients` = how many
-- were listed; 0 = nobody was falling off and no mail went.
CREATE TABLE "trainer_digest_sends" (
	"trainer_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"clients" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_digest_sends_pkey" PRIMARY KEY("trainer_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "trainer_digest_sends" ADD CONSTRAINT "trainer_digest_sends_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;
