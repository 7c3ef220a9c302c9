CREATE TABLE "channel_websites" (
	"channel_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	CONSTRAINT "channel_websites_pk" PRIMARY KEY("channel_id","website_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"name" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"app_id" integer,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"last_refreshed_at" timestamp with time zone,
	"last_published_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"auth_url" text,
	"token_url" text,
	"api_base_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_channels" (
	"kind" text NOT NULL,
	"variant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"external_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variant_channels_pk" PRIMARY KEY("kind","variant_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD COLUMN "channel_id" integer;--> statement-breakpoint
ALTER TABLE "channel_websites" ADD CONSTRAINT "channel_websites_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_websites" ADD CONSTRAINT "channel_websites_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_app_id_social_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."social_apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_channels" ADD CONSTRAINT "variant_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_websites_website_idx" ON "channel_websites" USING btree ("website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_account_idx" ON "channels" USING btree ("network","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_default_idx" ON "channels" USING btree ("network") WHERE is_default;--> statement-breakpoint
CREATE INDEX "channels_created_at_idx" ON "channels" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "channels_name_trgm" ON "channels" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE UNIQUE INDEX "social_apps_default_idx" ON "social_apps" USING btree ("network") WHERE is_default;--> statement-breakpoint
CREATE INDEX "social_apps_created_at_idx" ON "social_apps" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "social_apps_name_trgm" ON "social_apps" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "variant_channels_channel_idx" ON "variant_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "delivery_attempts_channel_idx" ON "delivery_attempts" USING btree ("channel_id","id") WHERE channel_id IS NOT NULL;--> statement-breakpoint
-- Upgrade: each network's app credentials and account, kept until now in the fleet-wide settings,
-- become its default app and default channel, with the same (sealed) tokens, so that nothing that
-- publishes today stops. An address equal to the network's real one is left null (the default).
INSERT INTO "social_apps" ("network", "name", "client_id", "client_secret", "is_default", "api_base_url")
SELECT n.network, n.label || ' app', coalesce(client_id.value, ''), client_secret.value, true,
       NULLIF(base_url.value, n.real_base_url)
FROM (VALUES ('facebook', 'Facebook', 'https://graph.facebook.com/v23.0', NULL),
             ('twitter', 'X', 'https://api.x.com', 'client_id'),
             ('linkedin', 'LinkedIn', 'https://api.linkedin.com', NULL),
             ('tiktok', 'TikTok', 'https://open.tiktokapis.com', 'client_key'))
     AS n(network, label, real_base_url, client_id_setting)
LEFT JOIN "settings" base_url ON base_url.full_path = 'social.' || n.network || '.base_url'
LEFT JOIN "settings" client_id ON client_id.full_path = 'social.' || n.network || '.' || n.client_id_setting
LEFT JOIN "settings" client_secret ON client_secret.full_path = 'social.' || n.network || '.client_secret'
WHERE coalesce(client_id.value, '') <> ''
   OR coalesce(base_url.value, n.real_base_url) <> n.real_base_url;
--> statement-breakpoint
INSERT INTO "channels" ("network", "name", "external_id", "access_token", "refresh_token",
                        "token_expires_at", "is_default", "app_id")
SELECT n.network, n.label, coalesce(account.value, 'settings'), access_token.value, refresh_token.value,
       CASE WHEN expires_at.value ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}' THEN expires_at.value::timestamptz END,
       true, (SELECT a.id FROM "social_apps" a WHERE a.network = n.network AND a.is_default)
FROM (VALUES ('facebook', 'Facebook Page', 'page_id', 'page_access_token'),
             ('twitter', 'X account', NULL, 'access_token'),
             ('linkedin', 'LinkedIn page', 'author_urn', 'access_token'),
             ('tiktok', 'TikTok account', NULL, 'access_token'))
     AS n(network, label, account_setting, access_token_setting)
LEFT JOIN "settings" account ON account.full_path = 'social.' || n.network || '.' || n.account_setting
LEFT JOIN "settings" access_token ON access_token.full_path = 'social.' || n.network || '.' || n.access_token_setting
LEFT JOIN "settings" refresh_token ON refresh_token.full_path = 'social.' || n.network || '.refresh_token'
LEFT JOIN "settings" expires_at ON expires_at.full_path = 'social.' || n.network || '.expires_at'
WHERE coalesce(access_token.value, refresh_token.value) IS NOT NULL
  AND (n.account_setting IS NULL OR coalesce(account.value, '') <> '');
--> statement-breakpoint
DELETE FROM "settings" WHERE "full_path" IN (
  'social.facebook.base_url', 'social.facebook.page_id', 'social.facebook.page_access_token',
  'social.twitter.base_url', 'social.twitter.access_token', 'social.twitter.refresh_token',
  'social.twitter.expires_at', 'social.twitter.client_id', 'social.twitter.client_secret',
  'social.linkedin.base_url', 'social.linkedin.author_urn', 'social.linkedin.access_token',
  'social.tiktok.base_url', 'social.tiktok.access_token', 'social.tiktok.refresh_token',
  'social.tiktok.expires_at', 'social.tiktok.client_key', 'social.tiktok.client_secret');
