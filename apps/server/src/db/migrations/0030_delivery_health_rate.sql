-- The fleet page orders the websites worst first. Each kept window's success rate, kept by the
-- database and indexed, gives that page without ordering every website, once every window has
-- rolled to the window's first hour (which the start's index tells at once).
ALTER TABLE "delivery_health_windows" ADD COLUMN "success_rate" double precision GENERATED ALWAYS AS (CASE WHEN delivered + failed = 0 THEN NULL ELSE delivered::float8 / (delivered + failed) END) STORED;--> statement-breakpoint
CREATE INDEX "delivery_health_windows_rate_idx" ON "delivery_health_windows" USING btree ("success_rate","website_id") WHERE success_rate IS NOT NULL;--> statement-breakpoint
CREATE INDEX "delivery_health_windows_start_idx" ON "delivery_health_windows" USING btree ("window_start");
