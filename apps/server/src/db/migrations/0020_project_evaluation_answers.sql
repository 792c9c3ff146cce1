CREATE TABLE "project_evaluation_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"month" date NOT NULL,
	"outcome" text NOT NULL,
	"evaluation_id" integer,
	"attachment_id" integer,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_evaluation_answers_outcome_check" CHECK ("project_evaluation_answers"."outcome" IN ('evaluated', 'skipped')),
	CONSTRAINT "project_evaluation_answers_month_check" CHECK (extract(day FROM "project_evaluation_answers"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "project_evaluation_answers" ADD CONSTRAINT "project_evaluation_answers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_evaluation_answers" ADD CONSTRAINT "project_evaluation_answers_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_evaluation_answers" ADD CONSTRAINT "project_evaluation_answers_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_evaluation_answers" ADD CONSTRAINT "project_evaluation_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_evaluation_answers_order_month_unique" ON "project_evaluation_answers" USING btree ("order_id","month");