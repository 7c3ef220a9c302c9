CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_name_unique" ON "workflows" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_one_default" ON "workflows" USING btree ("is_default") WHERE "is_default";--> statement-breakpoint
CREATE TABLE "workflow_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"position" smallint NOT NULL,
	"role_ids" integer[] DEFAULT '{}' NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_stages" ADD CONSTRAINT "workflow_stages_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_stages_workflow_position_unique" ON "workflow_stages" USING btree ("workflow_id","position");--> statement-breakpoint
INSERT INTO "workflows" ("name", "is_default") VALUES ('Default', true);--> statement-breakpoint
INSERT INTO "workflow_stages" ("workflow_id", "name", "colour", "position")
SELECT w.id, s.name, s.colour, s.position FROM "workflows" w,
  (VALUES ('Draft', '#6b7280', 0), ('In review', '#d97706', 1), ('Approved', '#16a34a', 2)) AS s(name, colour, position)
WHERE w.is_default;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "workflow_id" integer;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "websites_workflow_idx" ON "websites" USING btree ("workflow_id");--> statement-breakpoint
ALTER TABLE "category_variants" ADD COLUMN "stage_id" integer;--> statement-breakpoint
ALTER TABLE "category_variants" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "category_variants" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "category_variants" ADD COLUMN "generation_requested_by" integer;--> statement-breakpoint
ALTER TABLE "post_variants" ADD COLUMN "stage_id" integer;--> statement-breakpoint
ALTER TABLE "post_variants" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "post_variants" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_variants" ADD COLUMN "generation_requested_by" integer;--> statement-breakpoint
UPDATE "category_variants" SET "stage_id" = (
  SELECT s.id FROM "workflow_stages" s JOIN "workflows" w ON w.id = s.workflow_id
  WHERE w.is_default AND s.position = CASE WHEN "category_variants"."is_approved" THEN 2 ELSE 0 END);--> statement-breakpoint
UPDATE "post_variants" SET "stage_id" = (
  SELECT s.id FROM "workflow_stages" s JOIN "workflows" w ON w.id = s.workflow_id
  WHERE w.is_default AND s.position = CASE WHEN "post_variants"."is_approved" THEN 2 ELSE 0 END);--> statement-breakpoint
ALTER TABLE "category_variants" ALTER COLUMN "stage_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_variants" ALTER COLUMN "stage_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "category_variants" ADD CONSTRAINT "category_variants_stage_id_workflow_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."workflow_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_variants" ADD CONSTRAINT "post_variants_stage_id_workflow_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."workflow_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_variants" ADD CONSTRAINT "category_variants_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_variants" ADD CONSTRAINT "post_variants_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_variants" ADD CONSTRAINT "category_variants_generation_requested_by_users_id_fk" FOREIGN KEY ("generation_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_variants" ADD CONSTRAINT "post_variants_generation_requested_by_users_id_fk" FOREIGN KEY ("generation_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_variants_stage_idx" ON "category_variants" USING btree ("stage_id","category_id");--> statement-breakpoint
CREATE INDEX "post_variants_stage_idx" ON "post_variants" USING btree ("stage_id","post_id");--> statement-breakpoint
CREATE INDEX "category_variants_assignee_idx" ON "category_variants" USING btree ("assignee_id","category_id") WHERE "assignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_variants_assignee_idx" ON "post_variants" USING btree ("assignee_id","post_id") WHERE "assignee_id" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "variant_initial_stage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stage_id IS NULL THEN
    SELECT s.id INTO NEW.stage_id FROM workflow_stages s
    WHERE s.workflow_id = COALESCE(
      (SELECT ws.workflow_id FROM websites ws WHERE ws.id = NEW.website_id),
      (SELECT w.id FROM workflows w WHERE w.is_default))
    ORDER BY CASE WHEN NEW.is_approved THEN -s.position ELSE s.position END
    LIMIT 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "category_variants_initial_stage" BEFORE INSERT ON "category_variants" FOR EACH ROW EXECUTE FUNCTION "variant_initial_stage"();--> statement-breakpoint
CREATE TRIGGER "post_variants_initial_stage" BEFORE INSERT ON "post_variants" FOR EACH ROW EXECUTE FUNCTION "variant_initial_stage"();--> statement-breakpoint
CREATE TABLE "variant_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category_variant_id" integer,
	"post_variant_id" integer,
	"event" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variant_reviews_one_variant" CHECK (num_nonnulls("category_variant_id", "post_variant_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "variant_reviews" ADD CONSTRAINT "variant_reviews_category_variant_id_fk" FOREIGN KEY ("category_variant_id") REFERENCES "public"."category_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_reviews" ADD CONSTRAINT "variant_reviews_post_variant_id_fk" FOREIGN KEY ("post_variant_id") REFERENCES "public"."post_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variant_reviews_category_variant_idx" ON "variant_reviews" USING btree ("category_variant_id","id") WHERE "category_variant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "variant_reviews_post_variant_idx" ON "variant_reviews" USING btree ("post_variant_id","id") WHERE "post_variant_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"category_variant_id" integer,
	"post_variant_id" integer,
	"created_by" integer,
	"created_by_name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_links_one_variant" CHECK (num_nonnulls("category_variant_id", "post_variant_id") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_token_hash_unique" ON "review_links" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_category_variant_id_fk" FOREIGN KEY ("category_variant_id") REFERENCES "public"."category_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_post_variant_id_fk" FOREIGN KEY ("post_variant_id") REFERENCES "public"."post_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "permissions" ("name", "level", "guard_name") VALUES ('workflow-manage', 2, 'web') ON CONFLICT DO NOTHING;
