CREATE INDEX "tasks_waiting_idx" ON "tasks" USING btree ("updated_at") WHERE "tasks"."status" IN ('CREATED', 'ERROR');
