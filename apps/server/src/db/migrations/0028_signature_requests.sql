CREATE TABLE "signature_request_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"provider_document_id" text NOT NULL,
	"signed_document_id" integer
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"envelope_id" integer,
	"status" text DEFAULT 'ongoing' NOT NULL,
	"reason" text,
	"signers" jsonb NOT NULL,
	"sender_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "signature_requests_status_check" CHECK ("signature_requests"."status" IN ('ongoing', 'done', 'declined', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "signature_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_name" text NOT NULL,
	"provider_request_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD CONSTRAINT "signature_request_documents_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD CONSTRAINT "signature_request_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD CONSTRAINT "signature_request_documents_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_envelope_id_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_documents_unique" ON "signature_request_documents" USING btree ("request_id","document_id");--> statement-breakpoint
CREATE INDEX "signature_request_documents_document_idx" ON "signature_request_documents" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_provider_unique" ON "signature_requests" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "signature_requests_envelope_idx" ON "signature_requests" USING btree ("envelope_id");--> statement-breakpoint
-- the envelope workflow's signature steps, on databases seeded before them (a new database gets them from the seed)
INSERT INTO "workflow_nodes" ("workflow_id", "code", "name", "type", "position")
SELECT w."id", n."code", n."name", n."type", n."position"
FROM "workflows" w
CROSS JOIN (VALUES ('env_signing', 'En cours de signature', 2, 4), ('env_signed', 'Signée', 4, 5)) AS n("code", "name", "type", "position")
WHERE w."code" = 'envelope'
  AND NOT EXISTS (SELECT 1 FROM "workflow_nodes" x WHERE x."workflow_id" = w."id" AND x."code" = n."code");
--> statement-breakpoint
INSERT INTO "workflow_transitions" ("workflow_id", "code", "name", "type", "helper", "hidden", "from_node_id", "to_node_id", "position")
SELECT w."id", t."code", t."name", t."type", t."helper", true, f."id", d."id", t."position"
FROM "workflows" w
CROSS JOIN (VALUES
  ('env_to_signing', 'Envoyer à la signature', 1, 'Par l''action « Envoyer à la signature », qui désigne les deux signataires', 'env_validated', 'env_signing', 7),
  ('env_to_signed', 'Signée', 1, 'Par le service de signature électronique, une fois les deux signatures reçues', 'env_signing', 'env_signed', 8),
  ('env_signature_failed', 'Signature refusée ou expirée', 2, 'Par le service de signature électronique, quand un signataire refuse ou que la demande expire', 'env_signing', 'env_validated', 9)
) AS t("code", "name", "type", "helper", "from_code", "to_code", "position")
JOIN "workflow_nodes" f ON f."workflow_id" = w."id" AND f."code" = t."from_code"
JOIN "workflow_nodes" d ON d."workflow_id" = w."id" AND d."code" = t."to_code"
WHERE w."code" = 'envelope'
  AND NOT EXISTS (SELECT 1 FROM "workflow_transitions" x WHERE x."workflow_id" = w."id" AND x."code" = t."code");
--> statement-breakpoint
INSERT INTO "role_workflow_nodes" ("role_id", "node_id")
SELECT r."role_id", n."id"
FROM "role_workflow_nodes" r
JOIN "workflow_nodes" v ON v."id" = r."node_id" AND v."code" = 'env_validated'
JOIN "workflow_nodes" n ON n."workflow_id" = v."workflow_id" AND n."code" IN ('env_signing', 'env_signed')
ON CONFLICT DO NOTHING;
