-- Upgrade: YouTube publishes through channels. The fleet's Google connection (Login with Google's
-- tokens, kept until now in the fleet-wide settings) becomes the fleet's YouTube channel, with the
-- same (sealed) tokens and the account id Login with Google gives it ('login-with-google'), on an
-- app record whose empty client id stands for the Google client of Settings › Google. Each is the
-- default when YouTube has none, so nothing that uploads today stops.
INSERT INTO "social_apps" ("network", "name", "client_id", "is_default", "api_base_url")
SELECT 'youtube', 'Google client (Settings › Google)', '',
       NOT EXISTS (SELECT 1 FROM "social_apps" WHERE "network" = 'youtube' AND "is_default"),
       NULLIF(base_url.value, 'https://www.googleapis.com')
FROM (VALUES (1)) AS one(n)
LEFT JOIN "settings" base_url ON base_url.full_path = 'social.youtube.base_url'
WHERE EXISTS (SELECT 1 FROM "settings"
              WHERE "full_path" IN ('social.youtube.access_token', 'social.youtube.refresh_token')
                AND "value" IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "social_apps" WHERE "network" = 'youtube' AND "client_id" = '');
--> statement-breakpoint
INSERT INTO "channels" ("network", "name", "external_id", "access_token", "refresh_token",
                        "token_expires_at", "is_default", "app_id")
SELECT 'youtube', 'YouTube (Login with Google)', 'login-with-google', access_token.value,
       refresh_token.value,
       CASE WHEN expires_at.value ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}' THEN expires_at.value::timestamptz END,
       NOT EXISTS (SELECT 1 FROM "channels" WHERE "network" = 'youtube' AND "is_default"),
       (SELECT a.id FROM "social_apps" a WHERE a.network = 'youtube' AND a.client_id = ''
        ORDER BY a.id LIMIT 1)
FROM (VALUES (1)) AS one(n)
LEFT JOIN "settings" access_token ON access_token.full_path = 'social.youtube.access_token'
LEFT JOIN "settings" refresh_token ON refresh_token.full_path = 'social.youtube.refresh_token'
LEFT JOIN "settings" expires_at ON expires_at.full_path = 'social.youtube.expires_at'
WHERE coalesce(access_token.value, refresh_token.value) IS NOT NULL
ON CONFLICT ("network", "external_id") DO NOTHING;
--> statement-breakpoint
DELETE FROM "settings" WHERE "full_path" IN (
  'social.youtube.base_url', 'social.youtube.access_token', 'social.youtube.refresh_token',
  'social.youtube.expires_at');
