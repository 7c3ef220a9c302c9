CREATE TABLE "adsense_accounts" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"last_imported_at" timestamp with time zone,
	"last_error" text,
	"pending_from" date,
	"pending_to" date,
	"retry_at" timestamp with time zone,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "adsense_websites" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"account" text,
	"last_imported_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"currency" text NOT NULL,
	"note" text,
	"input_tokens" integer,
	"output_tokens" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "economics_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	CONSTRAINT "exchange_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
CREATE TABLE "revenue" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"currency" text NOT NULL,
	"page_views" integer,
	"impressions" integer,
	"clicks" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_page_devices" (
	"website_id" integer NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"post_id" integer,
	"category_id" integer,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_page_devices_website_id_day_path_device_pk" PRIMARY KEY("website_id","day","path","device")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "ga4_views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "ga4_views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "ga4_views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "adsense_websites" ADD CONSTRAINT "adsense_websites_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costs" ADD CONSTRAINT "costs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costs" ADD CONSTRAINT "costs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue" ADD CONSTRAINT "revenue_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_imports" ADD CONSTRAINT "revenue_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_page_devices" ADD CONSTRAINT "traffic_page_devices_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "costs_day_idx" ON "costs" USING btree ("day");--> statement-breakpoint
CREATE INDEX "costs_website_day_idx" ON "costs" USING btree ("website_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_website_source_day_unique" ON "revenue" USING btree ("website_id","source","day");--> statement-breakpoint
CREATE INDEX "revenue_day_idx" ON "revenue" USING btree ("day");--> statement-breakpoint
CREATE INDEX "revenue_imports_open_idx" ON "revenue_imports" USING btree ("id") WHERE "revenue_imports"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "traffic_page_devices_post_idx" ON "traffic_page_devices" USING btree ("post_id","day") WHERE "traffic_page_devices"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "traffic_page_devices_category_idx" ON "traffic_page_devices" USING btree ("category_id","day") WHERE "traffic_page_devices"."category_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "categories_ga4_views_idx" ON "categories" USING btree ("ga4_views");--> statement-breakpoint
CREATE INDEX "posts_ga4_views_id_idx" ON "posts" USING btree ("ga4_views","id");--> statement-breakpoint
CREATE INDEX "websites_ga4_views_idx" ON "websites" USING btree ("ga4_views");--> statement-breakpoint
INSERT INTO "economics_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
-- Once per statement, however many rows it wrote.
CREATE FUNCTION economics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE economics_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER economics_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revenue
  FOR EACH STATEMENT EXECUTE FUNCTION economics_changed();
--> statement-breakpoint
CREATE TRIGGER economics_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON costs
  FOR EACH STATEMENT EXECUTE FUNCTION economics_changed();
--> statement-breakpoint
CREATE TRIGGER economics_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates
  FOR EACH STATEMENT EXECUTE FUNCTION economics_changed();
--> statement-breakpoint
CREATE TRIGGER economics_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON instances
  FOR EACH STATEMENT EXECUTE FUNCTION economics_changed();
--> statement-breakpoint
CREATE TRIGGER economics_changed AFTER INSERT OR DELETE OR TRUNCATE ON agent_instructions
  FOR EACH STATEMENT EXECUTE FUNCTION economics_changed();
--> statement-breakpoint
CREATE TRIGGER economics_changed AFTER INSERT OR DELETE OR TRUNCATE ON websites
  FOR EACH STATEMENT EXECUTE FUNCTION economics_changed();
--> statement-breakpoint
-- Only the columns a website's hosting cost is made of: its rows change at every delivery, which
-- would otherwise make every delivery wait on this one row.
CREATE TRIGGER economics_hosting_changed AFTER UPDATE OF cost, duration, next_renewal_date ON websites
  FOR EACH STATEMENT EXECUTE FUNCTION economics_changed();
