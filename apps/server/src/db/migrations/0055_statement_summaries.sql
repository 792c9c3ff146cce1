CREATE TABLE "statement_summaries" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"statements" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"rg" numeric NOT NULL,
	"deposit_used" numeric NOT NULL,
	"rg_released" numeric NOT NULL,
	"ttc" numeric NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monthly_statements" ADD COLUMN "rg_released" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- the RG released in each statement (Σ of its releases), stored on it as its invoiced sums are (0041)
UPDATE monthly_statements s SET rg_released = r.released
FROM (SELECT statement_id, sum(amount)::numeric(14, 2) AS released FROM monthly_statement_rg_releases GROUP BY statement_id) r
WHERE s.id = r.statement_id AND r.released <> 0;--> statement-breakpoint
-- kept by the releases' writes: each statement adds its new rows and takes off its old ones, summed per statement
-- first (a union of the transition tables, no join of them), an increment under the statement's row lock
CREATE FUNCTION monthly_statement_rg_released_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT statement_id, amount FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT statement_id, -amount AS amount FROM old_rows'
    ELSE 'SELECT statement_id, amount FROM new_rows UNION ALL SELECT statement_id, -amount AS amount FROM old_rows'
  END;
BEGIN
  EXECUTE 'UPDATE monthly_statements s SET rg_released = s.rg_released + c.amount
    FROM (SELECT statement_id, sum(amount) AS amount FROM (' || changed || ') u
      GROUP BY statement_id HAVING sum(amount) <> 0 ORDER BY statement_id) c
    WHERE s.id = c.statement_id';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER monthly_statement_rg_released_insert AFTER INSERT ON monthly_statement_rg_releases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_rg_released_apply();--> statement-breakpoint
CREATE TRIGGER monthly_statement_rg_released_update AFTER UPDATE ON monthly_statement_rg_releases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_rg_released_apply();--> statement-breakpoint
CREATE TRIGGER monthly_statement_rg_released_delete AFTER DELETE ON monthly_statement_rg_releases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_rg_released_apply();--> statement-breakpoint
-- what a statement adds to its market's totals: the list's figures (monthly-statements.lists.ts), the TTC rounded
-- per statement at the market's rate (MARKET_VAT_RATES: 20, 10, 0 under reverse charge; a test compares them)
CREATE FUNCTION statement_ttc(amount numeric, rg numeric, deposit_used numeric, rg_released numeric, tva text)
RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT round((amount - rg - deposit_used + rg_released)::numeric(14, 2)
    * (100 + CASE tva WHEN 'basic' THEN 20 WHEN 'tenPercents' THEN 10 WHEN 'reverseCharge' THEN 0 ELSE 0 END) / 100, 2)::numeric(14, 2)
$$;--> statement-breakpoint
INSERT INTO statement_summaries (market_id, statements, amount, rg, deposit_used, rg_released, ttc)
SELECT s.market_id, count(*), sum(s.attachment_amount), sum(s.attachment_rg), sum(s.attachment_deposit_used), sum(s.rg_released),
  sum(statement_ttc(s.attachment_amount, s.attachment_rg, s.attachment_deposit_used, s.rg_released, m.tva))
FROM monthly_statements s JOIN markets m ON m.id = s.market_id
GROUP BY s.market_id;--> statement-breakpoint
-- kept by statement triggers on the statements (their invoiced sums and released RG are kept on the row by the
-- triggers of the links, so every change of a figure is an update of the statement): the signed rows of each
-- transition table, summed per market (the market's VAT as it stands), added in market order; a write that
-- changes no figure (paid, locked, version) cancels out and leaves the summary alone
CREATE FUNCTION statement_summaries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text := 'market_id, attachment_amount, attachment_rg, attachment_deposit_used, rg_released';
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, ' || columns || ' FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, ' || columns || ' FROM old_rows'
    ELSE 'SELECT 1 AS sign, ' || columns || ' FROM new_rows UNION ALL SELECT -1 AS sign, ' || columns || ' FROM old_rows'
  END;
BEGIN
  EXECUTE 'INSERT INTO statement_summaries AS s (market_id, statements, amount, rg, deposit_used, rg_released, ttc)
    SELECT c.market_id, sum(c.sign), sum(c.sign * c.attachment_amount), sum(c.sign * c.attachment_rg),
      sum(c.sign * c.attachment_deposit_used), sum(c.sign * c.rg_released),
      sum(c.sign * statement_ttc(c.attachment_amount, c.attachment_rg, c.attachment_deposit_used, c.rg_released, m.tva))
    FROM (' || changed || ') c JOIN markets m ON m.id = c.market_id
    GROUP BY c.market_id
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.attachment_amount) <> 0 OR sum(c.sign * c.attachment_rg) <> 0
      OR sum(c.sign * c.attachment_deposit_used) <> 0 OR sum(c.sign * c.rg_released) <> 0
      OR sum(c.sign * statement_ttc(c.attachment_amount, c.attachment_rg, c.attachment_deposit_used, c.rg_released, m.tva)) <> 0
    ORDER BY c.market_id
    ON CONFLICT (market_id) DO UPDATE SET statements = s.statements + excluded.statements, amount = s.amount + excluded.amount,
      rg = s.rg + excluded.rg, deposit_used = s.deposit_used + excluded.deposit_used,
      rg_released = s.rg_released + excluded.rg_released, ttc = s.ttc + excluded.ttc';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER statement_summaries_insert AFTER INSERT ON monthly_statements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statement_summaries_apply();--> statement-breakpoint
CREATE TRIGGER statement_summaries_update AFTER UPDATE ON monthly_statements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statement_summaries_apply();--> statement-breakpoint
CREATE TRIGGER statement_summaries_delete AFTER DELETE ON monthly_statements REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statement_summaries_apply();--> statement-breakpoint
-- a market's VAT regime changed (the app refuses it once the market has a statement; a script may): its
-- statements' TTC at the new rate replaces the one at the former rate, per row (the change of one market)
CREATE FUNCTION statement_summaries_vat_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE statement_summaries ss SET ttc = ss.ttc + c.delta
  FROM (SELECT coalesce(sum(
      statement_ttc(s.attachment_amount, s.attachment_rg, s.attachment_deposit_used, s.rg_released, NEW.tva)
      - statement_ttc(s.attachment_amount, s.attachment_rg, s.attachment_deposit_used, s.rg_released, OLD.tva)), 0) AS delta
    FROM monthly_statements s WHERE s.market_id = NEW.id) c
  WHERE ss.market_id = NEW.id AND c.delta <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER statement_summaries_vat_changed AFTER UPDATE OF tva ON markets
  FOR EACH ROW WHEN (OLD.tva IS DISTINCT FROM NEW.tva) EXECUTE FUNCTION statement_summaries_vat_changed();--> statement-breakpoint
ANALYZE monthly_statements;--> statement-breakpoint
ANALYZE statement_summaries;
