CREATE TABLE "erp_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"entity_id" integer NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"task_id" integer,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"erp_document_id" text,
	"erp_id" text,
	"message" text,
	"line_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_sends_document_check" CHECK ("erp_sends"."document" IN ('order', 'attachement')),
	CONSTRAINT "erp_sends_status_check" CHECK ("erp_sends"."status" IN ('CREATED', 'PROCESSING', 'SUCCESS', 'ERROR', 'FAILURE'))
);
--> statement-breakpoint
ALTER TABLE "erp_sends" ADD CONSTRAINT "erp_sends_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_sends" ADD CONSTRAINT "erp_sends_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_sends_idempotency_key_unique" ON "erp_sends" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_sends_running_unique" ON "erp_sends" USING btree ("document","entity_id") WHERE "erp_sends"."status" IN ('CREATED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "erp_sends_document_idx" ON "erp_sends" USING btree ("document","entity_id","id");--> statement-breakpoint
-- TO_SEND only ever meant "validated, to be sent": the send is now a job that a person (or the
-- subcontractor's validation) starts. Those orders and attachments are not in the ERP: NOT_AVAILABLE,
-- with the send button available (docs/decisions.md, ERP exchange).
UPDATE "orders" SET "oracle_status" = 'NOT_AVAILABLE', "can_send_to_oracle" = TRUE WHERE "oracle_status" = 'TO_SEND';--> statement-breakpoint
UPDATE "attachments" SET "oracle_status" = 'NOT_AVAILABLE', "can_send_to_oracle" = TRUE WHERE "oracle_status" = 'TO_SEND';
