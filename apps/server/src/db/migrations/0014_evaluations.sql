CREATE TABLE "evaluation_criteria" (
	"evaluation_id" integer NOT NULL,
	"criterion" text NOT NULL,
	"value" smallint NOT NULL,
	"comment" text,
	CONSTRAINT "evaluation_criteria_evaluation_id_criterion_pk" PRIMARY KEY("evaluation_id","criterion"),
	CONSTRAINT "evaluation_criteria_value_check" CHECK ("evaluation_criteria"."value" BETWEEN 1 AND 5),
	CONSTRAINT "evaluation_criteria_criterion_check" CHECK ("evaluation_criteria"."criterion" IN ('relational', 'rse', 'quality', 'reactivity', 'technic', 'safety'))
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"agency_id" integer NOT NULL,
	"project_id" integer,
	"market_id" integer,
	"order_id" integer,
	"creator_id" integer NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment" text,
	CONSTRAINT "evaluations_type_check" CHECK ("evaluations"."type" IN (1, 2, 3)),
	CONSTRAINT "evaluations_project_type_check" CHECK ("evaluations"."type" = 3 OR ("evaluations"."project_id" IS NULL AND "evaluations"."market_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "evaluation_criteria" ADD CONSTRAINT "evaluation_criteria_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_agency_rated_idx" ON "evaluations" USING btree ("agency_id","rated_at");--> statement-breakpoint
CREATE INDEX "evaluations_project_idx" ON "evaluations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "evaluations_market_idx" ON "evaluations" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "evaluations_rated_idx" ON "evaluations" USING btree ("rated_at");