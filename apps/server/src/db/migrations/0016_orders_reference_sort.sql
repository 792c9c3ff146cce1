DROP INDEX "orders_reference_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_unique" ON "orders" USING btree ("reference" NULLS FIRST);