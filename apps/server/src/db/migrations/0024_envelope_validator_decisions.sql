ALTER TABLE "envelope_validators" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "envelope_validators" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "envelope_validators" ADD CONSTRAINT "envelope_validators_decision_check" CHECK ("envelope_validators"."decision" IS NULL OR "envelope_validators"."decision" IN ('validated', 'refused'));--> statement-breakpoint
UPDATE "envelope_validators" SET "decision" = 'validated' WHERE "is_validated";