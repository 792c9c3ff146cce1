-- Markets choose their contract with the picker (issue 12): a market created before, whose typed contract
-- number is the number of a contract of its agency, is linked to that contract; the others keep their number.
UPDATE "markets" AS m SET "contract_id" = k."id"
FROM "contracts" AS k
WHERE m."contract_id" IS NULL AND m."contract_number" IS NOT NULL
  AND k."contract_number" = m."contract_number" AND k."agency_id" = m."agency_id";
