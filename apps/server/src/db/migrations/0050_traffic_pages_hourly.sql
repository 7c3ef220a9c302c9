CREATE TABLE "traffic_pages_hourly" (
	"website_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"post_id" integer,
	"category_id" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_pages_hourly_website_id_hour_path_pk" PRIMARY KEY("website_id","hour","path")
);
--> statement-breakpoint
ALTER TABLE "traffic_pages_hourly" ADD CONSTRAINT "traffic_pages_hourly_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_pages_hourly_post_idx" ON "traffic_pages_hourly" USING btree ("post_id","hour") WHERE "traffic_pages_hourly"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "traffic_pages_hourly_category_idx" ON "traffic_pages_hourly" USING btree ("category_id","hour") WHERE "traffic_pages_hourly"."category_id" IS NOT NULL;