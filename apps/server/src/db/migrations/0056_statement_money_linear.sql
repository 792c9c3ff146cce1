-- An invoiced attachment's money (amount, RG, deposit used) edited: its statement's stored figures (0041) are
-- recomputed once per statement and per write, where the row trigger of 0041 recomputed the whole statement for
-- each attachment changed (an UPDATE of N attachments of one statement summed N times N attachments). The
-- attachments whose money changed are found with EXCEPT over each transition table's (id, money), never a join
-- of the two (docs/decisions.md "Stored figures on bulk writes"), then joined to their links by the unique
-- index; a write that changes no money (a workflow move, a reference) recomputes nothing, as the row
-- trigger's WHEN did. PostgreSQL refuses transition tables on a trigger with a column list (UPDATE OF), so the
-- statement trigger runs on every UPDATE of attachments and filters by itself.
DROP TRIGGER "monthly_statement_attachment_money_changed" ON "attachments";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "monthly_statement_attachment_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM monthly_statement_figures_refresh(ARRAY(
    SELECT DISTINCT msa.statement_id
    FROM (SELECT id, amount, rg, deposit_used FROM new_rows EXCEPT SELECT id, amount, rg, deposit_used FROM old_rows) c
    JOIN monthly_statement_attachments msa ON msa.attachment_id = c.id
    ORDER BY msa.statement_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "monthly_statement_attachment_money_changed" AFTER UPDATE ON "attachments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_attachment_money_changed();
