-- The Posts and Categories lists filtered by assignee, or by assignee and stage: one index-only
-- scan finds the records of the user's variants in that stage. It serves the assignee alone too.
DROP INDEX IF EXISTS "post_variants_assignee_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "category_variants_assignee_idx";--> statement-breakpoint
CREATE INDEX "post_variants_assignee_stage_idx" ON "post_variants" USING btree ("assignee_id","stage_id","post_id") WHERE "assignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "category_variants_assignee_stage_idx" ON "category_variants" USING btree ("assignee_id","stage_id","category_id") WHERE "assignee_id" IS NOT NULL;
