CREATE TABLE "imputations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"eotp" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "business_unit_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ms_generation_date" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "payment_guarantee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "share_files" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imputations" ADD CONSTRAINT "imputations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imputations_eotp_unique" ON "imputations" USING btree ("eotp");--> statement-breakpoint
CREATE INDEX "imputations_project_idx" ON "imputations" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_business_unit_id_business_units_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;