CREATE TABLE "oracle_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"erp_project_id" bigint NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"type_name" text,
	"unit_name" text,
	"status" text,
	"business_unit_name" text,
	"owning_organization_name" text,
	"legal_entity_name" text,
	"start_date" date,
	"end_date" date,
	"manager_name" text,
	"description" text,
	"project_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oracle_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"erp_task_id" bigint NOT NULL,
	"oracle_project_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oscar_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dsp" text,
	"oi_code" text,
	"project_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oscar_subprojects" (
	"id" serial PRIMARY KEY NOT NULL,
	"oscar_project_id" integer NOT NULL,
	"name" text NOT NULL,
	"dsp" text,
	"oi_code" text,
	"market_type" text,
	"arcgis_name" text,
	"year" integer,
	"city" text,
	"status" text,
	"milestone" text,
	"nro_name" text,
	"ipe_id_nro" text,
	"ipe_id_pm" text,
	"offer_id_pm" text,
	"axione_internal_pm_id" text,
	"pm_city" text,
	"oscar_columns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oracle_projects" ADD CONSTRAINT "oracle_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracle_tasks" ADD CONSTRAINT "oracle_tasks_oracle_project_id_oracle_projects_id_fk" FOREIGN KEY ("oracle_project_id") REFERENCES "public"."oracle_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oscar_projects" ADD CONSTRAINT "oscar_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oscar_subprojects" ADD CONSTRAINT "oscar_subprojects_oscar_project_id_oscar_projects_id_fk" FOREIGN KEY ("oscar_project_id") REFERENCES "public"."oscar_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_projects_erp_id_unique" ON "oracle_projects" USING btree ("erp_project_id");--> statement-breakpoint
CREATE INDEX "oracle_projects_project_idx" ON "oracle_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "oracle_projects_business_unit_idx" ON "oracle_projects" USING btree ("business_unit_name");--> statement-breakpoint
CREATE INDEX "oracle_projects_name_idx" ON "oracle_projects" USING btree ("name" NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "oracle_tasks_erp_id_unique" ON "oracle_tasks" USING btree ("erp_task_id");--> statement-breakpoint
CREATE INDEX "oracle_tasks_project_idx" ON "oracle_tasks" USING btree ("oracle_project_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "oscar_projects_name_unique" ON "oscar_projects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "oscar_projects_project_idx" ON "oscar_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "oscar_subprojects_project_idx" ON "oscar_subprojects" USING btree ("oscar_project_id");--> statement-breakpoint
CREATE INDEX "oscar_subprojects_name_idx" ON "oscar_subprojects" USING btree ("name" NULLS FIRST);