-- Search grams (docs/decisions.md, "Contains on references: search grams"): the distinct 5-character
-- substrings of a text folded as the list engine folds a typed value (platform/text-match.ts, `foldText`:
-- ASCII capitals, the accents of the Latin-1 letters, œ / æ spelled oe / ae, ’ made '), spelled out so that
-- the result depends on no locale. A "contains" that reads every match (count, totals, export) of a value
-- of 5 ASCII characters or more looks its grams up in a GIN index of them: a text holding the value folds
-- to a text holding its grams. COST: the planner checks any cheaper condition on a row first.
CREATE OR REPLACE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
  SELECT coalesce(array_agg(DISTINCT substr(folded.f, i, 5)), '{}')
  FROM (SELECT translate(replace(replace(replace(replace(t, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'),
      'ABCDEFGHIJKLMNOPQRSTUVWXYZàÀáÁâÂãÃäÄåÅçÇèÈéÉêÊëËìÌíÍîÎïÏñÑòÒóÓôÔõÕöÖøØùÙúÚûÛüÜýÝÿŸ’',
      'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyyy''') AS f) AS folded,
    generate_series(1, length(folded.f) - 4) AS i
$$;
--> statement-breakpoint
CREATE INDEX "attachments_reference_grams_idx" ON "attachments" USING gin (search_grams("reference"));--> statement-breakpoint
CREATE INDEX "orders_reference_grams_idx" ON "orders" USING gin (search_grams("reference"));
