CREATE TABLE "attachment_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"attachment_id" integer NOT NULL,
	"deposit_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_deposits_amount_check" CHECK ("attachment_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "attachment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"attachment_id" integer NOT NULL,
	"prestation_id" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity" numeric(12, 1) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_lines_quantity_step_check" CHECK ("attachment_lines"."quantity" >= 0 AND mod("attachment_lines"."quantity" * 2, 1) = 0)
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"reference_sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"observation" text,
	"is_dgd" boolean DEFAULT false NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"rg" numeric(14, 2) DEFAULT '0' NOT NULL,
	"rg_rate" numeric(5, 2),
	"rg_release_date" date,
	"deposit_used" numeric(14, 2) DEFAULT '0' NOT NULL,
	"oracle_status" text DEFAULT 'NOT_AVAILABLE' NOT NULL,
	"oracle_id" text,
	"can_send_to_oracle" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"creator_id" integer,
	"validator_id" integer,
	"validated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_amounts_check" CHECK ("attachments"."amount" >= 0 AND "attachments"."rg" >= 0 AND "attachments"."deposit_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"market_id" integer NOT NULL,
	"order_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"reimbursement_date" date,
	"creator_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attachment_deposits" ADD CONSTRAINT "attachment_deposits_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_deposits" ADD CONSTRAINT "attachment_deposits_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_lines" ADD CONSTRAINT "attachment_lines_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_lines" ADD CONSTRAINT "attachment_lines_prestation_id_prestations_id_fk" FOREIGN KEY ("prestation_id") REFERENCES "public"."prestations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_validator_id_users_id_fk" FOREIGN KEY ("validator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_deposits_unique" ON "attachment_deposits" USING btree ("attachment_id","deposit_id");--> statement-breakpoint
CREATE INDEX "attachment_deposits_deposit_idx" ON "attachment_deposits" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_lines_prestation_unique" ON "attachment_lines" USING btree ("attachment_id","prestation_id");--> statement-breakpoint
CREATE INDEX "attachment_lines_prestation_idx" ON "attachment_lines" USING btree ("prestation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_reference_unique" ON "attachments" USING btree ("reference" NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_order_sequence_unique" ON "attachments" USING btree ("order_id","reference_sequence");--> statement-breakpoint
CREATE INDEX "attachments_amount_sort_idx" ON "attachments" USING btree ("amount" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "attachments_created_at_sort_idx" ON "attachments" USING btree ("created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_market_reference_unique" ON "deposits" USING btree ("market_id","reference");--> statement-breakpoint
CREATE INDEX "deposits_order_idx" ON "deposits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "deposits_created_at_sort_idx" ON "deposits" USING btree ("created_at" NULLS FIRST,"id");