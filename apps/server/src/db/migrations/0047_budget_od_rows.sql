CREATE TABLE "budget_od_rows" (
	"id" integer PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"statement_date" date NOT NULL,
	"market_id" integer NOT NULL,
	"attachment_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "budget_od_rows_date_idx" ON "budget_od_rows" USING btree ("statement_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "budget_od_rows_attachment_idx" ON "budget_od_rows" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "budget_od_rows_statement_idx" ON "budget_od_rows" USING btree ("statement_id");--> statement-breakpoint
-- The OD rows of these attachments recomputed from their statement link and lines (docs/decisions.md "Budget
-- OD rows"): one per attachment invoiced in a statement and per prestation type of its lines. ON CONFLICT:
-- two writers refreshing the same attachment at once end with the later one's rows instead of failing.
CREATE FUNCTION "budget_od_rows_refresh"(attachment_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM budget_od_rows WHERE attachment_id = ANY(attachment_ids);
  INSERT INTO budget_od_rows (id, statement_id, statement_date, market_id, attachment_id, type_id, amount)
  SELECT min(al.id), ms.id, ms.date, ms.market_id, msa.attachment_id, pr.type_id, sum(al.total)::numeric(18, 2)
  FROM monthly_statement_attachments msa
  JOIN monthly_statements ms ON ms.id = msa.statement_id
  JOIN attachment_lines al ON al.attachment_id = msa.attachment_id
  JOIN prestations pr ON pr.id = al.prestation_id
  WHERE msa.attachment_id = ANY(attachment_ids)
  GROUP BY ms.id, msa.attachment_id, pr.type_id
  ON CONFLICT (id) DO UPDATE SET statement_id = excluded.statement_id, statement_date = excluded.statement_date,
    market_id = excluded.market_id, attachment_id = excluded.attachment_id, type_id = excluded.type_id, amount = excluded.amount;
$$;--> statement-breakpoint
-- an attachment invoiced in a statement or given back (and the links a deleted statement or attachment takes along)
CREATE FUNCTION "budget_od_links_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM budget_od_rows_refresh(ARRAY(SELECT DISTINCT attachment_id FROM new_links));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM budget_od_rows_refresh(ARRAY(SELECT DISTINCT attachment_id FROM old_links));
  ELSE
    PERFORM budget_od_rows_refresh(ARRAY(SELECT attachment_id FROM new_links UNION SELECT attachment_id FROM old_links));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- the lines of an invoiced attachment written (amount, prestation, a line added or removed)
CREATE FUNCTION "budget_od_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM budget_od_rows_refresh(ARRAY(SELECT DISTINCT n.attachment_id FROM new_lines n
      JOIN monthly_statement_attachments msa ON msa.attachment_id = n.attachment_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM budget_od_rows_refresh(ARRAY(SELECT DISTINCT o.attachment_id FROM old_lines o
      JOIN monthly_statement_attachments msa ON msa.attachment_id = o.attachment_id));
  ELSE
    PERFORM budget_od_rows_refresh(ARRAY(SELECT c.attachment_id
      FROM (SELECT attachment_id FROM new_lines UNION SELECT attachment_id FROM old_lines) c
      JOIN monthly_statement_attachments msa ON msa.attachment_id = c.attachment_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- a statement redated or moved to another market: its rows follow
CREATE FUNCTION "budget_od_statements_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE budget_od_rows od SET statement_date = n.date, market_id = n.market_id
  FROM new_statements n
  WHERE od.statement_id = n.id AND (od.statement_date, od.market_id) IS DISTINCT FROM (n.date, n.market_id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- a prestation given another type: the invoiced attachments with a line of it are grouped again
CREATE FUNCTION "budget_od_prestations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM budget_od_rows_refresh(ARRAY(SELECT DISTINCT al.attachment_id
    FROM new_prestations n JOIN old_prestations o ON o.id = n.id AND o.type_id <> n.type_id
    JOIN attachment_lines al ON al.prestation_id = n.id
    JOIN monthly_statement_attachments msa ON msa.attachment_id = al.attachment_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "budget_od_links_inserted" AFTER INSERT ON "monthly_statement_attachments"
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION budget_od_links_changed();--> statement-breakpoint
CREATE TRIGGER "budget_od_links_deleted" AFTER DELETE ON "monthly_statement_attachments"
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION budget_od_links_changed();--> statement-breakpoint
CREATE TRIGGER "budget_od_links_updated" AFTER UPDATE ON "monthly_statement_attachments"
  REFERENCING NEW TABLE AS new_links OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION budget_od_links_changed();--> statement-breakpoint
CREATE TRIGGER "budget_od_lines_inserted" AFTER INSERT ON "attachment_lines"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION budget_od_lines_changed();--> statement-breakpoint
CREATE TRIGGER "budget_od_lines_deleted" AFTER DELETE ON "attachment_lines"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION budget_od_lines_changed();--> statement-breakpoint
CREATE TRIGGER "budget_od_lines_updated" AFTER UPDATE ON "attachment_lines"
  REFERENCING NEW TABLE AS new_lines OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION budget_od_lines_changed();--> statement-breakpoint
CREATE TRIGGER "budget_od_statements_changed" AFTER UPDATE ON "monthly_statements"
  REFERENCING NEW TABLE AS new_statements FOR EACH STATEMENT EXECUTE FUNCTION budget_od_statements_changed();--> statement-breakpoint
CREATE TRIGGER "budget_od_prestations_changed" AFTER UPDATE ON "prestations"
  REFERENCING NEW TABLE AS new_prestations OLD TABLE AS old_prestations FOR EACH STATEMENT EXECUTE FUNCTION budget_od_prestations_changed();--> statement-breakpoint
-- every statement link as it stands
INSERT INTO budget_od_rows (id, statement_id, statement_date, market_id, attachment_id, type_id, amount)
SELECT min(al.id), ms.id, ms.date, ms.market_id, msa.attachment_id, pr.type_id, sum(al.total)::numeric(18, 2)
FROM monthly_statement_attachments msa
JOIN monthly_statements ms ON ms.id = msa.statement_id
JOIN attachment_lines al ON al.attachment_id = msa.attachment_id
JOIN prestations pr ON pr.id = al.prestation_id
GROUP BY ms.id, msa.attachment_id, pr.type_id;--> statement-breakpoint
ANALYZE "budget_od_rows";
