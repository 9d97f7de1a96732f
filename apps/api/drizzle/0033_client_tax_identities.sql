-- Issue 27 (decision 237): a client's tax details for a factura (RUT, razón social, giro), which
-- their trainer or gym reads on the monthly statement to issue it. All three or none: one row per
-- client while given, none otherwise. The RUT is NOT unique: two employees of one company may both
-- give the company's RUT.
CREATE TABLE "client_tax_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"rut" text NOT NULL,
	"legal_name" text NOT NULL,
	"activity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_tax_identities" ADD CONSTRAINT "client_tax_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
