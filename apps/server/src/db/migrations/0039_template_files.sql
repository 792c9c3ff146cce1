CREATE TABLE "template_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"template_name" text NOT NULL,
	"document_type_id" integer,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_files_kind_check" CHECK ("template_files"."kind" IN ('payment_guarantee', 'contract_template'))
);
--> statement-breakpoint
ALTER TABLE "template_files" ADD CONSTRAINT "template_files_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_files" ADD CONSTRAINT "template_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_files_kind_idx" ON "template_files" USING btree ("kind","id");