CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"edifice" text NOT NULL,
	"agency_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"contract_id" integer,
	"max_amount_dc4" numeric(14, 2) NOT NULL,
	"payment_type_id" integer NOT NULL,
	"payment_term_id" integer NOT NULL,
	"tva" text NOT NULL,
	"deposit_type" text NOT NULL,
	"rg_rate" numeric(5, 2),
	"threshold" numeric(14, 2),
	"to_evaluate" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"contract_number" text,
	"date_end_of_contract" date,
	"sap_reference" text,
	"client_bdc" text,
	"eotp_st" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markets_tva_check" CHECK ("markets"."tva" IN ('basic', 'tenPercents', 'reverseCharge')),
	CONSTRAINT "markets_deposit_type_check" CHECK ("markets"."deposit_type" IN ('basic', 'withThreshold', 'notApplicable')),
	CONSTRAINT "markets_retention_check" CHECK (("markets"."deposit_type" = 'notApplicable' OR "markets"."rg_rate" IS NOT NULL) AND ("markets"."deposit_type" = 'withThreshold' OR "markets"."threshold" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_payment_term_id_payment_terms_id_fk" FOREIGN KEY ("payment_term_id") REFERENCES "public"."payment_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "markets_edifice_unique" ON "markets" USING btree ("edifice" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "markets_agency_idx" ON "markets" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "markets_project_idx" ON "markets" USING btree ("project_id");--> statement-breakpoint
-- BPUs made before markets existed may carry a market id that names nothing: they lose it
UPDATE "bpus" SET "market_id" = NULL WHERE "market_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bpus" ADD CONSTRAINT "bpus_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;