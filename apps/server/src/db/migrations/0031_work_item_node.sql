ALTER TABLE "attachments" ADD COLUMN "wf_node_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wf_node_id" integer;--> statement-breakpoint
-- backfill: the node of each item's token (the workflow engine keeps it from now on)
UPDATE "orders" o SET "wf_node_id" = t."node_id" FROM "workflow_tokens" t WHERE t."entity_name" = 'order' AND t."entity_id" = o."id";--> statement-breakpoint
UPDATE "attachments" a SET "wf_node_id" = t."node_id" FROM "workflow_tokens" t WHERE t."entity_name" = 'attachement' AND t."entity_id" = a."id";--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_wf_node_id_workflow_nodes_id_fk" FOREIGN KEY ("wf_node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_wf_node_id_workflow_nodes_id_fk" FOREIGN KEY ("wf_node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_wf_node_idx" ON "attachments" USING btree ("wf_node_id","id");--> statement-breakpoint
CREATE INDEX "orders_wf_node_idx" ON "orders" USING btree ("wf_node_id","id");
