CREATE TABLE "agent_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"generate" text NOT NULL,
	"category_id" integer,
	"prompt" text NOT NULL,
	"limit" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"reported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"variant_id" integer NOT NULL,
	"target" text NOT NULL,
	"job_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"version" integer NOT NULL,
	"outcome" text NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_instructions" ADD CONSTRAINT "agent_instructions_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_instructions" ADD CONSTRAINT "agent_instructions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_instructions" ADD CONSTRAINT "agent_instructions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_instructions_instance_status_idx" ON "agent_instructions" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "delivery_attempts_variant_idx" ON "delivery_attempts" USING btree ("kind","variant_id","created_at");--> statement-breakpoint
CREATE INDEX "category_variants_failed_idx" ON "category_variants" USING btree ("updated_at") WHERE "category_variants"."delivery_status" = 'failed';--> statement-breakpoint
CREATE INDEX "post_variants_failed_idx" ON "post_variants" USING btree ("updated_at") WHERE "post_variants"."delivery_status" = 'failed';