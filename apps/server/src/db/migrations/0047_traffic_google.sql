CREATE TABLE "traffic_google_days" (
	"website_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"property" text,
	"fetched" integer DEFAULT 0 NOT NULL,
	"import_id" integer,
	CONSTRAINT "traffic_google_days_website_id_source_day_pk" PRIMARY KEY("website_id","source","day")
);
--> statement-breakpoint
CREATE TABLE "traffic_google_properties" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"host" text,
	"host_website_id" integer,
	"last_imported_at" timestamp with time zone,
	"last_error" text,
	"retry_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "traffic_google_properties_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "traffic_google_staged" (
	"website_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"position_weight" real DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_google_staged_website_id_source_day_path_pk" PRIMARY KEY("website_id","source","day","path")
);
--> statement-breakpoint
CREATE TABLE "traffic_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"website_ids" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "ga4_property_id" text;--> statement-breakpoint
ALTER TABLE "website_settings" ADD COLUMN "search_console_site" text;--> statement-breakpoint
ALTER TABLE "traffic_google_days" ADD CONSTRAINT "traffic_google_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_google_days" ADD CONSTRAINT "traffic_google_days_import_id_traffic_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."traffic_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_google_properties" ADD CONSTRAINT "traffic_google_properties_host_website_id_websites_id_fk" FOREIGN KEY ("host_website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_google_staged" ADD CONSTRAINT "traffic_google_staged_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_imports" ADD CONSTRAINT "traffic_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;