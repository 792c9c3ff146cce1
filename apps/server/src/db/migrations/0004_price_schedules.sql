CREATE TABLE "bpu_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bpus" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"market_id" integer,
	"bpu_template_id" integer NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_template_prestations" (
	"order_template_id" integer NOT NULL,
	"prestation_id" integer NOT NULL,
	CONSTRAINT "order_template_prestations_order_template_id_prestation_id_pk" PRIMARY KEY("order_template_id","prestation_id")
);
--> statement-breakpoint
CREATE TABLE "order_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bpu_template_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestation_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"bpu_id" integer NOT NULL,
	"prestation_id" integer NOT NULL,
	"cost" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestations" (
	"id" serial PRIMARY KEY NOT NULL,
	"bpu_template_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bpus" ADD CONSTRAINT "bpus_bpu_template_id_bpu_templates_id_fk" FOREIGN KEY ("bpu_template_id") REFERENCES "public"."bpu_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_template_prestations" ADD CONSTRAINT "order_template_prestations_order_template_id_order_templates_id_fk" FOREIGN KEY ("order_template_id") REFERENCES "public"."order_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_template_prestations" ADD CONSTRAINT "order_template_prestations_prestation_id_prestations_id_fk" FOREIGN KEY ("prestation_id") REFERENCES "public"."prestations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_templates" ADD CONSTRAINT "order_templates_bpu_template_id_bpu_templates_id_fk" FOREIGN KEY ("bpu_template_id") REFERENCES "public"."bpu_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestation_prices" ADD CONSTRAINT "prestation_prices_bpu_id_bpus_id_fk" FOREIGN KEY ("bpu_id") REFERENCES "public"."bpus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestation_prices" ADD CONSTRAINT "prestation_prices_prestation_id_prestations_id_fk" FOREIGN KEY ("prestation_id") REFERENCES "public"."prestations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_bpu_template_id_bpu_templates_id_fk" FOREIGN KEY ("bpu_template_id") REFERENCES "public"."bpu_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_reference_id_prestation_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."prestation_references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_type_id_prestation_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."prestation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bpu_templates_name_unique" ON "bpu_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "bpus_template_idx" ON "bpus" USING btree ("bpu_template_id");--> statement-breakpoint
CREATE INDEX "bpus_market_idx" ON "bpus" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","name");--> statement-breakpoint
CREATE INDEX "order_template_prestations_prestation_idx" ON "order_template_prestations" USING btree ("prestation_id");--> statement-breakpoint
CREATE INDEX "order_templates_template_idx" ON "order_templates" USING btree ("bpu_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prestation_prices_bpu_prestation_unique" ON "prestation_prices" USING btree ("bpu_id","prestation_id");--> statement-breakpoint
CREATE INDEX "prestation_prices_prestation_idx" ON "prestation_prices" USING btree ("prestation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prestations_template_code_unique" ON "prestations" USING btree ("bpu_template_id","code");--> statement-breakpoint
CREATE INDEX "prestations_category_idx" ON "prestations" USING btree ("category_id");