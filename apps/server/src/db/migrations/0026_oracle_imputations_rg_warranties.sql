CREATE TABLE "oracle_imputation_orders" (
	"oracle_imputation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oracle_imputation_orders_oracle_imputation_id_order_id_pk" PRIMARY KEY("oracle_imputation_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "oracle_imputations" (
	"id" serial PRIMARY KEY NOT NULL,
	"eotp" text NOT NULL,
	"prestation_type" text,
	"project_number" text NOT NULL,
	"organization" text,
	"task_number" text NOT NULL,
	"imputation_id" integer,
	"oracle_project_id" integer,
	"oracle_task_id" integer,
	"sync_status" text DEFAULT 'NOT_SYNCED' NOT NULL,
	"sync_message" text,
	"synced_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oracle_imputations_sync_status_check" CHECK ("oracle_imputations"."sync_status" IN ('NOT_SYNCED', 'SYNCED', 'PROJECT_NOT_FOUND', 'TASK_NOT_FOUND'))
);
--> statement-breakpoint
CREATE TABLE "oracle_rg_warranties" (
	"id" serial PRIMARY KEY NOT NULL,
	"attachment_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"invoice_number" text NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"status_reason" text,
	"erp_invoice_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oracle_rg_warranties_status_check" CHECK ("oracle_rg_warranties"."status" IN ('PROCESSING', 'SUCCESS', 'ERROR')),
	CONSTRAINT "oracle_rg_warranties_amount_check" CHECK ("oracle_rg_warranties"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "oracle_imputation_orders" ADD CONSTRAINT "oracle_imputation_orders_oracle_imputation_id_oracle_imputations_id_fk" FOREIGN KEY ("oracle_imputation_id") REFERENCES "public"."oracle_imputations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_imputation_orders" ADD CONSTRAINT "oracle_imputation_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_imputations" ADD CONSTRAINT "oracle_imputations_imputation_id_imputations_id_fk" FOREIGN KEY ("imputation_id") REFERENCES "public"."imputations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_imputations" ADD CONSTRAINT "oracle_imputations_oracle_project_id_oracle_projects_id_fk" FOREIGN KEY ("oracle_project_id") REFERENCES "public"."oracle_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_imputations" ADD CONSTRAINT "oracle_imputations_oracle_task_id_oracle_tasks_id_fk" FOREIGN KEY ("oracle_task_id") REFERENCES "public"."oracle_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_rg_warranties" ADD CONSTRAINT "oracle_rg_warranties_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_rg_warranties" ADD CONSTRAINT "oracle_rg_warranties_statement_id_monthly_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."monthly_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_imputation_orders_order_unique" ON "oracle_imputation_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_imputations_eotp_unique" ON "oracle_imputations" USING btree ("eotp");--> statement-breakpoint
CREATE INDEX "oracle_imputations_imputation_idx" ON "oracle_imputations" USING btree ("imputation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_rg_warranties_attachment_unique" ON "oracle_rg_warranties" USING btree ("attachment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_rg_warranties_invoice_number_unique" ON "oracle_rg_warranties" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "oracle_rg_warranties_statement_idx" ON "oracle_rg_warranties" USING btree ("statement_id");