ALTER TABLE "websites" ADD COLUMN "monitor_status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitor_keyword" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "maintenance_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitor_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitor_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitor_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitor_http_status" integer;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitor_response_ms" integer;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitor_error" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "ssl_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "websites_monitor_status_id_idx" ON "websites" USING btree ("monitor_status","id");--> statement-breakpoint
CREATE TABLE "website_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"http_status" integer,
	"response_ms" integer,
	"error" text,
	"ssl_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "website_checks" ADD CONSTRAINT "website_checks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_checks_website_checked_idx" ON "website_checks" USING btree ("website_id","checked_at");--> statement-breakpoint
CREATE INDEX "website_checks_checked_at_idx" ON "website_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subjects" text[] NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"group_count" integer DEFAULT 1 NOT NULL,
	"grouped" boolean DEFAULT false NOT NULL,
	"email_state" text,
	"chat_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_kind_idx" ON "notifications" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("user_id") WHERE "email_state" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_chat_pending_idx" ON "notifications" USING btree ("id") WHERE "chat_state" = 'pending';--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"chat" boolean DEFAULT true NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "notification_dedupe" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"held_back" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_dedupe_kind_subject_dedupe_key_pk" PRIMARY KEY("kind","subject","dedupe_key")
);
--> statement-breakpoint
CREATE INDEX "notification_dedupe_created_at_idx" ON "notification_dedupe" USING btree ("created_at");
