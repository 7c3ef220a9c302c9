ALTER TABLE "category_variants" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_variants" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "category_variants_publish_at_idx" ON "category_variants" USING btree ("publish_at") WHERE "publish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_variants_publish_at_idx" ON "post_variants" USING btree ("publish_at") WHERE "publish_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "posting_days" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "posting_times" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "posting_timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "blocked_dates" text[] DEFAULT '{}' NOT NULL;
