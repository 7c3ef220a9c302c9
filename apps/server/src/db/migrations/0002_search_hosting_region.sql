CREATE INDEX "instances_region_trgm" ON "instances" USING gin ("region" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_hosting_trgm" ON "websites" USING gin ("hosting" gin_trgm_ops);