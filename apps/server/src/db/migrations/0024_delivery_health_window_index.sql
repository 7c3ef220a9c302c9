-- The fleet's delivery health sums each website's counts over the window's hours: with the counts
-- in the hour index, that sum is one index-only scan instead of a visit to every row of the window.
DROP INDEX IF EXISTS "delivery_health_hours_hour_idx";--> statement-breakpoint
CREATE INDEX "delivery_health_hours_hour_idx" ON "delivery_health_hours" USING btree ("hour") INCLUDE ("website_id","attempts","delivered","failed");
