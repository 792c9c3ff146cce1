CREATE TABLE "delegations" (
	"id" serial PRIMARY KEY NOT NULL,
	"delegate_from_id" integer NOT NULL,
	"delegate_to_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delegations_dates_check" CHECK ("delegations"."end_date" >= "delegations"."start_date"),
	CONSTRAINT "delegations_distinct_check" CHECK ("delegations"."delegate_from_id" <> "delegations"."delegate_to_id")
);
--> statement-breakpoint
CREATE TABLE "role_workflow_nodes" (
	"role_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	CONSTRAINT "role_workflow_nodes_role_id_node_id_pk" PRIMARY KEY("role_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "role_workflow_transitions" (
	"role_id" integer NOT NULL,
	"transition_id" integer NOT NULL,
	CONSTRAINT "role_workflow_transitions_role_id_transition_id_pk" PRIMARY KEY("role_id","transition_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 2 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workflow_nodes_type_check" CHECK ("workflow_nodes"."type" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "workflow_token_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_id" integer NOT NULL,
	"from_node_id" integer,
	"to_node_id" integer NOT NULL,
	"transition_id" integer,
	"user_id" integer,
	"delegated_user_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"entity_name" text NOT NULL,
	"entity_id" integer NOT NULL,
	"creator_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"helper" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"from_node_id" integer NOT NULL,
	"to_node_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"object_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegate_from_id_users_id_fk" FOREIGN KEY ("delegate_from_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegate_to_id_users_id_fk" FOREIGN KEY ("delegate_to_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_workflow_nodes" ADD CONSTRAINT "role_workflow_nodes_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_workflow_nodes" ADD CONSTRAINT "role_workflow_nodes_node_id_workflow_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_workflow_transitions" ADD CONSTRAINT "role_workflow_transitions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_workflow_transitions" ADD CONSTRAINT "role_workflow_transitions_transition_id_workflow_transitions_id_fk" FOREIGN KEY ("transition_id") REFERENCES "public"."workflow_transitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_nodes" ADD CONSTRAINT "workflow_nodes_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_token_history" ADD CONSTRAINT "workflow_token_history_token_id_workflow_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."workflow_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_token_history" ADD CONSTRAINT "workflow_token_history_from_node_id_workflow_nodes_id_fk" FOREIGN KEY ("from_node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_token_history" ADD CONSTRAINT "workflow_token_history_to_node_id_workflow_nodes_id_fk" FOREIGN KEY ("to_node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_token_history" ADD CONSTRAINT "workflow_token_history_transition_id_workflow_transitions_id_fk" FOREIGN KEY ("transition_id") REFERENCES "public"."workflow_transitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_token_history" ADD CONSTRAINT "workflow_token_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_token_history" ADD CONSTRAINT "workflow_token_history_delegated_user_id_users_id_fk" FOREIGN KEY ("delegated_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tokens" ADD CONSTRAINT "workflow_tokens_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tokens" ADD CONSTRAINT "workflow_tokens_node_id_workflow_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tokens" ADD CONSTRAINT "workflow_tokens_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_from_node_id_workflow_nodes_id_fk" FOREIGN KEY ("from_node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_to_node_id_workflow_nodes_id_fk" FOREIGN KEY ("to_node_id") REFERENCES "public"."workflow_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegations_to_idx" ON "delegations" USING btree ("delegate_to_id","end_date");--> statement-breakpoint
CREATE INDEX "delegations_from_idx" ON "delegations" USING btree ("delegate_from_id");--> statement-breakpoint
CREATE INDEX "role_workflow_nodes_node_idx" ON "role_workflow_nodes" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "role_workflow_transitions_transition_idx" ON "role_workflow_transitions" USING btree ("transition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_nodes_code_unique" ON "workflow_nodes" USING btree ("workflow_id","code");--> statement-breakpoint
CREATE INDEX "workflow_token_history_token_idx" ON "workflow_token_history" USING btree ("token_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_tokens_entity_unique" ON "workflow_tokens" USING btree ("entity_name","entity_id");--> statement-breakpoint
CREATE INDEX "workflow_tokens_node_idx" ON "workflow_tokens" USING btree ("node_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_transitions_link_unique" ON "workflow_transitions" USING btree ("from_node_id","code","to_node_id");--> statement-breakpoint
CREATE INDEX "workflow_transitions_workflow_idx" ON "workflow_transitions" USING btree ("workflow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_code_unique" ON "workflows" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_object_unique" ON "workflows" USING btree ("object_name");