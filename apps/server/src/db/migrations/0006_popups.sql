CREATE TABLE "popup_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"popup_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"readed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "popup_users" ADD CONSTRAINT "popup_users_popup_id_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_users" ADD CONSTRAINT "popup_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "popup_users_popup_user_unique" ON "popup_users" USING btree ("popup_id","user_id");--> statement-breakpoint
CREATE INDEX "popup_users_user_idx" ON "popup_users" USING btree ("user_id","popup_id");