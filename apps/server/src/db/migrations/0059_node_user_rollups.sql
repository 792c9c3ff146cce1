-- The node summaries summed per user and node over the user's projects (issue 14): what a project manager reads for
-- the home dashboard's node counts (and the node screen's), the scope being exactly that user's projects. Read
-- through the summaries, such a count hashed the user's projects (43,807 on the bench data) against the summary
-- rows, 9–20 ms a kind; the user's roll-up is a row per node. Kept by statement triggers on the summaries (a changed
-- row of a project adds its delta to each user of the project, found by the index on `user_projects.project_id`)
-- and on `user_projects` (a project given to a user adds its summary rows, one taken away subtracts them).
-- A change of `user_projects` first takes the summaries in SHARE mode: it waits for the writes of the summaries in
-- progress and holds the next ones until it commits, so that no summary change is missed (a move's trigger cannot
-- see an uncommitted assignment, the assignment's trigger then sees the committed move) or counted twice.
CREATE TABLE "attachment_node_user_rollups" (
  "user_id" integer NOT NULL,
  "node_id" integer NOT NULL,
  "attachments" bigint NOT NULL,
  "amount" numeric NOT NULL,
  "rg" numeric NOT NULL,
  "deposit_used" numeric NOT NULL,
  CONSTRAINT "attachment_node_user_rollups_pkey" PRIMARY KEY("user_id","node_id")
);--> statement-breakpoint
CREATE TABLE "order_node_user_rollups" (
  "user_id" integer NOT NULL,
  "node_id" integer NOT NULL,
  "orders" bigint NOT NULL,
  "total" numeric NOT NULL,
  "total_ttc" numeric NOT NULL,
  CONSTRAINT "order_node_user_rollups_pkey" PRIMARY KEY("user_id","node_id")
);--> statement-breakpoint
CREATE INDEX "attachment_node_summaries_project_idx" ON "attachment_node_summaries" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "order_node_summaries_project_idx" ON "order_node_summaries" USING btree ("project_id");--> statement-breakpoint
-- the changed rows netted per node and project, each given to the project's users (a lookup each: OFFSET 0 keeps
-- the lateral subquery a parameterised index scan, whatever the transition table's unknown size)
CREATE FUNCTION "order_node_user_rollups_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN
    'SELECT node_id, project_id, orders, total, total_ttc FROM new_rows' END;
  removed text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN
    'SELECT node_id, project_id, -orders, -total, -total_ttc FROM old_rows' END;
BEGIN
  EXECUTE 'INSERT INTO order_node_user_rollups AS r (user_id, node_id, orders, total, total_ttc)
    SELECT up.user_id, c.node_id, sum(c.orders), sum(c.total), sum(c.total_ttc)
    FROM (SELECT node_id, project_id, sum(orders) AS orders, sum(total) AS total, sum(total_ttc) AS total_ttc
      FROM (' || concat_ws(' UNION ALL ', added, removed) || ') c (node_id, project_id, orders, total, total_ttc)
      GROUP BY node_id, project_id) c
    CROSS JOIN LATERAL (SELECT user_id FROM user_projects WHERE project_id = c.project_id OFFSET 0) up
    GROUP BY up.user_id, c.node_id
    HAVING sum(c.orders) <> 0 OR sum(c.total) <> 0 OR sum(c.total_ttc) <> 0
    ORDER BY up.user_id, c.node_id
    ON CONFLICT (user_id, node_id) DO UPDATE SET orders = r.orders + excluded.orders, total = r.total + excluded.total,
      total_ttc = r.total_ttc + excluded.total_ttc';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "attachment_node_user_rollups_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN
    'SELECT node_id, project_id, attachments, amount, rg, deposit_used FROM new_rows' END;
  removed text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN
    'SELECT node_id, project_id, -attachments, -amount, -rg, -deposit_used FROM old_rows' END;
BEGIN
  EXECUTE 'INSERT INTO attachment_node_user_rollups AS r (user_id, node_id, attachments, amount, rg, deposit_used)
    SELECT up.user_id, c.node_id, sum(c.attachments), sum(c.amount), sum(c.rg), sum(c.deposit_used)
    FROM (SELECT node_id, project_id, sum(attachments) AS attachments, sum(amount) AS amount, sum(rg) AS rg,
        sum(deposit_used) AS deposit_used
      FROM (' || concat_ws(' UNION ALL ', added, removed) || ') c (node_id, project_id, attachments, amount, rg, deposit_used)
      GROUP BY node_id, project_id) c
    CROSS JOIN LATERAL (SELECT user_id FROM user_projects WHERE project_id = c.project_id OFFSET 0) up
    GROUP BY up.user_id, c.node_id
    HAVING sum(c.attachments) <> 0 OR sum(c.amount) <> 0 OR sum(c.rg) <> 0 OR sum(c.deposit_used) <> 0
    ORDER BY up.user_id, c.node_id
    ON CONFLICT (user_id, node_id) DO UPDATE SET attachments = r.attachments + excluded.attachments,
      amount = r.amount + excluded.amount, rg = r.rg + excluded.rg, deposit_used = r.deposit_used + excluded.deposit_used';
  RETURN NULL;
END $$;--> statement-breakpoint
-- projects given (+1) and taken away (-1), netted per user and project, each with its summary rows (a lookup each)
CREATE FUNCTION "user_projects_node_rollups_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN 'SELECT user_id, project_id, 1 FROM new_rows' END;
  removed text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN 'SELECT user_id, project_id, -1 FROM old_rows' END;
  changes text := '(SELECT user_id, project_id, sum(sign) AS sign FROM (' || concat_ws(' UNION ALL ', added, removed)
    || ') c (user_id, project_id, sign) GROUP BY user_id, project_id HAVING sum(sign) <> 0) c';
BEGIN
  LOCK TABLE order_node_summaries, attachment_node_summaries IN SHARE MODE;
  EXECUTE 'INSERT INTO order_node_user_rollups AS r (user_id, node_id, orders, total, total_ttc)
    SELECT c.user_id, s.node_id, sum(c.sign * s.orders), sum(c.sign * s.total), sum(c.sign * s.total_ttc)
    FROM ' || changes || '
    CROSS JOIN LATERAL (SELECT node_id, orders, total, total_ttc FROM order_node_summaries WHERE project_id = c.project_id OFFSET 0) s
    GROUP BY c.user_id, s.node_id
    HAVING sum(c.sign * s.orders) <> 0 OR sum(c.sign * s.total) <> 0 OR sum(c.sign * s.total_ttc) <> 0
    ORDER BY c.user_id, s.node_id
    ON CONFLICT (user_id, node_id) DO UPDATE SET orders = r.orders + excluded.orders, total = r.total + excluded.total,
      total_ttc = r.total_ttc + excluded.total_ttc';
  EXECUTE 'INSERT INTO attachment_node_user_rollups AS r (user_id, node_id, attachments, amount, rg, deposit_used)
    SELECT c.user_id, s.node_id, sum(c.sign * s.attachments), sum(c.sign * s.amount), sum(c.sign * s.rg),
      sum(c.sign * s.deposit_used)
    FROM ' || changes || '
    CROSS JOIN LATERAL (SELECT node_id, attachments, amount, rg, deposit_used FROM attachment_node_summaries
      WHERE project_id = c.project_id OFFSET 0) s
    GROUP BY c.user_id, s.node_id
    HAVING sum(c.sign * s.attachments) <> 0 OR sum(c.sign * s.amount) <> 0 OR sum(c.sign * s.rg) <> 0
      OR sum(c.sign * s.deposit_used) <> 0
    ORDER BY c.user_id, s.node_id
    ON CONFLICT (user_id, node_id) DO UPDATE SET attachments = r.attachments + excluded.attachments,
      amount = r.amount + excluded.amount, rg = r.rg + excluded.rg, deposit_used = r.deposit_used + excluded.deposit_used';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_node_user_rollups_insert" AFTER INSERT ON "order_node_summaries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_node_user_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "order_node_user_rollups_update" AFTER UPDATE ON "order_node_summaries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_node_user_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "order_node_user_rollups_delete" AFTER DELETE ON "order_node_summaries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_node_user_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "attachment_node_user_rollups_insert" AFTER INSERT ON "attachment_node_summaries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_user_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "attachment_node_user_rollups_update" AFTER UPDATE ON "attachment_node_summaries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_user_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "attachment_node_user_rollups_delete" AFTER DELETE ON "attachment_node_summaries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attachment_node_user_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "user_projects_node_rollups_insert" AFTER INSERT ON "user_projects"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_projects_node_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "user_projects_node_rollups_update" AFTER UPDATE ON "user_projects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_projects_node_rollups_apply();--> statement-breakpoint
CREATE TRIGGER "user_projects_node_rollups_delete" AFTER DELETE ON "user_projects"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_projects_node_rollups_apply();--> statement-breakpoint
INSERT INTO order_node_user_rollups (user_id, node_id, orders, total, total_ttc)
  SELECT up.user_id, s.node_id, sum(s.orders), sum(s.total), sum(s.total_ttc)
  FROM order_node_summaries s JOIN user_projects up ON up.project_id = s.project_id
  GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
INSERT INTO attachment_node_user_rollups (user_id, node_id, attachments, amount, rg, deposit_used)
  SELECT up.user_id, s.node_id, sum(s.attachments), sum(s.amount), sum(s.rg), sum(s.deposit_used)
  FROM attachment_node_summaries s JOIN user_projects up ON up.project_id = s.project_id
  GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
ANALYZE order_node_user_rollups;--> statement-breakpoint
ANALYZE attachment_node_user_rollups;--> statement-breakpoint
ANALYZE order_node_summaries;--> statement-breakpoint
ANALYZE attachment_node_summaries;
