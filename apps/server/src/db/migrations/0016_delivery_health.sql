ALTER TABLE "delivery_attempts" ADD COLUMN "website_id" integer;--> statement-breakpoint
UPDATE "delivery_attempts" a SET "website_id" = v."website_id" FROM "post_variants" v WHERE a."kind" = 'post' AND v."id" = a."variant_id";--> statement-breakpoint
UPDATE "delivery_attempts" a SET "website_id" = v."website_id" FROM "category_variants" v WHERE a."kind" = 'category' AND v."id" = a."variant_id";--> statement-breakpoint
DELETE FROM "delivery_attempts" WHERE "website_id" IS NULL;--> statement-breakpoint
DELETE FROM "delivery_attempts" a WHERE NOT EXISTS (SELECT 1 FROM "websites" w WHERE w."id" = a."website_id");--> statement-breakpoint
ALTER TABLE "delivery_attempts" ALTER COLUMN "website_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_attempts_website_idx" ON "delivery_attempts" USING btree ("website_id","id");--> statement-breakpoint
CREATE INDEX "delivery_attempts_created_idx" ON "delivery_attempts" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "delivery_health_hours" (
	"website_id" integer NOT NULL,
	"target" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"duration_ms_sum" bigint DEFAULT 0 NOT NULL,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "delivery_health_hours_pk" PRIMARY KEY("website_id","target","hour")
);--> statement-breakpoint
ALTER TABLE "delivery_health_hours" ADD CONSTRAINT "delivery_health_hours_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_health_hours_hour_idx" ON "delivery_health_hours" USING btree ("hour");--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "last_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "last_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "last_delivery_error" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "deliveries_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "deliveries_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "deliveries_paused_reason" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "deliveries_probed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "deliveries_deferred_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "delivery_window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "delivery_window_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "post_variants_pending_idx" ON "post_variants" USING btree ("website_id") WHERE "post_variants"."delivery_status" IN ('queued', 'paused');--> statement-breakpoint
CREATE INDEX "category_variants_pending_idx" ON "category_variants" USING btree ("website_id") WHERE "category_variants"."delivery_status" IN ('queued', 'paused');
