ALTER TABLE "agencies" ADD COLUMN "legal_onboarded" boolean;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "legal_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "invitation_sent_to" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "invitation_sent_at" timestamp with time zone;