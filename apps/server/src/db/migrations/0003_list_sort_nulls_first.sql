DROP INDEX "projects_code_unique";--> statement-breakpoint
DROP INDEX "projects_name_idx";--> statement-breakpoint
DROP INDEX "projects_type_name_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_unique" ON "projects" USING btree ("code" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_type_name_idx" ON "projects" USING btree ("type_id","name" NULLS FIRST,"id");