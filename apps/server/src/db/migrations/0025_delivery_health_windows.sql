-- Each website's delivery health over the last 24 hours, kept as attempts happen, so that the
-- fleet page orders the websites by one row each; filled here from the hours already kept.
CREATE TABLE "delivery_health_windows" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"duration_ms_sum" bigint DEFAULT 0 NOT NULL,
	"buckets" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_health_windows" ADD CONSTRAINT "delivery_health_windows_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "delivery_health_windows" ("website_id", "window_start", "attempts", "delivered", "failed", "duration_ms_sum", "buckets")
SELECT "website_id", date_trunc('hour', now() - interval '24 hours', 'UTC'), sum("attempts"), sum("delivered"), sum("failed"), sum("duration_ms_sum"),
       ARRAY(SELECT sum(b)::int FROM delivery_health_hours x, unnest(x.buckets) WITH ORDINALITY u(b, n)
             WHERE x.website_id = h.website_id AND x.hour >= date_trunc('hour', now() - interval '24 hours', 'UTC')
             GROUP BY n ORDER BY n)
FROM "delivery_health_hours" h
WHERE "hour" >= date_trunc('hour', now() - interval '24 hours', 'UTC')
GROUP BY "website_id";
