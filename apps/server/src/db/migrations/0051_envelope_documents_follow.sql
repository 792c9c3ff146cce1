-- Data only (issue 12): an envelope's documents stand on the step matching their envelope's, and a signed copy
-- on doc_signed, as the application now keeps them; each placed document gets a history row without transition.
WITH "targets" AS (
  SELECT "t"."id" AS "token_id", "t"."node_id" AS "from_node_id", "dn"."id" AS "to_node_id", 'Enveloppe : ' || "en"."name" AS "comment"
  FROM "documents" "d"
  JOIN "workflow_tokens" "t" ON "t"."entity_name" = 'document' AND "t"."entity_id" = "d"."id"
  JOIN "workflow_tokens" "et" ON "et"."entity_name" = 'envelope' AND "et"."entity_id" = "d"."entity_id"
  JOIN "workflow_nodes" "en" ON "en"."id" = "et"."node_id"
  JOIN "workflow_nodes" "dn" ON "dn"."workflow_id" = "t"."workflow_id" AND "dn"."code" = CASE "en"."code"
    WHEN 'env_draft' THEN 'doc_draft'
    WHEN 'env_pending_validation' THEN 'doc_pending_validation'
    WHEN 'env_validated' THEN 'doc_validated'
    WHEN 'env_refused' THEN 'doc_refused'
    WHEN 'env_signing' THEN 'doc_validated'
    WHEN 'env_signed' THEN 'doc_signed'
  END
  WHERE "d"."entity" = 'envelope' AND "dn"."id" <> "t"."node_id"
  UNION ALL
  SELECT "t"."id", "t"."node_id", "dn"."id", 'Copie signée'
  FROM "signature_request_documents" "srd"
  JOIN "documents" "d" ON "d"."id" = "srd"."signed_document_id" AND "d"."entity" <> 'envelope'
  JOIN "workflow_tokens" "t" ON "t"."entity_name" = 'document' AND "t"."entity_id" = "d"."id"
  JOIN "workflow_nodes" "dn" ON "dn"."workflow_id" = "t"."workflow_id" AND "dn"."code" = 'doc_signed'
  WHERE "dn"."id" <> "t"."node_id"
), "history" AS (
  INSERT INTO "workflow_token_history" ("token_id", "from_node_id", "to_node_id", "comment")
  SELECT "token_id", "from_node_id", "to_node_id", "comment" FROM "targets"
)
UPDATE "workflow_tokens" SET "node_id" = "targets"."to_node_id", "version" = "workflow_tokens"."version" + 1, "updated_at" = now()
FROM "targets" WHERE "workflow_tokens"."id" = "targets"."token_id";
