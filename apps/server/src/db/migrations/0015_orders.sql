CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"prestation_id" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity" numeric(12, 1) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_quantity_step_check" CHECK ("order_lines"."quantity" >= 0 AND mod("order_lines"."quantity" * 2, 1) = 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"reference_year" integer NOT NULL,
	"reference_sequence" integer NOT NULL,
	"name" text NOT NULL,
	"market_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"bpu_id" integer NOT NULL,
	"order_template_id" integer,
	"imputation_id" integer,
	"oracle_project_id" integer,
	"oracle_task_id" integer,
	"oracle_emitter_project_id" integer,
	"oracle_emitter_task_id" integer,
	"oscar_subproject_id" integer,
	"main_client" text,
	"client_market" text,
	"client_bdc" text,
	"execution_period" text,
	"end_date" date NOT NULL,
	"delivery_date" date,
	"release_date" date,
	"date" date DEFAULT CURRENT_DATE NOT NULL,
	"follower_id" integer NOT NULL,
	"creator_id" integer,
	"observation" text,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_ttc" numeric(14, 2) DEFAULT '0' NOT NULL,
	"oracle_status" text DEFAULT 'NOT_AVAILABLE' NOT NULL,
	"oracle_id" text,
	"can_send_to_oracle" boolean DEFAULT false NOT NULL,
	"sent_sst" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"versioned" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_check" CHECK ("orders"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_prestation_id_prestations_id_fk" FOREIGN KEY ("prestation_id") REFERENCES "public"."prestations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bpu_id_bpus_id_fk" FOREIGN KEY ("bpu_id") REFERENCES "public"."bpus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_template_id_order_templates_id_fk" FOREIGN KEY ("order_template_id") REFERENCES "public"."order_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_imputation_id_imputations_id_fk" FOREIGN KEY ("imputation_id") REFERENCES "public"."imputations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_oracle_project_id_oracle_projects_id_fk" FOREIGN KEY ("oracle_project_id") REFERENCES "public"."oracle_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_oracle_task_id_oracle_tasks_id_fk" FOREIGN KEY ("oracle_task_id") REFERENCES "public"."oracle_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_oracle_emitter_project_id_oracle_projects_id_fk" FOREIGN KEY ("oracle_emitter_project_id") REFERENCES "public"."oracle_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_oracle_emitter_task_id_oracle_tasks_id_fk" FOREIGN KEY ("oracle_emitter_task_id") REFERENCES "public"."oracle_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_oscar_subproject_id_oscar_subprojects_id_fk" FOREIGN KEY ("oscar_subproject_id") REFERENCES "public"."oscar_subprojects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_prestation_unique" ON "order_lines" USING btree ("order_id","prestation_id");--> statement-breakpoint
CREATE INDEX "order_lines_prestation_idx" ON "order_lines" USING btree ("prestation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_unique" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_sequence_unique" ON "orders" USING btree ("market_id","reference_year","reference_sequence");--> statement-breakpoint
CREATE INDEX "orders_market_idx" ON "orders" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "orders_agency_idx" ON "orders" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "orders_project_idx" ON "orders" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "orders_follower_idx" ON "orders" USING btree ("follower_id");--> statement-breakpoint
CREATE INDEX "orders_name_sort_idx" ON "orders" USING btree ("name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_end_date_sort_idx" ON "orders" USING btree ("end_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_total_sort_idx" ON "orders" USING btree ("total" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "orders_created_at_sort_idx" ON "orders" USING btree ("created_at" NULLS FIRST,"id");