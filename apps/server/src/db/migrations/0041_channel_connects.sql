CREATE TABLE "channel_connect_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"network" text NOT NULL,
	"app_id" integer NOT NULL,
	"website_ids" integer[] NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_connects" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"network" text NOT NULL,
	"app_id" integer NOT NULL,
	"website_ids" integer[] NOT NULL,
	"code_verifier" text,
	"redirect_uri" text NOT NULL,
	"requested_by" integer,
	"requested_by_name" text NOT NULL,
	"link_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"candidates" text,
	"choose_by" timestamp with time zone,
	"chosen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_connect_links" ADD CONSTRAINT "channel_connect_links_app_id_social_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."social_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connect_links" ADD CONSTRAINT "channel_connect_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connects" ADD CONSTRAINT "channel_connects_app_id_social_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."social_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connects" ADD CONSTRAINT "channel_connects_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connects" ADD CONSTRAINT "channel_connects_link_id_channel_connect_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."channel_connect_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connect_links_token_hash_unique" ON "channel_connect_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "channel_connect_links_expires_at_idx" ON "channel_connect_links" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connects_state_hash_unique" ON "channel_connects" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "channel_connects_expires_at_idx" ON "channel_connects" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "channel_connects_link_idx" ON "channel_connects" USING btree ("link_id");