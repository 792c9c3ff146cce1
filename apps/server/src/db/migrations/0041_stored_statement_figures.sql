ALTER TABLE "monthly_statements" ADD COLUMN "attachment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_statements" ADD COLUMN "attachment_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_statements" ADD COLUMN "attachment_rg" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_statements" ADD COLUMN "attachment_deposit_used" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The node screen walks a node's tokens in id order and reads their item from the index alone.
DROP INDEX "workflow_tokens_node_idx";--> statement-breakpoint
CREATE INDEX "workflow_tokens_node_idx" ON "workflow_tokens" USING btree ("node_id","id","entity_name","entity_id");--> statement-breakpoint
-- The list's figures of a statement's invoiced attachments, kept by the database whatever writes the links
-- (the service, the generation, seeds, the bench generator) or an invoiced attachment's money (docs/decisions.md).
CREATE FUNCTION "monthly_statement_figures_refresh"(statement_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE monthly_statements s
  SET attachment_count = t.count, attachment_amount = t.amount, attachment_rg = t.rg, attachment_deposit_used = t.used
  FROM (SELECT DISTINCT unnest(statement_ids) AS id) changed
  CROSS JOIN LATERAL (
    SELECT count(*)::integer AS count, coalesce(sum(att.amount), 0)::numeric(14, 2) AS amount,
      coalesce(sum(att.rg), 0)::numeric(14, 2) AS rg, coalesce(sum(att.deposit_used), 0)::numeric(14, 2) AS used
    FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
    WHERE msa.statement_id = changed.id) t
  WHERE s.id = changed.id
    AND (s.attachment_count, s.attachment_amount, s.attachment_rg, s.attachment_deposit_used)
      IS DISTINCT FROM (t.count, t.amount, t.rg, t.used)
$$;--> statement-breakpoint
CREATE FUNCTION "monthly_statement_attachments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM monthly_statement_figures_refresh(ARRAY(SELECT statement_id FROM new_links));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "monthly_statement_attachments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM monthly_statement_figures_refresh(ARRAY(SELECT statement_id FROM old_links));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "monthly_statement_attachments_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM monthly_statement_figures_refresh(
    ARRAY(SELECT statement_id FROM new_links UNION SELECT statement_id FROM old_links));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "monthly_statement_attachment_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM monthly_statement_figures_refresh(
    ARRAY(SELECT msa.statement_id FROM monthly_statement_attachments msa WHERE msa.attachment_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "monthly_statement_attachments_inserted" AFTER INSERT ON "monthly_statement_attachments"
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_attachments_inserted();--> statement-breakpoint
CREATE TRIGGER "monthly_statement_attachments_deleted" AFTER DELETE ON "monthly_statement_attachments"
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_attachments_deleted();--> statement-breakpoint
CREATE TRIGGER "monthly_statement_attachments_updated" AFTER UPDATE ON "monthly_statement_attachments"
  REFERENCING NEW TABLE AS new_links OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_attachments_updated();--> statement-breakpoint
CREATE TRIGGER "monthly_statement_attachment_money_changed" AFTER UPDATE OF "amount", "rg", "deposit_used" ON "attachments"
  FOR EACH ROW WHEN (OLD.amount IS DISTINCT FROM NEW.amount OR OLD.rg IS DISTINCT FROM NEW.rg OR OLD.deposit_used IS DISTINCT FROM NEW.deposit_used)
  EXECUTE FUNCTION monthly_statement_attachment_money_changed();--> statement-breakpoint
UPDATE monthly_statements s
SET attachment_count = t.count, attachment_amount = t.amount, attachment_rg = t.rg, attachment_deposit_used = t.used
FROM (
  SELECT msa.statement_id, count(*)::integer AS count, coalesce(sum(att.amount), 0)::numeric(14, 2) AS amount,
    coalesce(sum(att.rg), 0)::numeric(14, 2) AS rg, coalesce(sum(att.deposit_used), 0)::numeric(14, 2) AS used
  FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
  GROUP BY msa.statement_id) t
WHERE s.id = t.statement_id;
