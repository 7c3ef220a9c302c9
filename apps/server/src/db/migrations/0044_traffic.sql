CREATE TABLE "traffic_daily" (
	"website_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_website_id_source_day_pk" PRIMARY KEY("website_id","source","day")
);
--> statement-breakpoint
CREATE TABLE "traffic_devices" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_devices_website_id_day_device_pk" PRIMARY KEY("website_id","day","device")
);
--> statement-breakpoint
CREATE TABLE "traffic_events" (
	"at" timestamp with time zone NOT NULL,
	"website_id" integer NOT NULL,
	"path" text NOT NULL,
	"post_id" integer,
	"category_id" integer,
	"visitor" bigint NOT NULL,
	"referrer" text,
	"device" text NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
-- A partition per day is made ahead of time (modules/traffic/partitions.ts); this one takes any
-- view that arrives before its day's partition exists, so that none is refused.
CREATE TABLE "traffic_events_default" PARTITION OF "traffic_events" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_hourly" (
	"website_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_hourly_website_id_hour_pk" PRIMARY KEY("website_id","hour")
);
--> statement-breakpoint
CREATE TABLE "traffic_pages" (
	"website_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"post_id" integer,
	"category_id" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"position" real,
	CONSTRAINT "traffic_pages_website_id_source_day_path_pk" PRIMARY KEY("website_id","source","day","path")
);
--> statement-breakpoint
CREATE TABLE "traffic_referrers" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_referrers_website_id_day_domain_pk" PRIMARY KEY("website_id","day","domain")
);
--> statement-breakpoint
ALTER TABLE "category_variants" ADD COLUMN "published_url" text;--> statement-breakpoint
ALTER TABLE "category_variants" ADD COLUMN "published_path" text;--> statement-breakpoint
ALTER TABLE "post_variants" ADD COLUMN "published_url" text;--> statement-breakpoint
ALTER TABLE "post_variants" ADD COLUMN "published_path" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "tracking_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_daily" ADD CONSTRAINT "traffic_daily_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_devices" ADD CONSTRAINT "traffic_devices_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_hourly" ADD CONSTRAINT "traffic_hourly_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_pages" ADD CONSTRAINT "traffic_pages_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_referrers" ADD CONSTRAINT "traffic_referrers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_daily_source_day_idx" ON "traffic_daily" USING btree ("source","day");--> statement-breakpoint
CREATE INDEX "traffic_events_visitor_idx" ON "traffic_events" USING btree ("website_id","visitor","at");--> statement-breakpoint
CREATE INDEX "traffic_hourly_hour_idx" ON "traffic_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "traffic_pages_post_idx" ON "traffic_pages" USING btree ("post_id","day") WHERE "traffic_pages"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "traffic_pages_category_idx" ON "traffic_pages" USING btree ("category_id","day") WHERE "traffic_pages"."category_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "category_variants_published_path_idx" ON "category_variants" USING btree ("website_id","published_path") WHERE "category_variants"."published_path" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_variants_published_path_idx" ON "post_variants" USING btree ("website_id","published_path") WHERE "post_variants"."published_path" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "websites_tracking_key_unique" ON "websites" USING btree ("tracking_key");