-- pg_trgm is a trusted extension (PostgreSQL 13+): the owner of the database may create it; PGlite loads it in db/client.ts
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "attachments_reference_trgm_idx" ON "attachments" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_reference_trgm_idx" ON "orders" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_code_trgm_idx" ON "projects" USING gin ("code" gin_trgm_ops);