CREATE TABLE "monthly_statement_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"attachment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_statement_rg_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"attachment_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_statement_rg_releases_amount_check" CHECK ("monthly_statement_rg_releases"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "monthly_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"date" date DEFAULT CURRENT_DATE NOT NULL,
	"sap_reference" text,
	"theoretical_payment_date" date,
	"paid_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"deposit_amount" numeric(14, 2),
	"deposit_release_date" date,
	"creator_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_statements_payment_date_check" CHECK ("monthly_statements"."theoretical_payment_date" IS NULL OR "monthly_statements"."theoretical_payment_date" > "monthly_statements"."date"),
	CONSTRAINT "monthly_statements_deposit_amount_check" CHECK ("monthly_statements"."deposit_amount" IS NULL OR "monthly_statements"."deposit_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "monthly_statement_attachments" ADD CONSTRAINT "monthly_statement_attachments_statement_id_monthly_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."monthly_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_statement_attachments" ADD CONSTRAINT "monthly_statement_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_statement_rg_releases" ADD CONSTRAINT "monthly_statement_rg_releases_statement_id_monthly_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."monthly_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_statement_rg_releases" ADD CONSTRAINT "monthly_statement_rg_releases_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_statements" ADD CONSTRAINT "monthly_statements_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_statements" ADD CONSTRAINT "monthly_statements_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_statement_attachments_attachment_unique" ON "monthly_statement_attachments" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "monthly_statement_attachments_statement_idx" ON "monthly_statement_attachments" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_statement_rg_releases_attachment_unique" ON "monthly_statement_rg_releases" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "monthly_statement_rg_releases_statement_idx" ON "monthly_statement_rg_releases" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "monthly_statements_market_idx" ON "monthly_statements" USING btree ("market_id");