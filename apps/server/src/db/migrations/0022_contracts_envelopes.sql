CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_number" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"parent_id" integer,
	"document_type_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"signature_date" date NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"duration" integer NOT NULL,
	"termination_date" date,
	"expiration_date_after_renewal" date,
	"referent_id" integer NOT NULL,
	"referent_buyer" text,
	"admin_referent_id" integer NOT NULL,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_dates_check" CHECK ("contracts"."end_date" > "contracts"."start_date"),
	CONSTRAINT "contracts_duration_check" CHECK ("contracts"."duration" > 0),
	CONSTRAINT "contracts_parent_check" CHECK ("contracts"."parent_id" IS NULL OR "contracts"."parent_id" <> "contracts"."id")
);
--> statement-breakpoint
CREATE TABLE "envelope_validators" (
	"id" serial PRIMARY KEY NOT NULL,
	"envelope_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_validated" boolean DEFAULT false NOT NULL,
	"validation_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "envelopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contract_id" integer NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_parent_id_contracts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_referent_id_users_id_fk" FOREIGN KEY ("referent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_admin_referent_id_users_id_fk" FOREIGN KEY ("admin_referent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_validators" ADD CONSTRAINT "envelope_validators_envelope_id_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_validators" ADD CONSTRAINT "envelope_validators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelopes" ADD CONSTRAINT "envelopes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelopes" ADD CONSTRAINT "envelopes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_unique" ON "contracts" USING btree ("contract_number");--> statement-breakpoint
CREATE INDEX "contracts_agency_idx" ON "contracts" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "contracts_parent_idx" ON "contracts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "envelope_validators_unique" ON "envelope_validators" USING btree ("envelope_id","user_id");--> statement-breakpoint
CREATE INDEX "envelopes_contract_idx" ON "envelopes" USING btree ("contract_id");--> statement-breakpoint
-- contract ids of markets named no contract before this migration (there were none): cleared before the foreign key
UPDATE "markets" SET "contract_id" = NULL WHERE "contract_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "markets_contract_idx" ON "markets" USING btree ("contract_id");