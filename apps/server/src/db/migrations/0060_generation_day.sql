-- The statement schedule ticks (at start and every 15 minutes) read the projects that have a monthly generation day,
-- through this index, instead of every project (issue 14: 120–270 ms of a full scan of 1,000,000 projects at
-- each tick on the bench data, none of which has a generation day).
CREATE INDEX "projects_generation_day_idx" ON "projects" USING btree ("id") WHERE "projects"."ms_generation_date" IS NOT NULL;
