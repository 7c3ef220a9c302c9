CREATE TABLE "traffic_page_referrers" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"post_id" integer,
	"category_id" integer,
	"domain" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_page_referrers_website_id_day_path_domain_pk" PRIMARY KEY("website_id","day","path","domain")
);
--> statement-breakpoint
ALTER TABLE "traffic_page_referrers" ADD CONSTRAINT "traffic_page_referrers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_page_referrers_post_idx" ON "traffic_page_referrers" USING btree ("post_id","day") WHERE "traffic_page_referrers"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "traffic_page_referrers_category_idx" ON "traffic_page_referrers" USING btree ("category_id","day") WHERE "traffic_page_referrers"."category_id" IS NOT NULL;